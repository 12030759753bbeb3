/**
 * Courseware contract (000 §3, §5, §7): content detail, list, search with facets, files of a tree.
 * Routes declare these; the web app parses responses and builds queries with them.
 */
import { z } from 'zod';
import {
  CONTENT_CATEGORIES,
  CONTENT_STATUSES,
  CONTENT_TAGS,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  KNOWLEDGE_TYPES,
} from '../enums.js';
import {
  CONTENT_LIST_PAGE_SIZE,
  COURSEWARE_LANDING_PAGE_SIZE,
  ID_OR_ALIAS_MAX,
  SEARCH_PAGE_SIZE_MAX,
  SEARCH_TEXT_MAX,
  SEARCH_TEXT_MIN,
} from '../limits.js';
import { MESSAGES } from '../errors.js';
import {
  IsoDateSchema,
  PageTokenSchema,
  QueryBooleanSchema,
  TimestampSchema,
  UuidSchema,
  commaList,
} from './common.js';
import { KnowledgeIdSchema } from './knowledge.js';
import { ContributorSchema } from './contributors.js';

export const ContentStatusSchema = z.enum(CONTENT_STATUSES);
export const ContentCategorySchema = z.enum(CONTENT_CATEGORIES);
export const EducationLevelSchema = z.enum(EDUCATION_LEVELS);
export const ExperienceLevelSchema = z.enum(EXPERIENCE_LEVELS);
export const ContentTagSchema = z.enum(CONTENT_TAGS);

/** Path parameter: a content id or URL alias, lower-cased by the client (000 §2). */
export const IdOrAliasSchema = z
  .string()
  .min(1)
  .max(ID_OR_ALIAS_MAX)
  // No control characters (a NUL would reach the database).
  .refine((v) => !/[\p{Cc}]/u.test(v), 'Not a valid id or alias');

/** Where an imported item comes from and under which licence (MANIFEST; required by the licences). */
export const ContentSourceSchema = z.object({
  name: z.string(),
  url: z.string(),
  license: z.string(),
  licenseUrl: z.string().nullable(),
  author: z.string().nullable(),
});
export type ContentSource = z.infer<typeof ContentSourceSchema>;

export const ContentRefSchema = z.object({ id: UuidSchema, name: z.string(), urlAlias: z.string() });
export type ContentRef = z.infer<typeof ContentRefSchema>;

/** 000 §3 children entry. */
export const ContentChildSchema = z.object({
  id: UuidSchema,
  index: z.number().int(),
  name: z.string(),
  category: z.string(),
  categories: z.array(ContentCategorySchema),
  tags: z.array(ContentTagSchema),
  status: ContentStatusSchema,
  urlAlias: z.string(),
});
export type ContentChild = z.infer<typeof ContentChildSchema>;

/** 000 §3 sections entry. */
export const ContentSectionSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  description: z.string(),
  index: z.number().int(),
});
export type ContentSection = z.infer<typeof ContentSectionSchema>;

/** 000 §3 files entry (of one content item). */
export const ContentFileSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  filename: z.string(),
  type: z.string(),
  size: z.number().int(),
});
export type ContentFile = z.infer<typeof ContentFileSchema>;

/** 000 §3 ksas / kus / tkss entry, with the item's text for display. */
export const ContentKnowledgeSchema = z.object({
  id: KnowledgeIdSchema,
  index: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.enum(KNOWLEDGE_TYPES),
});
export type ContentKnowledge = z.infer<typeof ContentKnowledgeSchema>;

export const LastCuratedSchema = z.object({
  courseware: IsoDateSchema.nullable(),
  environment: IsoDateSchema.nullable(),
});

