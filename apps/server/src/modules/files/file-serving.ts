/**
 * How a stored file is served over HTTP (000 §7 File service; issue 20 "Untrusted files"): its
 * Content-Type, Content-Disposition and sandboxing policy, how long it may be cached, and the byte range
 * a `Range` header asks of it. Pure: the route reads the file and sends these.
 */
import { INLINE_IMAGE_MIME_TYPES } from '@portal/shared/schemas/files';
import { contentDisposition } from '../../lib/served-files.js';
import type { FileRow } from './files.repository.js';

/**
 * How a served file may be cached: a private file never; a public file of a page or item, whose owner
 * may be unpublished later, only with revalidation on every use (its ETag, the SHA-256, makes that a
 * 304), so no copy outlives its owner's publication; any other public file (a portrait) an hour.
 */
export function fileCacheControl(row: Pick<FileRow, 'visibility' | 'metadataType'>): string {
  if (row.visibility !== 'public') return 'private, no-store';
  return HIDEABLE_OWNER_TYPES.has(row.metadataType) ? 'public, no-cache' : 'public, max-age=3600';
}

/**
 * The byte range a `Range` header asks of a file of `size` bytes (RFC 9110 §14: one range of `bytes`,
 * `a-b`, `a-` or the last `-n`), as inclusive offsets.
 * @returns the range; 'unsatisfiable' when it starts past the end (416); undefined when there is none to
 *   honour (no header, another unit, several ranges, a malformed one: the whole file is sent)
 */
export function byteRangeOf(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  return end < start ? undefined : { start, end };
}

/** Metadata types of files whose owner (a page, an item) can be hidden from visitors after upload. */
const HIDEABLE_OWNER_TYPES = new Set(['page', 'content', 'bundle', 'lesson']);

/** The policy of a served file that is not a raster image: it may run and load nothing. */
export const ATTACHMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * The headers a stored file is served with (issue 20 "Untrusted files": served files never run as
 * script from the portal's origin). A raster image (INLINE_IMAGE_MIME_TYPES) keeps its type and is
 * inline. An SVG keeps its type, so an `<img>` still draws it (where script never runs), but is an
 * attachment, so opening it saves it instead of showing it as a document of this origin. Any other
 * type is `application/octet-stream` and an attachment: `Content-Disposition` alone does not stop
 * `<script src>` or `<link rel=stylesheet>`, but with `nosniff` a browser refuses to run as script or
 * style a response that is not typed as one, so a JavaScript, HTML or XML upload can never serve as a
 * way around `script-src 'self'`. Each non-inline file also gets a sandboxing policy of its own.
 * @param mimeType the stored (sniff-checked) type; filename the name it is saved as
 * @returns the Content-Type, Content-Disposition and, unless inline, Content-Security-Policy values
 */
export function servedFileHeaders(mimeType: string, filename: string): Record<string, string> {
  const type = mimeType.toLowerCase().split(';')[0]!.trim();
  if ((INLINE_IMAGE_MIME_TYPES as readonly string[]).includes(type)) {
    return { 'content-type': type, 'content-disposition': contentDisposition(filename, 'inline') };
  }
  return {
    'content-type': type === 'image/svg+xml' ? type : 'application/octet-stream',
    'content-disposition': contentDisposition(filename),
    'content-security-policy': ATTACHMENT_CSP,
  };
}
