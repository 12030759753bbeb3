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
  CHILD_NAME_MAX,
  CONTENT_LIST_ENTRIES_MAX,
  CONTENT_LIST_PAGE_SIZE,
  CONTENT_NAME_MAX,
  COURSEWARE_LANDING_PAGE_SIZE,
  DESCRIPTION_MAX,
  ID_OR_ALIAS_MAX,
  LATEST_UTC_OFFSET_HOURS,
  TAGS_PER_CONTENT_MAX,
  TAG_LENGTH_MAX,
  SEARCH_PAGE_SIZE_MAX,
  SEARCH_TEXT_MAX,
  SEARCH_TEXT_MIN,
} from '../limits.js';
import { MESSAGES } from '../errors.js';
import { stripHtmlTags, trimCharacters } from '../text.js';
import {
  IsoDateSchema,
  PageTokenSchema,
  QueryBooleanSchema,
  TimestampSchema,
  UUID_PATTERN,
  UuidSchema,
  commaList,
  pageOf,
} from './common.js';
import { KnowledgeIdSchema } from './knowledge.js';
import { ContributorSchema } from './contributors.js';
import { FileNameSchema } from './files.js';

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
  /** Incremented by every save; a save must send the version it was based on (409 when stale). */
  version: z.number().int(),
  /** Who saved last (issue 4: history), null for imported items never saved since. */
  modifiedBy: z.object({ displayName: z.string() }).nullable(),
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

export const ContentFilesQuerySchema = z.object({ children: QueryBooleanSchema });

/** A file of an item or of one of its descendants, with the item it belongs to. */
export const TreeFileSchema = ContentFileSchema.extend({
  contentId: UuidSchema,
  contentName: z.string(),
});
export type TreeFile = z.infer<typeof TreeFileSchema>;
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

// ---------------------------------------------------------------------------------------------------
// Writes (000 §4, §5, §7; issue 4): create, update, status, delete. The server validates with these and
// the edit form validates with the same schemas before it sends anything.

/** "Web Security: Cross-Site Scripting" → "web-security-cross-site-scripting" (000 §5). */
export function hyphenate(name: string): string {
  return trimCharacters(
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-'),
    '-',
  );
}

/** The alias of a child of `parentAlias` named `name`: the parent alias, a slash, the hyphenated name (000 §5). */
export function childAlias(parentAlias: string, name: string): string {
  return `${parentAlias}/${hyphenate(name)}`;
}

/** The alias a new item gets unless edited: hyphenated name, under its parent's alias for a child (000 §5). */
export function defaultAlias(name: string, parentAlias?: string | null): string {
  return parentAlias ? childAlias(parentAlias, name) : hyphenate(name);
}

/** Lower-case letters and digits in hyphenated words, parts joined by '/'. */
export const URL_ALIAS_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** A URL alias as stored (000 §2, §5): unique, shown with the prefix /courseware/. */
export const UrlAliasSchema = z
  .string()
  .trim()
  .min(1, 'URL alias is required.')
  .max(ID_OR_ALIAS_MAX, `URL alias may be at most ${ID_OR_ALIAS_MAX} characters.`)
  .regex(URL_ALIAS_PATTERN, 'Use lower-case letters, digits and hyphens, with / between parts.')
  // An id-shaped alias could never be opened: ids are looked up first.
  .refine((v) => !UUID_PATTERN.test(v), 'A URL alias may not look like a content id.');

/** Content name: required (000 §5); at most CONTENT_NAME_MAX. */
export const ContentNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required.')
  .max(CONTENT_NAME_MAX, `Name may be at most ${CONTENT_NAME_MAX} characters.`);

/** Child and section name: required, at most 1000 (000 §5). */
export const ChildNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required.')
  .max(CHILD_NAME_MAX, `Name may be at most ${CHILD_NAME_MAX} characters.`);

/**
 * True when an HTML fragment shows nothing: no text and no image (an empty editor gives `<p></p>`);
 * `&nbsp;` and `&#160;` count as spaces. Linear in the length of `html` (issue 20: the former
 * `/<[^>]*>/g` took seconds on a run of `<`), so it may run on any body a schema admits.
 */
export function isBlankHtml(html: string): boolean {
  return (
    !/<img\b/i.test(html) &&
    stripHtmlTags(html)
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  );
}

