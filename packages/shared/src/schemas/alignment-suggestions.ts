/**
 * Suggested alignments for curators (issue 25): what the content editor's "Suggest alignments" shows,
 * and the curator's accept or reject of each, which the server records.
 */
import { z } from 'zod';
import { ALIGNMENT_DECISIONS, KNOWLEDGE_TYPES } from '../enums.js';
import { ALIGNMENT_MATCHED_WORDS_MAX, ALIGNMENT_SUGGESTIONS_MAX } from '../limits.js';
import { UuidSchema } from './common.js';
import { KnowledgeIdSchema } from './knowledge.js';

/** A score between 0 and 1. */
const UnitScoreSchema = z.number().min(0).max(1);

/** One suggested TKS, KSA, KU or CyBOK area for an item, with why it was suggested. */
export const AlignmentSuggestionSchema = z.object({
  knowledgeId: KnowledgeIdSchema,
  type: z.enum(KNOWLEDGE_TYPES),
  code: z.string(),
  name: z.string(),
  /** The combined score (0–1) the suggestions are ordered by. */
  score: UnitScoreSchema,
  /** How closely the item's text matches the statement, relative to the item's best match (0–1). */
  textScore: UnitScoreSchema,
  /** The share of the most similar aligned items that carry this alignment, weighted by similarity (0–1). */
  neighbourScore: UnitScoreSchema,
  /** The statement's words found in the item's text, most telling first. */
  matchedWords: z.array(z.string()).max(ALIGNMENT_MATCHED_WORDS_MAX),
  /** Names of the similar items that carry this alignment (the neighbours' vote). */
  neighbours: z.array(z.string()),
});
export type AlignmentSuggestion = z.infer<typeof AlignmentSuggestionSchema>;

/**
 * GET /content/{id}/alignment-suggestions: at most ALIGNMENT_SUGGESTIONS_MAX suggestions, best first, never
 * one the item already has nor one a curator rejected for it. One short answer, so never paged
 * (`nextPageToken` is always null).
 */
export const AlignmentSuggestionListSchema = z.object({
  items: z.array(AlignmentSuggestionSchema).max(ALIGNMENT_SUGGESTIONS_MAX),
  nextPageToken: z.null(),
});
export type AlignmentSuggestionList = z.infer<typeof AlignmentSuggestionListSchema>;

/** POST /content/{id}/alignment-decisions: the curator's choice on one suggestion. */
export const AlignmentDecisionRequestSchema = z.object({
  knowledgeId: KnowledgeIdSchema,
  decision: z.enum(ALIGNMENT_DECISIONS),
  /** The suggestion's score when it was shown, kept to measure the suggestions. */
  score: UnitScoreSchema,
  /** Its place in the list shown (1 = first). */
  rank: z.number().int().min(1).max(ALIGNMENT_SUGGESTIONS_MAX),
});
export type AlignmentDecisionRequest = z.infer<typeof AlignmentDecisionRequestSchema>;

/** A recorded decision. */
export const AlignmentDecisionSchema = AlignmentDecisionRequestSchema.extend({
  contentId: UuidSchema,
  decidedAt: z.iso.datetime({ offset: true }),
});
export type AlignmentDecisionRecord = z.infer<typeof AlignmentDecisionSchema>;
