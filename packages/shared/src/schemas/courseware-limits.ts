/**
 * Limits of the courseware: items, their lists and files, search and the documents read for it (000 §5, §9).
 * Re-exported by `limits.ts`: import them from `@portal/shared/limits`.
 */

export const CONTENT_NAME_MAX = 1000;
export const DESCRIPTION_MAX = 100_000;
export const CHILD_NAME_MAX = 1000;
export const FILE_NAME_MAX = 120;
export const CONTRIBUTOR_FIELD_MAX = 1000;
export const FEEDBACK_MESSAGE_MAX = 1000;
export const SCREENSHOT_MAX_BYTES = 1_000_000;
export const SCREENSHOT_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif'] as const;
export const SEARCH_TEXT_MIN = 2;
export const SEARCH_TEXT_MAX = 256;
export const TAGS_PER_CONTENT_MAX = 20;
export const TAG_LENGTH_MAX = 50;
export const CONTENT_LIST_PAGE_SIZE = 300;
export const CONTRIBUTOR_LIST_LIMIT = 1000;
export const KNOWLEDGE_FETCH_SIZE = 10_000;
export const ZIP_POLL_INTERVAL_MS = 5000;
export const SINGLE_DOWNLOAD_WAIT_MS = 250;
export const UPDATED_CONTENT_CUTOFF_DAYS = 90;
export const DATE_FORMAT = 'YYYY-MM-DD';
export const ADMIN_ROWS_PER_PAGE = [25, 50, 100, 'All'] as const;
export const SEARCH_CHIP_TEXT_MAX = 30;
export const COMBOBOX_BLUR_CLOSE_MS = 200;
export const MENU_MAX_HEIGHTS = [600, 400] as const;
export const RESULT_DESCRIPTION_TRIM = 80;
export const IMPLEMENTED_KSA_COUNT = 255;
export const IMPLEMENTED_KU_COUNT = 34;
export const PORTRAIT_DATA_MAX = 10_000_000_000;

/** Deepest level a walk up or down the courseware hierarchy goes (courseware is a handful of levels deep). */
export const TREE_DEPTH_MAX = 50;

/** Results per page on the courseware landing page ("a configured value, not shown": ours). */
export const COURSEWARE_LANDING_PAGE_SIZE = 10;
/** Most results a page of search may ask for. */
export const SEARCH_PAGE_SIZE_MAX = 100;
/**
 * Text search ranks at most this many candidates (best name matches first) and pages through them;
 * a query that matches more is told so with `isCapped` and should be narrowed with filters.
 */
export const SEARCH_CANDIDATE_CAP = 1000;
/**
 * How long a worked-out search (its plan, and its ranked candidates for paging) is kept, in seconds:
 * long enough to page through the results; a change to the catalogue ends it sooner.
 */
export const SEARCH_CACHE_TTL_SECONDS = 600;
/**
 * Most entries (plans and rankings, two per query at most) `search_cache` holds; a write past it removes
 * the oldest. A ranking of the demo data's 102 labs takes about 5 kB, one of SEARCH_CANDIDATE_CAP
 * candidates about 50 kB, so the table stays under about 50 MB even if every entry were a full ranking.
 */
export const SEARCH_CACHE_ENTRIES_MAX = 1000;
/**
 * Most first-page sightings kept (issue 33: a search is kept only when seen twice in a generation); a
 * sighting is a digest and a count, about 110 bytes (400 with its index entries).
 */
export const SEARCH_SIGHTINGS_MAX = 10_000;
/** How often a job worker deletes kept searches and sightings past their TTL or generation. */
export const SEARCH_CACHE_SWEEP_INTERVAL_MS = 60_000;
/**
 * Searches a signed-out client (a network address, an IPv6 client by its /64) may make within
 * SEARCH_ANONYMOUS_RATE_WINDOW_MS. A class of 40 behind one school address, each student searching as
 * fast as a person reads, needs at most about 1,000 a minute (measured: docs/security.md, Limits).
 */
export const SEARCH_ANONYMOUS_RATE_MAX = 1200;
export const SEARCH_ANONYMOUS_RATE_WINDOW_MS = 60_000;
/** Trigram similarity a vocabulary word must reach to stand in for a misspelt search term. */
export const FUZZY_SIMILARITY_MIN = 0.35;
/** Most entries of one list (sections, children, files, knowledge items, contributors) in one save. */
export const CONTENT_LIST_ENTRIES_MAX = 1000;
/**
 * "Not later than today" for last-curated dates (000 §5) is checked against the latest calendar date
 * anywhere on Earth (UTC+14), so a curator in any time zone may pick their own today.
 */
export const LATEST_UTC_OFFSET_HOURS = 14;
/** Deepest paragraph indent of the rich-text editor (kept as `data-indent` 1…4 on a paragraph). */
export const RICH_TEXT_INDENT_MAX = 4;
/** At most this many knowledge items or contributors are rendered in an add list; typing narrows it. */
export const PICKER_OPTIONS_MAX = 50;
/** Id or alias segments may not be longer than this (a URL alias is a name of at most 1000, hyphenated, plus its parents). */
export const ID_OR_ALIAS_MAX = 2048;

/** Characters of a courseware file's text kept for search (a longer document is searched by its start). */
export const DOCUMENT_TEXT_MAX = 200_000;
/** Bytes of a courseware file read for its text; a bigger file is not read for search. */
export const DOCUMENT_EXTRACT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Longest one document's text is read for, in milliseconds (issue 20 "Untrusted files"): its worker
 * thread is stopped after it and the file is marked "text not extracted". DOCUMENT_TEXT_TIMEOUT_MS.
 */
export const DOCUMENT_TEXT_TIMEOUT_MS_DEFAULT = 30_000;
/** Heap of the worker thread that reads a document's text, in MB (DOCUMENT_TEXT_MEMORY_MB). */
export const DOCUMENT_TEXT_MEMORY_MB_DEFAULT = 256;
/** Words around the found words in a document snippet of a search result (ts_headline). */
export const SNIPPET_WORDS_MIN = 12;
export const SNIPPET_WORDS_MAX = 28;
/** Acronym expansions tried per search (curated and learned), and the longest expansion in words. */
export const ACRONYM_EXPANSIONS_MAX = 4;
export const ACRONYM_WORDS_MAX = 8;
/** Letters of an acronym learned from the catalogue's texts. */
export const ACRONYM_LETTERS_MIN = 2;
export const ACRONYM_LETTERS_MAX = 8;
/** Characters of a document from whose start its snippet is taken (ts_headline reads all it is given). */
export const DOCUMENT_SNIPPET_SOURCE_MAX = 60_000;
/** Revisions of an item in one page of its history (issue 37), by default and at most. */
export const CONTENT_REVISIONS_PAGE_SIZE = 20;
export const CONTENT_REVISIONS_PAGE_SIZE_MAX = 100;