/** Rich-text HTML of a section: at most DESCRIPTION_MAX characters; sanitised by the server. */
export const RichTextSchema = z
  .string()
  .max(DESCRIPTION_MAX, `Description may be at most ${DESCRIPTION_MAX} characters.`);

/** Description HTML: required, at most 100000 characters (000 §5). */
export const DescriptionSchema = RichTextSchema.refine((v) => !isBlankHtml(v), 'Description is required.');

/**
 * Distinct values in first-seen order: trimmed, empty ones dropped, repeats compared case-insensitively
 * (the first spelling is kept). Search keywords are saved so (000 §5); the demo import uses it for names.
 */
export function distinctIgnoringCase(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const value of values) {
    const keyword = value.trim();
    const key = keyword.toLowerCase();
    if (!keyword || seen.has(key)) continue;
    seen.add(key);
    result.push(keyword);
  }
  return result;
}

/** One search keyword: at most 50 characters (000 §5). */
export const KeywordSchema = z
  .string()
  .max(TAG_LENGTH_MAX, `A search keyword may be at most ${TAG_LENGTH_MAX} characters.`);

/** Search keywords: normalised, then at most 20 of at most 50 characters (000 §5). */
export const KeywordsSchema = z
  .array(z.string())
  .max(CONTENT_LIST_ENTRIES_MAX)
  .transform((values) => distinctIgnoringCase(values))
  .pipe(
    z
      .array(KeywordSchema)
      .max(TAGS_PER_CONTENT_MAX, `At most ${TAGS_PER_CONTENT_MAX} search keywords may be given.`),
  );

/** The latest calendar date anywhere on Earth, YYYY-MM-DD (see LATEST_UTC_OFFSET_HOURS). */
export function latestToday(now: Date = new Date()): string {
  const hourMs = 3_600_000;
  return new Date(now.getTime() + LATEST_UTC_OFFSET_HOURS * hourMs).toISOString().slice(0, 10);
}

/** True for a real calendar date in YYYY-MM-DD (2024-02-30 is not). */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A last-curated date: YYYY-MM-DD, a real date, not later than today (000 §5). */
export const LastCuratedDateSchema = IsoDateSchema.refine(isCalendarDate, 'Not a real date.').refine(
  (value) => value <= latestToday(),
  'The date may not be later than today.',
);

/** Each value at most once. */
function uniqueList<T extends z.ZodType>(item: T, label: string) {
  return z
    .array(item)
    .max(CONTENT_LIST_ENTRIES_MAX)
    .refine((values) => new Set(values).size === values.length, `${label} may not repeat.`);
}

/** Knowledge ids of one type, in display order (their index). */
function knowledgeIdsOf(prefix: 'tks' | 'ksa' | 'ku', label: string) {
  return uniqueList(
    KnowledgeIdSchema.refine((id) => id.startsWith(`${prefix}-`), `Not a ${label} item.`),
    `${label} items`,
  );
}

/** A section in the edit form: an existing one keeps its id (000 §3 sections entry). */
export const ContentSectionInputSchema = z.object({
  id: UuidSchema.optional(),
  name: ChildNameSchema,
  description: RichTextSchema,
});
export type ContentSectionInput = z.infer<typeof ContentSectionInputSchema>;

/**
 * A child in the edit form: an existing child (id) is renamed or moved; one without an id is a new
 * child module (000 §2 "create a child module"). Children left out are not changed.
 */
export const ContentChildInputSchema = z.object({
  id: UuidSchema.optional(),
  name: ChildNameSchema,
});
export type ContentChildInput = z.infer<typeof ContentChildInputSchema>;

/** A kept file of the item, with its (possibly edited) name; the list order is the display order. */
export const ContentFileInputSchema = z.object({ id: UuidSchema, name: FileNameSchema });
export type ContentFileInput = z.infer<typeof ContentFileInputSchema>;

