/**
 * Importing courseware by the course (issue 38): the front matter a package's Markdown may carry, the
 * preview (dry run) of what an import would create, update or leave, and the import as the API returns it
 * while it waits, runs and ends.
 */
import { z } from 'zod';
import { CONTENT_CATEGORIES, CONTENT_TAGS, EDUCATION_LEVELS, EXPERIENCE_LEVELS } from '../enums.js';
import { WEB_LINK } from '../links.js';
import { ADDRESS_MAX, CONTENT_NAME_MAX, CONTRIBUTOR_FIELD_MAX, KNOWLEDGE_ID_MAX } from '../limits.js';
import { KeywordSchema } from './courseware-edit.js';
import { linkUrlSchema, pageOf, TimestampSchema, UuidSchema } from './common.js';
import {
  IMPORT_CHANGES,
  IMPORT_FORMATS,
  IMPORT_ISSUE_SEVERITIES,
  IMPORT_STATUSES,
  IMPORT_ITEMS_MAX,
  IMPORT_PACKAGE_ID_MAX,
} from './imports-limits.js';

/** One value or a list of them, read as a list (front matter writes `tags: lab` or `tags: [lab, quizzes]`). */
function oneOrMany<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => (Array.isArray(v) ? v : [v]), z.array(item).max(IMPORT_ITEMS_MAX));
}

const listOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  oneOrMany(z.enum(values, { message: `${label}: choose from ${values.join(', ')}.` }));

/**
 * A knowledge item as front matter names it: its code as the reference data write it (`K0001`,
 * `T1234`, a CAE KU's code) or its id (`ksa-K0001`); checked against the reference data by the server.
 */
const KnowledgeCodeSchema = z.string().trim().min(1).max(KNOWLEDGE_ID_MAX);

/**
 * YAML front matter of a package's Markdown file (a folder's README.md or index.md, or an item's own
 * file): the metadata the item editor has (000 §3). Every key is optional; unknown keys are refused with
 * their name, so a misspelt key is not silently ignored.
 */
export const ImportFrontMatterSchema = z
  .object({
    /**
     * The course's package identifier (course README only): the key that makes the next version of the
     * package update this course. The course folder's name when left out.
     */
    id: z.string().trim().min(1).max(IMPORT_PACKAGE_ID_MAX).optional(),
    /** The item's name; the folder or file name when left out. */
    title: z.string().trim().min(1).max(CONTENT_NAME_MAX).optional(),
    /** course, module, lesson, exercise or environment; from the depth when left out. */
    category: listOf(CONTENT_CATEGORIES, 'category').optional(),
    tags: listOf(CONTENT_TAGS, 'tags').optional(),
    keywords: oneOrMany(KeywordSchema).optional(),
    educationLevels: listOf(EDUCATION_LEVELS, 'educationLevels').optional(),
    experienceLevels: listOf(EXPERIENCE_LEVELS, 'experienceLevels').optional(),
    ksa: oneOrMany(KnowledgeCodeSchema).optional(),
    ku: oneOrMany(KnowledgeCodeSchema).optional(),
    tks: oneOrMany(KnowledgeCodeSchema).optional(),
    cybok: oneOrMany(KnowledgeCodeSchema).optional(),
    license: z.string().trim().min(1).max(CONTRIBUTOR_FIELD_MAX).optional(),
    licenseUrl: linkUrlSchema(WEB_LINK, ADDRESS_MAX).optional(),
    source: z.string().trim().min(1).max(CONTRIBUTOR_FIELD_MAX).optional(),
    sourceUrl: linkUrlSchema(WEB_LINK, ADDRESS_MAX).optional(),
    /** People credited, as "First Last" names. */
    contributors: oneOrMany(z.string().trim().min(1).max(CONTRIBUTOR_FIELD_MAX)).optional(),
    /** `published` by default; `unpublished` keeps the item from visitors until a curator publishes it. */
    status: z.enum(['published', 'unpublished']).optional(),
  })
  .strict();
export type ImportFrontMatter = z.infer<typeof ImportFrontMatterSchema>;

