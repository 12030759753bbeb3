/**
 * Revisions of courseware (issue 37); "My downloads" is in my-downloads.ts. Every endpoint:
 *
 * | method | path                                        | in                              | out                        | who |
 * | ------ | ------------------------------------------- | ------------------------------- | -------------------------- | --- |
 * | GET    | /content/{id}/revisions                     | ContentRevisionListQuerySchema  | ContentRevisionListSchema  | CanViewFiles; 404 hidden item |
 * | GET    | /content/{id}/revisions/diff                | ContentRevisionDiffQuerySchema  | ContentRevisionDiffSchema  | CanViewFiles; 404 unknown revision |
 * | POST   | /content/{id}/revisions/{version}/restore   | —                               | ContentWriteResponseSchema | CanUpdateContent; a new revision |
 * | PUT    | /files/{id}/content                         | multipart: [name], the file     | ReplaceFileResponseSchema  | CanUpdateContent; keeps id, address and statistics |
 *
 * A revision is named by the version of the item it made: 1 is the item as created, each save adds one.
 */
import { z } from 'zod';
import { TimestampSchema, UuidSchema, pageOf, pagedQuerySchema } from './common.js';
import { CONTENT_REVISIONS_PAGE_SIZE, CONTENT_REVISIONS_PAGE_SIZE_MAX } from './courseware-limits.js';

/** How a file differs between two revisions. */
export const FILE_CHANGES = ['added', 'removed', 'replaced', 'renamed'] as const;
export type FileChange = (typeof FILE_CHANGES)[number];

export const REVISION_MESSAGES = {
  revisionNotFound: 'This revision does not exist.',
  sameRevision: 'Choose two different revisions to compare.',
  restoreCurrent: 'This revision is the current one: there is nothing to restore.',
} as const;

/** A revision number: the item's version it made (1 = as created). */
const RevisionNumberSchema = z.coerce.number().int().min(1).max(2_147_483_647);

/** A file's state in a revision. */
export const RevisionFileSchema = z.object({
  name: z.string(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
});
export type RevisionFile = z.infer<typeof RevisionFileSchema>;

/** One saved revision: who made it, when, which fields and files it changed. */
export const ContentRevisionSummarySchema = z.object({
  version: z.number().int(),
  authorId: UuidSchema.nullable(),
  authorName: z.string().nullable(),
  changedTimestamp: TimestampSchema,
  /** Names of the changed fields (the item's API names: name, description, tags, …); empty for the first. */
  fields: z.array(z.string()),
  files: z.array(z.object({ id: UuidSchema, name: z.string(), change: z.enum(FILE_CHANGES) })),
  /** The revision this one restored, else null. */
  restoredFrom: z.number().int().nullable(),
});
export type ContentRevisionSummary = z.infer<typeof ContentRevisionSummarySchema>;
/** Newest first. */
export const ContentRevisionListSchema = pageOf(ContentRevisionSummarySchema);
export type ContentRevisionList = z.infer<typeof ContentRevisionListSchema>;
export const ContentRevisionListQuerySchema = pagedQuerySchema(
  CONTENT_REVISIONS_PAGE_SIZE,
  CONTENT_REVISIONS_PAGE_SIZE_MAX,
);

export const ContentRevisionDiffQuerySchema = z
  .object({ from: RevisionNumberSchema, to: RevisionNumberSchema })
  .refine((q) => q.from !== q.to, { message: REVISION_MESSAGES.sameRevision, path: ['to'] });
export type ContentRevisionDiffQuery = z.infer<typeof ContentRevisionDiffQuerySchema>;

/** One run of words of a word diff: kept (neither flag), added in `to`, or removed from `from`. */
export const WordDiffPartSchema = z.object({ value: z.string(), added: z.boolean(), removed: z.boolean() });
export type WordDiffPart = z.infer<typeof WordDiffPartSchema>;

/** The differences between two revisions: each changed field as a word diff, each changed file. */
export const ContentRevisionDiffSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  fields: z.array(z.object({ field: z.string(), parts: z.array(WordDiffPartSchema) })),
  files: z.array(
    z.object({
      id: UuidSchema,
      change: z.enum(FILE_CHANGES),
      before: RevisionFileSchema.nullable(),
      after: RevisionFileSchema.nullable(),
    }),
  ),
});
export type ContentRevisionDiff = z.infer<typeof ContentRevisionDiffSchema>;

export const RevisionParamsSchema = z.object({ id: UuidSchema, version: RevisionNumberSchema });

/** The answer of a file replacement: the file keeps its id; the item's new version. */
export const ReplaceFileResponseSchema = z.object({
  id: UuidSchema,
  contentId: UuidSchema,
  version: z.number().int(),
  size: z.number().int(),
  sha256: z.string(),
});
export type ReplaceFileResponse = z.infer<typeof ReplaceFileResponseSchema>;