/** The editable fields of a content item (000 §2 edit mode), lists in display order. */
export const ContentFieldsSchema = z.object({
  name: ContentNameSchema,
  description: DescriptionSchema,
  status: ContentStatusSchema,
  tags: uniqueList(ContentTagSchema, 'Tags'),
  keywords: KeywordsSchema,
  categories: uniqueList(ContentCategorySchema, 'Categories'),
  educationLevels: uniqueList(EducationLevelSchema, 'Education levels'),
  experienceLevels: uniqueList(ExperienceLevelSchema, 'Experience levels'),
  lastCuratedTimestamps: z.object({
    courseware: LastCuratedDateSchema.nullable(),
    environment: LastCuratedDateSchema.nullable(),
  }),
  tksIds: knowledgeIdsOf('tks', 'TKS'),
  ksaIds: knowledgeIdsOf('ksa', 'KSA'),
  kuIds: knowledgeIdsOf('ku', 'KU'),
  contributorIds: uniqueList(UuidSchema, 'Contributors'),
  sections: z.array(ContentSectionInputSchema).max(CONTENT_LIST_ENTRIES_MAX),
  children: z.array(ContentChildInputSchema).max(CONTENT_LIST_ENTRIES_MAX),
});
export type ContentFields = z.infer<typeof ContentFieldsSchema>;

/**
 * POST /content (000 §7 Create: name, description, urlAlias, status, tags; our other fields optional).
 * A new item is unpublished unless a status is given; the alias defaults to the hyphenated name, under
 * the parent's alias for a child (000 §5). Children must be new (no ids).
 */
export const CreateContentRequestSchema = ContentFieldsSchema.partial()
  .required({ name: true, description: true })
  .extend({
    urlAlias: UrlAliasSchema.optional(),
    parentId: UuidSchema.nullable().optional(),
  });
export type CreateContentRequest = z.input<typeof CreateContentRequestSchema>;

/** PUT /content/:id: the full editable content and the version it was based on (409 when stale). */
export const UpdateContentRequestSchema = ContentFieldsSchema.extend({
  urlAlias: UrlAliasSchema,
  files: z.array(ContentFileInputSchema).max(CONTENT_LIST_ENTRIES_MAX),
  /** Files of the item to delete; files neither listed nor deleted (e.g. uploaded meanwhile) stay. */
  deletedFileIds: z.array(UuidSchema).max(CONTENT_LIST_ENTRIES_MAX).default([]),
  version: z.number().int().min(1),
});
export type UpdateContentRequest = z.input<typeof UpdateContentRequestSchema>;

/** PATCH /content/:id/status (000 §4: restore sets unpublished). */
export const UpdateContentStatusRequestSchema = z.object({
  status: ContentStatusSchema,
  version: z.number().int().min(1),
});
export type UpdateContentStatusRequest = z.infer<typeof UpdateContentStatusRequestSchema>;

/** Answer of every content write: where the item now lives and its new version. */
export const ContentWriteResponseSchema = z.object({
  id: UuidSchema,
  urlAlias: z.string(),
  version: z.number().int(),
});
export type ContentWriteResponse = z.infer<typeof ContentWriteResponseSchema>;

/** GET /content/:id/descendant-count: how many items a delete takes with it. */
export const DescendantCountResponseSchema = z.object({ descendantCount: z.number().int() });
export type DescendantCountResponse = z.infer<typeof DescendantCountResponseSchema>;

/** DELETE /content/:id: the item and every descendant went (nothing is left orphaned). */
export const DeleteContentResponseSchema = z.object({
  deletedCount: z.number().int(),
  /** Where to go next: the parent item, or null for /courseware. */
  parent: ContentRefSchema.nullable(),
});
export type DeleteContentResponse = z.infer<typeof DeleteContentResponseSchema>;

/** The update request that saves `content` unchanged: the starting point of the edit form. */
export function toUpdateRequest(content: Content): z.output<typeof UpdateContentRequestSchema> {
  return {
    name: content.name,
    description: content.description,
    urlAlias: content.urlAlias,
    status: content.status,
    tags: content.tags,
    keywords: content.keywords,
    categories: content.categories,
    educationLevels: content.educationLevels,
    experienceLevels: content.experienceLevels,
    lastCuratedTimestamps: { ...content.lastCuratedTimestamps },
    tksIds: content.tkss.map((k) => k.id),
    ksaIds: content.ksas.map((k) => k.id),
    kuIds: content.kus.map((k) => k.id),
    contributorIds: content.contributors.map((c) => c.id),
    sections: content.sections.map(({ id, name, description }) => ({ id, name, description })),
    children: content.children.map(({ id, name }) => ({ id, name })),
    files: content.files.map(({ id, name }) => ({ id, name })),
    deletedFileIds: [],
    version: content.version,
  };
}
