/**
 * "My downloads" (issue 37): every item a person downloaded (a file, a zip bundle, a cartridge), when
 * last, and whether it changed since (its fields or its files saved after that download).
 */
import { z } from 'zod';
import { ContentCategorySchema } from './courseware-content.js';
import { DOWNLOAD_KINDS } from './my-downloads-limits.js';
import { PageTokenSchema, TimestampSchema, UuidSchema, pageOf } from './common.js';

export const DownloadKindSchema = z.enum(DOWNLOAD_KINDS);

/** One downloaded item of the account's list (GET /account/downloads), newest download first. */
export const MyDownloadSchema = z.object({
  contentId: UuidSchema,
  name: z.string(),
  urlAlias: z.string(),
  categories: z.array(ContentCategorySchema),
  /** The categories as a comma list (000 §3 category). */
  category: z.string(),
  lastDownloadedAt: TimestampSchema,
  /** What the last download was. */
  lastDownloadKind: DownloadKindSchema,
  /** Whether the item's fields or files were saved after the last download. */
  changedSinceDownload: z.boolean(),
  /** The latest such save; null when none. */
  changedAt: TimestampSchema.nullable(),
});
export type MyDownload = z.infer<typeof MyDownloadSchema>;

export const MyDownloadListSchema = pageOf(MyDownloadSchema);
export type MyDownloadList = z.infer<typeof MyDownloadListSchema>;

export const MyDownloadsQuerySchema = z.object({ pageToken: PageTokenSchema.optional() });
