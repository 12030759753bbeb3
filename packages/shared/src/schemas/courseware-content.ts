/**
 * Courseware content as read (000 §3): the content item with its children, sections, files and
 * knowledge, the admin list, and the files of a tree. Routes declare these; the web app parses
 * responses with them.
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
import { CONTENT_LIST_PAGE_SIZE, ID_OR_ALIAS_MAX } from '../limits.js';
import {
  IsoDateSchema,
  PageTokenSchema,
  QueryBooleanSchema,
  TimestampSchema,
  UuidSchema,
  pageOf,
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
  /**
   * Why the file's text could not be read for search ("the document took longer than 30 seconds to
   * read."), issue 20; given only to callers who may update content, and only when it failed.
   */
  textNotExtracted: z.string().optional(),
});
export type ContentFile = z.infer<typeof ContentFileSchema>;

/** A CyBOK topic of an alignment, with its keywords, as a lab sheet's front matter names them (issue 25). */
export const CybokTopicSchema = z.object({
  topic: z.string(),
  keywords: z.array(z.string()),
});
export type CybokTopic = z.infer<typeof CybokTopicSchema>;

/** 000 §3 ksas / kus / tkss entry (and cybokAreas, issue 25), with the item's text for display. */
export const ContentKnowledgeSchema = z.object({
  id: KnowledgeIdSchema,
  index: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.enum(KNOWLEDGE_TYPES),
  /** CyBOK alignments: the knowledge area's topics the item covers (empty when none were named). */
  topics: z.array(CybokTopicSchema).optional(),
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
  /** CyBOK 1.1 knowledge areas (issue 25). */
  cybokAreas: z.array(ContentKnowledgeSchema),
  contributors: z.array(ContributorSchema),
  includes: z.array(z.string()),
  lastCuratedTimestamps: LastCuratedSchema,
  source: ContentSourceSchema.nullable(),
  /** How many lessons (with artifacts) the item has. */
  lessonCount: z.number().int(),
  createdTimestamp: TimestampSchema,
  modifiedTimestamp: TimestampSchema,
  /** Incremented by every save; a save must send the version it was based on (409 when stale). */
  version: z.number().int(),
  /** Who saved last (issue 4: history), null for imported items never saved since. */
  modifiedBy: z.object({ displayName: z.string() }).nullable(),
  /**
   * For a signed-in caller who downloaded the item (issue 37 "My downloads"): whether its fields or files
   * were saved after their last download; absent for visitors and items they never downloaded.
   */
  changedSinceDownload: z.boolean().optional(),
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
  /**
   * Set when the item matched by the text of its files rather than by its name, keywords or
   * description: the file's display name, and a snippet of it only for a caller who may open it.
   */
  documentMatch: z
    .object({
      fileName: z.string(),
      /** The words around the found words (isMatch), in order; null when the caller may not open the file. */
      snippet: z.array(z.object({ text: z.string(), isMatch: z.boolean() })).nullable(),
    })
    .nullable()
    .optional(),
  /**
   * With a work-role search (issue 25): how many of the role's TKS statements the item is aligned to,
   * of how many the role has ("7 of 97 TKS").
   */
  workRoleCoverage: z.object({ matched: z.number().int(), total: z.number().int() }).optional(),
  /**
   * For a signed-in caller who downloaded the item (issue 37 "My downloads"): whether its fields or files
   * were saved after their last download; absent for visitors and items they never downloaded.
   */
  changedSinceDownload: z.boolean().optional(),
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

export const ContentListPageSchema = pageOf(ContentListItemSchema);
export type ContentListPage = z.infer<typeof ContentListPageSchema>;

export const ContentFilesQuerySchema = z.object({ children: QueryBooleanSchema });

/** A file of an item or of one of its descendants, with the item it belongs to. */
export const TreeFileSchema = ContentFileSchema.extend({
  contentId: UuidSchema,
  contentName: z.string(),
});
export type TreeFile = z.infer<typeof TreeFileSchema>;
export const ContentFilesResponseSchema = z.object({ files: z.array(TreeFileSchema) });
export type ContentFilesResponse = z.infer<typeof ContentFilesResponseSchema>;
