/**
 * Courseware search (000 §3 Content filter, §5): the search text, the query, the facets and the
 * answer, and the landing page's query-string keys.
 */
import { z } from 'zod';
import {
  COURSEWARE_LANDING_PAGE_SIZE,
  SEARCH_PAGE_SIZE_MAX,
  SEARCH_TEXT_MAX,
  SEARCH_TEXT_MIN,
} from '../limits.js';
import { MESSAGES } from '../errors.js';
import { PageTokenSchema, QueryBooleanSchema, UuidSchema, commaList } from './common.js';
import { KnowledgeIdSchema, WorkRoleIdSchema } from './knowledge.js';
import {
  ContentCategorySchema,
  EducationLevelSchema,
  ExperienceLevelSchema,
  ContentTagSchema,
  ContentSummarySchema,
} from './courseware-content.js';

/** The search text: trimmed, 2 to 256 characters (000 §5). */
export const SearchTextSchema = z
  .string()
  .trim()
  .min(SEARCH_TEXT_MIN, MESSAGES.searchMin)
  .max(SEARCH_TEXT_MAX, MESSAGES.searchMax);

/** 000 §3 Content filter for search; arrays arrive as comma lists. */
export const SearchContentQuerySchema = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    SearchTextSchema.optional(),
  ),
  educationLevels: commaList(EducationLevelSchema),
  experienceLevels: commaList(ExperienceLevelSchema),
  contentCategories: commaList(ContentCategorySchema),
  ksaIds: commaList(KnowledgeIdSchema),
  kuIds: commaList(KnowledgeIdSchema),
  tksIds: commaList(KnowledgeIdSchema),
  /** CyBOK knowledge areas (`cybok-WAM`), issue 25. */
  cybokIds: commaList(KnowledgeIdSchema),
  contributorIds: commaList(UuidSchema),
  /**
   * A NICE work role (`PD-WRL-007`), issue 25: only items aligned to its TKS, and without text ranked by
   * specificity (the sum over matched statements of ln(work roles / roles of the statement)).
   */
  workRole: z.preprocess((v) => (v === '' ? undefined : v), WorkRoleIdSchema.optional()),
  newOrUpdatedContent: QueryBooleanSchema,
  tags: commaList(ContentTagSchema),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(COURSEWARE_LANDING_PAGE_SIZE),
  nextPageToken: PageTokenSchema.optional(),
});
export type SearchContentQuery = z.infer<typeof SearchContentQuerySchema>;

/** Counts per filter value over everything the query matches. */
export const SearchFacetsSchema = z.object({
  contentCategories: z.record(z.string(), z.number().int()),
  educationLevels: z.record(z.string(), z.number().int()),
  experienceLevels: z.record(z.string(), z.number().int()),
  tags: z.record(z.string(), z.number().int()),
});
export type SearchFacets = z.infer<typeof SearchFacetsSchema>;

export const SearchContentResponseSchema = z.object({
  items: z.array(ContentSummarySchema),
  nextPageToken: z.string().nullable(),
  /** Items matched (at most the candidate cap when isCapped). */
  total: z.number().int(),
  /** True when a text query matched more items than are ranked. */
  isCapped: z.boolean(),
  /** Set when a misspelt term was replaced by words of the catalogue. */
  correctedQuery: z.string().nullable(),
  /**
   * True when no item had every word, so items with most of them are shown, ordered by how many
   * words they have, then by relevance.
   */
  isPartialMatch: z.boolean().optional(),
  /** Expansions or acronyms of the query's words that were searched as well ("Also searched for: …"). */
  alsoSearchedFor: z.array(z.string()).optional(),
  facets: SearchFacetsSchema,
});
export type SearchContentResponse = z.infer<typeof SearchContentResponseSchema>;

// The landing page's query-string keys live in search-url.ts, without zod (issue 22).
export { SEARCH_URL_KEYS } from '../search-url.js';
