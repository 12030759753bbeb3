/**
 * Files (000 §3 File, §5, §7 File service; 001 §3 File upload, §5 Images and files, §9 Files): upload
 * fields and limits, the file as the API returns it, download links, zip bundles of a content tree.
 */
import { z } from 'zod';
import { FILE_MESSAGES } from '../errors.js';
import { FILE_METADATA_TYPES, FILE_STATUSES, FILE_VISIBILITIES } from '../enums.js';
import {
  AVATAR_MAX_BYTES,
  FILE_MAX_BYTES,
  FILE_NAME_MAX,
  IMAGE_MAX_BYTES,
  LOGO_MAX_BYTES,
} from '../limits.js';
import { TimestampSchema, UuidSchema } from './common.js';

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

/**
 * What an upload is for. Each kind has its own size limit (001 §5, §9): a courseware or widget file,
 * an image on a page, an avatar, a logo. Portraits (000 §3 Contributor) are images.
 */
export const UPLOAD_KINDS = ['file', 'image', 'avatar', 'logo'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Largest upload of each kind, in bytes (001 §9 Files: 104857600; images 1048576; avatar and logo 50000). */
export const UPLOAD_MAX_BYTES: Record<UploadKind, number> = {
  file: FILE_MAX_BYTES,
  image: IMAGE_MAX_BYTES,
  avatar: AVATAR_MAX_BYTES,
  logo: LOGO_MAX_BYTES,
};

/** Image types accepted for image, avatar and logo uploads (001 §5: raster images, SVG preferred). */
export const IMAGE_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
] as const;

/**
 * Raster image types a stored file is served inline with (issue 20 "Untrusted files"): they cannot
 * hold script. Every other type (HTML, SVG, JavaScript, XML, documents) is served as an attachment.
 */
export const INLINE_IMAGE_MIME_TYPES = [
  'image/png',
  'image/apng',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
] as const;

/** Whether a kind takes only images. Files take any type; the content must still match it. */
export function isImageKind(kind: UploadKind): boolean {
  return kind !== 'file';
}

/**
 * Metadata types a stored file may carry: the two an upload names (000 §3 File: portrait or content),
 * plus `bundle` (a zip the server builds, 000 §7) and `lesson` (a lesson artifact, 000 §3 Lesson).
 */
export const STORED_FILE_METADATA_TYPES = [...FILE_METADATA_TYPES, 'bundle', 'lesson'] as const;
export type StoredFileMetadataType = (typeof STORED_FILE_METADATA_TYPES)[number];

// The messages live in errors.ts, without zod: pages show them before zod has loaded (issue 22).
export { FILE_MESSAGES } from '../errors.js';

/** A media type as sent by a browser, lower-cased, without parameters. */
export const MimeTypeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(255)
  .regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/, 'Not a valid media type');

/** A file's display name: required, at most FILE_NAME_MAX characters (000 §5), no control characters. */
export const FileNameSchema = z
  .string()
  .trim()
  .min(1, FILE_MESSAGES.nameRequired)
  .max(FILE_NAME_MAX, FILE_MESSAGES.nameTooLong)
  .refine((v) => !/\p{Cc}/u.test(v), 'A file name may not contain control characters.');

/** An empty form field counts as absent. */
const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/**
 * The form fields of an upload (000 §7, 001 §3: type, name, visibility, metadata id and type), sent as
 * multipart fields before the file part. `kind` picks the size limit; it defaults to `image` for a
 * portrait and to `file` otherwise.
 */
export const UploadFileFieldsSchema = z
  .object({
    type: MimeTypeSchema,
    name: FileNameSchema,
    visibility: z.enum(FILE_VISIBILITIES),
    metadataType: z.enum(FILE_METADATA_TYPES),
    metadataId: z.preprocess(emptyAsAbsent, UuidSchema.optional()),
    kind: z.preprocess(emptyAsAbsent, z.enum(UPLOAD_KINDS).optional()),
  })
  .transform((fields) => ({
    ...fields,
    kind: fields.kind ?? (fields.metadataType === 'portrait' ? 'image' : 'file'),
  }))
  .superRefine((fields, ctx) => {
    if (fields.metadataType === 'page' && !fields.metadataId) {
      ctx.addIssue({ code: 'custom', path: ['metadataId'], message: FILE_MESSAGES.pageRequired });
    }
    if (fields.metadataType === 'portrait' && !isImageKind(fields.kind)) {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: FILE_MESSAGES.portraitIsImage });
    }
    if (isImageKind(fields.kind) && !(IMAGE_MIME_TYPES as readonly string[]).includes(fields.type)) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: FILE_MESSAGES.imageTypeRequired });
    }
  });
