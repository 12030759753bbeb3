/**
 * Limits of a file's preview in the browser (issue 37 "Preview in the browser").
 * Re-exported by `limits.ts`: import them from `@portal/shared/limits`.
 */

/** Bytes of a text, Markdown, AsciiDoc, LaTeX or source file read for its preview; the rest is cut. */
export const PREVIEW_TEXT_MAX_BYTES = 262_144;
/** Entries of a zip's listing in its preview; the rest is only counted. */
export const PREVIEW_ZIP_ENTRIES_MAX = 1000;
/** Seconds the signed link of a preview's bytes (`/files/{id}/preview/content`) is valid. */
export const PREVIEW_LINK_TTL_S = 300;
/** The scale a PDF's pages are drawn at in the preview (1 is 72 CSS pixels an inch). */
export const PREVIEW_PDF_SCALE = 1.5;
