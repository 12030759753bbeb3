/**
 * Limits of knowledge: its ids, the coverage matrix and alignment suggestions (issue 25).
 * Re-exported by `limits.ts`: import them from `@portal/shared/limits`.
 */

/** Uncovered statements listed with each work role of the coverage matrix, most specific first (issue 25). */
export const COVERAGE_GAPS_PREVIEW = 5;
/** How long a computed coverage matrix may serve at most, in milliseconds (work roles change only by import). */
export const COVERAGE_CACHE_MS = 60_000;
/** A page of a work role's gaps (GET /coverage/work-roles/{id}/gaps): the default and largest size. */
export const COVERAGE_GAPS_PAGE_SIZE = 25;
export const COVERAGE_GAPS_PAGE_MAX = 100;

/**
 * Suggested alignments for curators (issue 25). At most ALIGNMENT_SUGGESTIONS_MAX suggestions, no more
 * than ALIGNMENT_SUGGESTIONS_PER_TYPE_MAX of one knowledge type (so TKS, of which there are 2,000, do not
 * crowd out KUs and CyBOK areas); each names up to ALIGNMENT_MATCHED_WORDS_MAX words that matched.
 * The neighbour vote reads the ALIGNMENT_NEIGHBOURS aligned items most similar to the item, found by a
 * full-text query of its ALIGNMENT_KEY_TERMS most telling words; a word's document frequency is counted
 * up to ALIGNMENT_DOCUMENT_FREQUENCY_CAP items (any more and it is common anyway).
 * A suggestion's score is ALIGNMENT_TEXT_WEIGHT × its text similarity (relative to the best statement
 * of the item) + (1 − ALIGNMENT_TEXT_WEIGHT) × the neighbours' vote; below ALIGNMENT_SCORE_MIN it is not
 * offered. Fixed by reasoning, not tuned on the benchmark's held-out lab sheets.
 */
export const ALIGNMENT_SUGGESTIONS_MAX = 10;
export const ALIGNMENT_SUGGESTIONS_PER_TYPE_MAX = 4;
export const ALIGNMENT_MATCHED_WORDS_MAX = 6;
export const ALIGNMENT_NEIGHBOURS = 8;
export const ALIGNMENT_KEY_TERMS = 16;
/** Of the item's words that some statement has, how many (most frequent first) the text signal weighs. */
export const ALIGNMENT_SHARED_TERMS = 200;
export const ALIGNMENT_DOCUMENT_FREQUENCY_CAP = 1000;
export const ALIGNMENT_TEXT_WEIGHT = 0.5;
export const ALIGNMENT_SCORE_MIN = 0.1;

/** The longest knowledge id (`tks-T0084`, `cybok-WAM`…) and NICE work role id the API takes (patterns.ts). */
export const KNOWLEDGE_ID_MAX = 64;
export const WORK_ROLE_ID_MAX = 32;