export type UploadFileFields = z.infer<typeof UploadFileFieldsSchema>;

/** 000 §7 upload response: id and publicUrl (null for a private file: ask for a download URL). */
export const UploadFileResponseSchema = z.object({ id: UuidSchema, publicUrl: z.string().nullable() });
export type UploadFileResponse = z.infer<typeof UploadFileResponseSchema>;

/** Icons a file is shown with, derived from its extension (000 §3 File icon). */
export const FILE_ICONS = [
  'pdf',
  'image',
  'archive',
  'video',
  'audio',
  'document',
  'spreadsheet',
  'presentation',
  'code',
  'text',
  'file',
] as const;
export type FileIcon = (typeof FILE_ICONS)[number];

const ICON_EXTENSIONS: Record<Exclude<FileIcon, 'file'>, readonly string[]> = {
  pdf: ['pdf'],
  image: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'bmp', 'tif', 'tiff', 'ico'],
  archive: ['zip', 'gz', 'tgz', 'tar', '7z', 'rar', 'bz2', 'xz', 'zst', 'ova', 'iso'],
  video: ['mp4', 'mov', 'avi', 'mkv', 'webm', 'm4v'],
  audio: ['mp3', 'wav', 'ogg', 'm4a', 'flac', 'aac'],
  document: ['doc', 'docx', 'odt', 'rtf', 'epub'],
  spreadsheet: ['xls', 'xlsx', 'ods', 'csv', 'tsv'],
  presentation: ['ppt', 'pptx', 'odp', 'key'],
  code: [
    'py',
    'c',
    'h',
    'cpp',
    'js',
    'ts',
    'sh',
    'java',
    'go',
    'rs',
    'rb',
    'php',
    'html',
    'css',
    'json',
    'xml',
    'yml',
    'yaml',
    'sql',
    'ipynb',
  ],
  text: ['txt', 'md', 'markdown', 'tex', 'log', 'adoc'],
};

/** A file name's extension, lower-cased, without the dot ('' when it has none of 1 to 10 letters or digits). */
export function fileExtensionOf(filename: string): string {
  return /\.([a-z0-9]{1,10})$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
}

/** The icon of a file name: by its extension, `file` when unknown. */
export function fileIconOf(filename: string): FileIcon {
  const extension = fileExtensionOf(filename);
  if (!extension) return 'file';
  for (const [icon, extensions] of Object.entries(ICON_EXTENSIONS)) {
    if (extensions.includes(extension)) return icon as FileIcon;
  }
  return 'file';
}

/** One stored file (000 §3 File): status is pending while a bundle is built, then ready or failed. */
export const FileSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  /** The name the downloaded file gets. */
  filename: z.string(),
  type: z.string(),
  size: z.number().int(),
  sha256: z.string().nullable(),
  status: z.enum(FILE_STATUSES),
  /** Where a public file is served (the public file address followed by the id); null for private files. */
  publicUrl: z.string().nullable(),
  icon: z.enum(FILE_ICONS),
  visibility: z.enum(FILE_VISIBILITIES),
  metadataType: z.enum(STORED_FILE_METADATA_TYPES),
  metadataId: UuidSchema.nullable(),
  /** Why a bundle failed, in words a user can act on; null otherwise. */
  failureReason: z.string().nullable(),
  createdTimestamp: TimestampSchema,
});
export type FileInfo = z.infer<typeof FileSchema>;

/**
 * What a bundle of an item's tree is built as: `zip` (000 §7, folders with a README and a manifest) or
 * `imscc` (issue 26: an IMS Common Cartridge 1.1 package that Canvas, Moodle, Blackboard and D2L
 * Brightspace import as a course).
 */
export const BUNDLE_FORMATS = ['zip', 'imscc'] as const;
export type BundleFormat = (typeof BUNDLE_FORMATS)[number];

/**
 * 000 §7 Bundle: the archive of an item and all its children. `status` is ready at once when an
 * archive of the unchanged tree exists (`isReused`); otherwise pending until the job has built it.
 */
export const BundleResponseSchema = z.object({
  fileId: UuidSchema,
  name: z.string(),
  status: z.enum(FILE_STATUSES),
  isReused: z.boolean(),
});
export type BundleResponse = z.infer<typeof BundleResponseSchema>;
