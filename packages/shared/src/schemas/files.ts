/** Files (000 §3 File, §7 File service). */
import { z } from 'zod';
import { UuidSchema } from './common.js';

export const DownloadUrlQuerySchema = z.object({
  /** The content item the download was started from, recorded with the download event. */
  from: UuidSchema.optional(),
});

/** 000 §7: get download url by id → publicUrl, name. The URL is signed and short-lived for private files. */
export const DownloadUrlResponseSchema = z.object({ publicUrl: z.string(), name: z.string() });
export type DownloadUrlResponse = z.infer<typeof DownloadUrlResponseSchema>;

export const FileContentQuerySchema = z.object({
  exp: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'Not a valid signature'),
  from: UuidSchema.optional(),
  u: UuidSchema.optional(),
});
export type FileContentQuery = z.infer<typeof FileContentQuerySchema>;
