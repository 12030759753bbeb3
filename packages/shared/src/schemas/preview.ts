/**
 * A file's preview in the browser (issue 37 "Preview in the browser"): what kind of preview a file has
 * and what the browser needs to show it. A preview is not a download: it is never counted as one.
 */
import { z } from 'zod';
import { UuidSchema } from './common.js';

/**
 * How a file is previewed: a PDF drawn page by page, Markdown or AsciiDoc as the server's sanitised
 * HTML, text (LaTeX, source files, plain text) highlighted in its language, a raster image, a zip's
 * listing, or none (a file the browser cannot show: download it).
 */
export const PREVIEW_KINDS = ['pdf', 'markdown', 'asciidoc', 'text', 'image', 'zip-listing', 'none'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/**
 * The highlighting language of a text file by its extension (highlight.js names); `plaintext` for text
 * without one. A file whose extension is not here and whose type is not text/* has no text preview.
 */
export const PREVIEW_LANGUAGE_OF_EXTENSION: Readonly<Record<string, string>> = {
  tex: 'latex',
  sty: 'latex',
  cls: 'latex',
  bib: 'latex',
  txt: 'plaintext',
  log: 'plaintext',
  csv: 'plaintext',
  py: 'python',
  sh: 'bash',
  bash: 'bash',
  js: 'javascript',
  mjs: 'javascript',
  ts: 'typescript',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  java: 'java',
  go: 'go',
  rs: 'rust',
  rb: 'ruby',
  php: 'php',
  pl: 'perl',
  ps1: 'powershell',
  sql: 'sql',
  json: 'json',
  yml: 'yaml',
  yaml: 'yaml',
  xml: 'xml',
  html: 'xml',
  css: 'css',
  ini: 'ini',
  conf: 'ini',
  cfg: 'ini',
  toml: 'ini',
  asm: 'x86asm',
  s: 'x86asm',
  dockerfile: 'dockerfile',
  makefile: 'makefile',
};

/** One entry of a zip's listing: its path inside the archive and its uncompressed size in bytes. */
export const PreviewZipEntrySchema = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  isDirectory: z.boolean(),
});
export type PreviewZipEntry = z.infer<typeof PreviewZipEntrySchema>;

/**
 * GET /files/{id}/preview: the file's preview. `contentUrl` is a signed link of its bytes served inline
 * (PDF, image, text kinds), valid PREVIEW_LINK_TTL_S seconds; `html` the sanitised rendering of Markdown
 * or AsciiDoc; `text` the text kinds' text up to PREVIEW_TEXT_MAX_BYTES; `entries` a zip's listing up to
 * PREVIEW_ZIP_ENTRIES_MAX with `entryCount` all of them; `truncated` when text or listing was cut.
 */
export const FilePreviewSchema = z.object({
  fileId: UuidSchema,
  name: z.string(),
  filename: z.string(),
  type: z.string(),
  size: z.number().int().nonnegative(),
  kind: z.enum(PREVIEW_KINDS),
  language: z.string().nullable(),
  contentUrl: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  entries: z.array(PreviewZipEntrySchema).nullable(),
  entryCount: z.number().int().nonnegative().nullable(),
  truncated: z.boolean(),
});
export type FilePreview = z.infer<typeof FilePreviewSchema>;

/** The query of a preview's signed link of its bytes. */
export const PreviewContentQuerySchema = z.object({
  exp: z.coerce.number().int().positive().optional(),
  sig: z.string().max(200).optional(),
  u: UuidSchema.optional(),
});
