/**
 * A file's preview in the browser (issue 37 "Preview in the browser"), for those who may download it
 * (the same rules as the download: `authorize`). Markdown and AsciiDoc are rendered with the readers of
 * the cartridge pages and sanitised; text is read up to PREVIEW_TEXT_MAX_BYTES; a zip's listing is read
 * from its central directory by ranges of the store, never extracted. A preview is not a download: no
 * download event is recorded here.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { AppError } from '@portal/shared/errors';
import { PREVIEW_LINK_TTL_S, PREVIEW_TEXT_MAX_BYTES, PREVIEW_ZIP_ENTRIES_MAX } from '@portal/shared/limits';
import type { PermissionFlags } from '@portal/shared/permissions';
import { INLINE_IMAGE_MIME_TYPES } from '@portal/shared/schemas/files';
import {
  PREVIEW_LANGUAGE_OF_EXTENSION,
  type FilePreview,
  type PreviewKind,
  type PreviewZipEntry,
} from '@portal/shared/schemas/preview';
import type { Db } from '../../db/client.js';
import { contentDisposition } from '../../lib/served-files.js';
import type { FileStore } from '../../lib/storage.js';
import { renderDocumentHtml } from './cartridge-pages.js';
import { documentKindOf } from './document-text.js';
import { findFile, type FileRow } from './files.repository.js';
import { authorize, type DownloadSigner, type FileSession } from './files.service.js';

/** What the signature of a preview link covers first, so that it never passes for a download link. */
const PREVIEW_PURPOSE = 'preview';
const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed']);

const mimeOf = (row: FileRow) => row.mimeType.toLowerCase().split(';')[0]!.trim();

/** The preview kind of a file and, for text, its highlighting language (by name, then by type). */
export function previewKindOf(
  filename: string,
  mimeType: string,
): { kind: PreviewKind; language: string | null } {
  const type = mimeType.toLowerCase().split(';')[0]!.trim();
  const document = documentKindOf(filename, type);
  if (document === 'pdf' || document === 'markdown' || document === 'asciidoc')
    return { kind: document, language: null };
  if ((INLINE_IMAGE_MIME_TYPES as readonly string[]).includes(type)) return { kind: 'image', language: null };
  const extension = (path.extname(filename).slice(1) || path.basename(filename)).toLowerCase();
  if (extension === 'zip' || ZIP_TYPES.has(type)) return { kind: 'zip-listing', language: null };
  const language =
    PREVIEW_LANGUAGE_OF_EXTENSION[extension] ?? (type.startsWith('text/') ? 'plaintext' : null);
  return language ? { kind: 'text', language } : { kind: 'none', language: null };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The file's text up to PREVIEW_TEXT_MAX_BYTES; undefined when it is not text (it holds a NUL). */
async function readText(
  store: FileStore,
  row: FileRow,
): Promise<{ text: string; truncated: boolean } | undefined> {
  const size = Number(row.size);
  const bytes =
    size === 0
      ? Buffer.alloc(0)
      : await readAll(
          store.get(row.storageKey, { start: 0, end: Math.min(size, PREVIEW_TEXT_MAX_BYTES) - 1 }),
        );
  if (bytes.includes(0)) return undefined;
  const truncated = size > PREVIEW_TEXT_MAX_BYTES;
  // A character cut at the limit is dropped rather than shown as a replacement character.
  const text = new TextDecoder('utf-8').decode(bytes);
  return { text: truncated ? text.replace(/\uFFFD$/, '') : text, truncated };
}

/** Reads a stored zip by byte ranges of the store (its central directory only). */
class StoredZipReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly store: FileStore,
    private readonly key: string,
  ) {
    super();
  }
  override _readStreamForRange(start: number, end: number): Readable {
    return this.store.get(this.key, { start, end: Math.max(start, end - 1) });
  }
}

/** A zip's entries up to PREVIEW_ZIP_ENTRIES_MAX, and how many it has; undefined when it is not a zip. */
function readZipListing(
  store: FileStore,
  row: FileRow,
): Promise<{ entries: PreviewZipEntry[]; entryCount: number } | undefined> {
  return new Promise((resolve) => {
    const reader = new StoredZipReader(store, row.storageKey);
    yauzl.fromRandomAccessReader(
      reader,
      Number(row.size),
      { lazyEntries: true, autoClose: true },
      (error, zip) => {
        if (error || !zip) return resolve(undefined);
        const entries: PreviewZipEntry[] = [];
        zip.on('entry', (entry: yauzl.Entry) => {
          if (entries.length >= PREVIEW_ZIP_ENTRIES_MAX)
            return resolve({ entries, entryCount: zip.entryCount });
          const isDirectory = entry.fileName.endsWith('/');
          entries.push({ name: entry.fileName, size: isDirectory ? 0 : entry.uncompressedSize, isDirectory });
          zip.readEntry();
        });
        zip.on('end', () => resolve({ entries, entryCount: zip.entryCount }));
        zip.on('error', () => resolve(undefined));
        zip.readEntry();
      },
    );
  });
}

