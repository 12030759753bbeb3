/**
 * Courseware writes (000 §4, §5, §7; issue 4): create, update, status, delete. The server validates
 * with these and the edit form validates with the same schemas before it sends anything.
 */
import { z } from 'zod';
import {
  CHILD_NAME_MAX,
  CONTENT_LIST_ENTRIES_MAX,
  CONTENT_NAME_MAX,
  DESCRIPTION_MAX,
  ID_OR_ALIAS_MAX,
  LATEST_UTC_OFFSET_HOURS,
  TAGS_PER_CONTENT_MAX,
  TAG_LENGTH_MAX,
} from '../limits.js';
import { stripHtmlTags, trimCharacters } from '../text.js';
import { IsoDateSchema, UUID_PATTERN, UuidSchema } from './common.js';
import { KnowledgeIdSchema } from './knowledge.js';
import { FileNameSchema } from './files.js';
import type { Content } from './courseware-content.js';
import {
  ContentStatusSchema,
  ContentCategorySchema,
  EducationLevelSchema,
  ExperienceLevelSchema,
  ContentTagSchema,
  ContentRefSchema,
} from './courseware-content.js';

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
function knowledgeIdsOf(prefix: 'tks' | 'ksa' | 'ku' | 'cybok', label: string) {
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
  /** CyBOK knowledge areas (issue 25); left out, the item's are kept as they are. */
  cybokIds: knowledgeIdsOf('cybok', 'CyBOK').optional(),
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
    cybokIds: content.cybokAreas.map((k) => k.id),
    contributorIds: content.contributors.map((c) => c.id),
    sections: content.sections.map(({ id, name, description }) => ({ id, name, description })),
    children: content.children.map(({ id, name }) => ({ id, name })),
    files: content.files.map(({ id, name }) => ({ id, name })),
    deletedFileIds: [],
    version: content.version,
  };
}
