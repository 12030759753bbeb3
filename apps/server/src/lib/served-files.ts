/**
 * Addresses and headers of served files, below the modules: the files module serves files, pages link
 * their images by address, statistics hands out its CSV export as a download.
 */

/**
 * The public address of a file: the public file base address followed by the file id (001 §3).
 * Private files are served at the same path only with a signature.
 */
export function publicUrlOf(fileId: string): string {
  return `/api/v1/files/${fileId}/content`;
}

/**
 * RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name.
 * @param disposition `attachment` (saved, never shown by the browser) or `inline` (raster images)
 */
export function contentDisposition(
  filename: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