/** A problem of a package, in the curator's words, with the package path it is about ('' for the whole). */
export const ImportIssueSchema = z.object({
  severity: z.enum(IMPORT_ISSUE_SEVERITIES),
  path: z.string(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof ImportIssueSchema>;

/** A file of an item in the preview: its path in the package, size in bytes, and what importing does. */
export const ImportPreviewFileSchema = z.object({
  path: z.string(),
  name: z.string(),
  size: z.number().int().min(0),
  change: z.enum(IMPORT_CHANGES),
});
export type ImportPreviewFile = z.infer<typeof ImportPreviewFileSchema>;

/**
 * An item of the previewed tree: its path in the package ('' for the course of a folder tree, its key on
 * the next import), what importing does to it (`changedFields`: the fields that differ from the item as
 * it is, empty when new), the existing item a new version updates (absent when new), its knowledge item
 * ids, licence ('' when none), files and children. Named in the API document (a recursive schema; OpenAPI
 * 3.0 components take no `null` type, so nothing in it is nullable).
 */
export const ImportPreviewItemSchema = z
  .object({
    path: z.string(),
    name: z.string(),
    categories: z.array(z.string()),
    change: z.enum(IMPORT_CHANGES),
    changedFields: z.array(z.string()),
    existing: z.object({ id: UuidSchema, urlAlias: z.string() }).optional(),
    knowledgeIds: z.array(z.string()),
    license: z.string(),
    files: z.array(ImportPreviewFileSchema),
    get children(): z.ZodArray<typeof ImportPreviewItemSchema> {
      return z.array(ImportPreviewItemSchema);
    },
  })
  .meta({ id: 'ImportPreviewItem' });
export type ImportPreviewItem = z.infer<typeof ImportPreviewItemSchema>;

/** Counts of a preview: items and files new, changed and unchanged, and their bytes. */
export const ImportCountsSchema = z.object({
  items: z.object({ new: z.number().int(), changed: z.number().int(), unchanged: z.number().int() }),
  files: z.object({ new: z.number().int(), changed: z.number().int(), unchanged: z.number().int() }),
  /** Bytes of the files that will be written (new and changed). */
  bytes: z.number().int(),
  errors: z.number().int(),
  warnings: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

/**
 * The dry run of an import: the tree as it would be, the items of the earlier import that the package no
 * longer holds (listed for the curator to archive; never deleted by the import), and every problem.
 */
export const ImportPreviewSchema = z.object({
  course: ImportPreviewItemSchema,
  gone: z.array(z.object({ id: UuidSchema, name: z.string(), urlAlias: z.string(), path: z.string() })),
  counts: ImportCountsSchema,
  issues: z.array(ImportIssueSchema),
  /** Problems left out of `issues` beyond IMPORT_ISSUES_MAX. */
  moreIssues: z.number().int().min(0),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** How far a running import is: items and bytes written of those to write. */
export const ImportProgressSchema = z.object({
  items: z.number().int(),
  itemsTotal: z.number().int(),
  bytes: z.number().int(),
  bytesTotal: z.number().int(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

/** What a finished import did, with the course it wrote. */
export const ImportSummarySchema = z.object({
  course: z.object({ id: UuidSchema, name: z.string(), urlAlias: z.string() }),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  filesAdded: z.number().int(),
  filesReplaced: z.number().int(),
  bytes: z.number().int(),
  durationMs: z.number().int(),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

/** An import (GET /courseware-imports/{id}): its package, preview, progress and outcome. */
export const CoursewareImportSchema = z.object({
  id: UuidSchema,
  status: z.enum(IMPORT_STATUSES),
  format: z.enum(IMPORT_FORMATS),
  /** The uploaded file's name (or the folder's). */
  packageName: z.string(),
  /** The package's identifier: a cartridge's manifest identifier, or the course folder's name. */
  packageId: z.string(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  createdBy: z.object({ id: UuidSchema, name: z.string() }).nullable(),
  preview: ImportPreviewSchema,
  progress: ImportProgressSchema,
  summary: ImportSummarySchema.nullable(),
  /** Why it failed or was refused, in the curator's words. */
  error: z.string().nullable(),
});
export type CoursewareImport = z.infer<typeof CoursewareImportSchema>;

/** One import of the list (GET /courseware-imports): without its preview tree. */
export const CoursewareImportListItemSchema = CoursewareImportSchema.omit({ preview: true }).extend({
  counts: ImportCountsSchema,
});
export type CoursewareImportListItem = z.infer<typeof CoursewareImportListItemSchema>;
export const CoursewareImportListSchema = pageOf(CoursewareImportListItemSchema);
export type CoursewareImportList = z.infer<typeof CoursewareImportListSchema>;

/** POST /courseware-imports/{id}/start: confirms a preview; warnings must be accepted when there are any. */
export const StartImportRequestSchema = z.object({ acceptWarnings: z.boolean().default(false) });
export type StartImportRequest = z.infer<typeof StartImportRequestSchema>;

/** The messages an import answers with, shared so the page can show the same words. */
export const IMPORT_MESSAGES = {
  hasErrors: 'This package has errors. Correct them and upload it again.',
  acceptWarnings: 'This package has warnings. Accept them to import it anyway.',
  notPreviewed: 'This import is not waiting for confirmation.',
  busy: 'Another import of this course is running. Wait for it to finish, or cancel it.',
  notCancellable: 'This import has already ended.',
  noPackage: 'Choose a zip file, a Common Cartridge (.imscc) or a folder to import.',
} as const;