/**
 * A file's preview (FilePreviewSchema) for a caller who may download it.
 * @throws AppError 401 signed out, 403 without the permission, 404 unknown, hidden or not ready
 */
export async function getFilePreview(
  db: Db,
  {
    signer,
    fileStore,
    session,
    fileId,
    nowS = Math.floor(Date.now() / 1000),
  }: { signer: DownloadSigner; fileStore: FileStore; session: FileSession; fileId: string; nowS?: number },
): Promise<FilePreview> {
  const { row } = await authorize(db, session.permissions, fileId);
  if (row.status !== 'ready') throw new AppError('not_found', 'File does not exist.');
  const { kind, language } = previewKindOf(row.filename, row.mimeType);
  const preview: FilePreview = {
    fileId: row.id,
    name: row.name,
    filename: row.filename,
    type: row.mimeType,
    size: Number(row.size),
    kind,
    language,
    contentUrl: null,
    html: null,
    text: null,
    entries: null,
    entryCount: null,
    truncated: false,
  };
  const none = { ...preview, kind: 'none' as const, language: null };
  if (kind === 'zip-listing') {
    const listing = await readZipListing(fileStore, row);
    if (!listing) return none;
    return { ...preview, ...listing, truncated: listing.entryCount > listing.entries.length };
  }
  if (kind === 'none') return preview;
  const contentUrl = previewContentUrl(signer, row.id, session.accountId, nowS);
  if (kind === 'pdf' || kind === 'image') return { ...preview, contentUrl };
  const read = await readText(fileStore, row);
  if (!read) return none;
  if (kind === 'text') return { ...preview, contentUrl, text: read.text, truncated: read.truncated };
  return {
    ...preview,
    contentUrl,
    html: await renderDocumentHtml(kind, read.text),
    truncated: read.truncated,
  };
}

/** The signed link of a file's bytes for its preview, valid PREVIEW_LINK_TTL_S seconds, naming the caller. */
function previewContentUrl(
  signer: DownloadSigner,
  fileId: string,
  accountId: string | null,
  nowS: number,
): string {
  const exp = String(nowS + PREVIEW_LINK_TTL_S);
  const u = accountId ?? '';
  const params = new URLSearchParams({ exp });
  if (u) params.set('u', u);
  params.set('sig', signer.sign([PREVIEW_PURPOSE, fileId, exp, u]));
  return `/api/v1/files/${fileId}/preview/content?${params.toString()}`;
}

/**
 * The file behind a preview's bytes: by its signed link (`exp`, `sig`, `u`), else by the caller's
 * session under the download rules; only files with a preview of their bytes (PDF, image, text kinds).
 * @throws AppError 401/403 as the download rules, 403 for a bad or expired link, 404 unknown or no preview
 */
export async function openForPreview(
  db: Db,
  input: {
    signer: DownloadSigner;
    perms: PermissionFlags;
    fileId: string;
    query: { exp?: number; sig?: string; u?: string };
    nowS?: number;
  },
): Promise<{ row: FileRow; kind: PreviewKind }> {
  const { signer, perms, fileId, query } = input;
  const nowS = input.nowS ?? Math.floor(Date.now() / 1000);
  const notFound = new AppError('not_found', 'File does not exist.');
  let row: FileRow | undefined;
  if (query.sig) {
    const { exp, sig, u } = query;
    if (!exp || !signer.verify([PREVIEW_PURPOSE, fileId, String(exp), u ?? ''], sig) || exp < nowS)
      throw new AppError(
        'forbidden',
        'This preview link is not valid or has expired. Open the preview again.',
      );
    row = await findFile(db, fileId);
  } else {
    row = (await authorize(db, perms, fileId)).row;
  }
  if (!row || row.status !== 'ready') throw notFound;
  const { kind } = previewKindOf(row.filename, row.mimeType);
  if (kind === 'none' || kind === 'zip-listing') throw notFound;
  return { row, kind };
}

/** The policy of a previewed file's bytes: shown, never run, loading nothing. */
export const PREVIEW_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** The headers of a previewed file's bytes: inline, typed by kind (text as text/plain), never sniffed. */
export function previewHeaders(row: FileRow, kind: PreviewKind): Record<string, string> {
  const type =
    kind === 'pdf' ? 'application/pdf' : kind === 'image' ? mimeOf(row) : 'text/plain; charset=utf-8';
  return {
    'content-type': type,
    'content-disposition': contentDisposition(row.filename, 'inline'),
    'content-security-policy': PREVIEW_CSP,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
}