/** The full content item (000 §3 Content). */
export const ContentSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  urlAlias: z.string(),
  status: ContentStatusSchema,
  tags: z.array(ContentTagSchema),
  /** Search keywords (DESIGN.md: their own column). */
  keywords: z.array(z.string()),
  categories: z.array(ContentCategorySchema),
  /** The categories as a comma list (000 §3 category). */
  category: z.string(),
  educationLevels: z.array(EducationLevelSchema),
  experienceLevels: z.array(ExperienceLevelSchema),
  parentId: UuidSchema.nullable(),
  /** The parent chain, top-most first (for breadcrumbs). */
  ancestors: z.array(ContentRefSchema),
  children: z.array(ContentChildSchema),
  sections: z.array(ContentSectionSchema),
  files: z.array(ContentFileSchema),
  ksas: z.array(ContentKnowledgeSchema),
  kus: z.array(ContentKnowledgeSchema),
  tkss: z.array(ContentKnowledgeSchema),
  contributors: z.array(ContributorSchema),
  includes: z.array(z.string()),
  lastCuratedTimestamps: LastCuratedSchema,
  source: ContentSourceSchema.nullable(),
  /** How many lessons (with artifacts) the item has. */
  lessonCount: z.number().int(),
  createdTimestamp: TimestampSchema,
  modifiedTimestamp: TimestampSchema,
});
export type Content = z.infer<typeof ContentSchema>;

/** One search result. */
export const ContentSummarySchema = z.object({
  id: UuidSchema,
  name: z.string(),
  urlAlias: z.string(),
  status: ContentStatusSchema,
  categories: z.array(ContentCategorySchema),
  category: z.string(),
  tags: z.array(ContentTagSchema),
  educationLevels: z.array(EducationLevelSchema),
  experienceLevels: z.array(ExperienceLevelSchema),
  /** Plain-text description, at most a few hundred characters; the page trims further. */
  summary: z.string(),
  /** Name of the top-most ancestor (the course), if any. */
  courseName: z.string().nullable(),
  modifiedTimestamp: TimestampSchema,
});
export type ContentSummary = z.infer<typeof ContentSummarySchema>;

/** Admin listing item (000 §3 Content list item). */
export const ContentListItemSchema = z.object({
  id: UuidSchema,
  urlAlias: z.string(),
  name: z.string(),
  status: ContentStatusSchema,
  categories: z.array(ContentCategorySchema),
  contributors: z.array(UuidSchema),
  createdTimestamp: TimestampSchema,
  modifiedTimestamp: TimestampSchema,
});
export type ContentListItem = z.infer<typeof ContentListItemSchema>;

/** 000 §3 Content filter for listing. */
export const ListContentQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CONTENT_LIST_PAGE_SIZE).default(CONTENT_LIST_PAGE_SIZE),
  condense: QueryBooleanSchema,
  archived: QueryBooleanSchema,
  available: QueryBooleanSchema,
  nextPageToken: PageTokenSchema.optional(),
});
export type ListContentQuery = z.infer<typeof ListContentQuerySchema>;

export const ContentListPageSchema = z.object({
  items: z.array(ContentListItemSchema),
  nextPageToken: z.string().nullable(),
});
export type ContentListPage = z.infer<typeof ContentListPageSchema>;

/** The search text: trimmed, 2 to 256 characters (000 §5). */
export const SearchTextSchema = z
  .string()
  .trim()
  .min(SEARCH_TEXT_MIN, MESSAGES.searchMin)
  .max(SEARCH_TEXT_MAX, `Search text may be at most ${SEARCH_TEXT_MAX} characters.`);

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
  contributorIds: commaList(UuidSchema),
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
  facets: SearchFacetsSchema,
});
export type SearchContentResponse = z.infer<typeof SearchContentResponseSchema>;

export const ContentFilesQuerySchema = z.object({ children: QueryBooleanSchema });

/** A file of an item or of one of its descendants, with the item it belongs to. */
export const TreeFileSchema = ContentFileSchema.extend({
  contentId: UuidSchema,
  contentName: z.string(),
});
export const ContentFilesResponseSchema = z.object({ files: z.array(TreeFileSchema) });
export type ContentFilesResponse = z.infer<typeof ContentFilesResponseSchema>;

/**
 * Keys of the landing page's query string (000 §2) and the search filter field each restores.
 */
export const SEARCH_URL_KEYS = {
  q: 'q',
  edu: 'educationLevels',
  exp: 'experienceLevels',
  cat: 'contentCategories',
  ksas: 'ksaIds',
  kus: 'kuIds',
  tkss: 'tksIds',
  cid: 'contributorIds',
  new: 'newOrUpdatedContent',
  tag: 'tags',
} as const satisfies Record<string, keyof SearchContentQuery>;
