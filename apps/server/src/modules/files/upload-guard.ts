/**
 * The checks an upload stream passes through on its way to the store (000 §5, 001 §5, §9): a byte
 * limit that stops the stream as soon as it is crossed, and a content sniff (`file-type`) of the first
 * bytes against the claimed media type. Nothing is buffered beyond the sniffed head.
 */
import { finished, Transform, type Readable, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer, supportedMimeTypes } from 'file-type';
import { AppError, MESSAGES } from '@portal/shared/errors';
import { FILE_MESSAGES } from '@portal/shared/schemas/files';
import { newStorageKey, type FileStore } from '../../lib/storage.js';

/** Bytes looked at to recognise a type (file-type's own detection window). */
export const SNIFF_BYTES = 4100;

/** Names browsers use for the same type, mapped to one. */
const MIME_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/x-zip-compressed': 'application/zip',
  'application/x-zip': 'application/zip',
  'application/x-gzip': 'application/gzip',
  'application/x-pdf': 'application/pdf',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'video/x-m4v': 'video/mp4',
};

/** Container formats that are zip files inside: a short sniff may only see the zip. */
const ZIP_CONTAINERS = new Set([
  'application/zip',
  'application/epub+zip',
  'application/java-archive',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/vnd.oasis.opendocument.text-template',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  'application/vnd.openxmlformats-officedocument.presentationml.template',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
]);

/** Types that differ only in what the container holds. */
const SAME_FAMILY: readonly (readonly string[])[] = [
  ['video/mp4', 'audio/mp4', 'video/quicktime', 'audio/x-m4a', 'audio/m4a'],
  ['audio/mpeg', 'audio/mp3'],
  ['application/vnd.ms-excel', 'application/msword', 'application/vnd.ms-powerpoint', 'application/x-cfb'],
];

/** The canonical name of a media type. */
export function canonicalMimeType(type: string): string {
  const lower = type.toLowerCase();
  return MIME_ALIASES[lower] ?? lower;
}

/** Types carried as text: detection can only tell XML, and anything binary is a mismatch. */
export function isTextual(type: string): boolean {
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type === 'application/xml' ||
    type === 'image/svg+xml' ||
    type.endsWith('+xml') ||
    type.endsWith('+json') ||
    type === 'application/x-tex' ||
    type === 'application/x-latex' ||
    type === 'application/javascript' ||
    type === 'application/x-sh' ||
    type === 'application/x-yaml' ||
    type === 'application/yaml'
  );
}

/** True when the bytes look like text: no NUL byte (UTF-16 with a byte-order mark allowed). */
function looksLikeText(head: Buffer): boolean {
  const hasUtf16Bom =
    head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));
  return hasUtf16Bom || !head.includes(0);
}

function sameFamily(a: string, b: string): boolean {
  if (ZIP_CONTAINERS.has(a) && ZIP_CONTAINERS.has(b)) return true;
  return SAME_FAMILY.some((family) => family.includes(a) && family.includes(b));
}

/** The outcome of a sniff: the type to store, or why the content does not match the claim. */
export type SniffResult = { ok: true; type: string } | { ok: false; reason: string };

/**
 * Compares the first bytes of a file with the type it was sent as. A claimed type that `file-type`
 * can recognise must be recognised as that type (or one of its family); a textual type must look like
 * text; SVG must be text holding an `<svg` element. `application/octet-stream` takes whatever is found.
 * Types that can be checked neither way are accepted as sent.
 */
export async function sniffType(claimed: string, head: Buffer): Promise<SniffResult> {
  const type = canonicalMimeType(claimed);
  const detected = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  const found = detected ? canonicalMimeType(detected.mime) : undefined;
  const mismatch = (what: string): SniffResult => ({
    ok: false,
    reason: `${FILE_MESSAGES.typeMismatch} (sent as ${type}, ${what})`,
  });
  if (type === 'image/svg+xml') {
    const isSvg =
      (!found || found === 'application/xml') &&
      looksLikeText(head) &&
      /<svg[\s>]/i.test(head.toString('utf8'));
    return isSvg ? { ok: true, type } : mismatch(found ? `but it is ${found}` : 'but it holds no SVG image');
  }
  if (found) {
    if (found === type || sameFamily(type, found)) return { ok: true, type };
    if (type === 'application/octet-stream') return { ok: true, type: found };
    if (isTextual(type) && isTextual(found)) return { ok: true, type };
    return mismatch(`but it is ${found}`);
  }
  if (isTextual(type)) return looksLikeText(head) ? { ok: true, type } : mismatch('but it is not text');
  if (supportedMimeTypes.has(type as never)) return mismatch('but it is not one');
  return { ok: true, type };
}

/**
 * A pass-through that refuses a stream longer than `maxBytes` (413, MESSAGES.uploadTooLarge) and holds
 * back the first SNIFF_BYTES until `sniffType` has accepted them (422 otherwise). After the stream
 * ended, `type` is the type to store.
 */
export class UploadGuard extends Transform {
  private readonly maxBytes: number;
  private readonly claimed: string;
  private head: Buffer[] = [];
  private headBytes = 0;
  private isSniffed = false;
  bytes = 0;
  type: string;

  constructor(options: { maxBytes: number; claimedType: string }) {
    super();
    this.maxBytes = options.maxBytes;
    this.claimed = options.claimedType;
    this.type = canonicalMimeType(options.claimedType);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(new AppError('too_large', MESSAGES.uploadTooLarge));
      return;
    }
    if (this.isSniffed) {
      done(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) {
      done();
      return;
    }
    this.release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.isSniffed) done();
    else this.release(done);
  }

  /** Sniffs the held head, then passes it on (or fails the stream). */
  private release(done: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.isSniffed = true;
    sniffType(this.claimed, head.subarray(0, SNIFF_BYTES)).then(
      (result) => {
        if (!result.ok) {
          done(new AppError('rule_broken', result.reason));
          return;
        }
        this.type = result.type;
        done(null, head);
      },
      (error: unknown) => done(error as Error),
    );
  }
}

/**
 * Streams an uploaded part through an UploadGuard into the store under a fresh key, never whole in
 * memory. A part cut off (the request ended or broke mid-file) fails the store; on any failure the
 * part is drained so the parser can finish the request.
 * @returns the guard (its `type` is the type to store), the key and what the store wrote
 * @throws AppError 413 over `maxBytes`, 422 content not matching the claimed type, 400 cut off
 */
export async function storeGuarded(
  fileStore: FileStore,
  body: Readable,
  options: { maxBytes: number; claimedType: string },
) {
  const guard = new UploadGuard(options);
  // The parser may have cut the part off already while the request was checked.
  const cutOff = () => new AppError('invalid_input', FILE_MESSAGES.cutOff);
  if (body.destroyed && !body.readableEnded) throw cutOff();
  finished(body, (error) => {
    if (error) guard.destroy(cutOff());
  });
  body.pipe(guard);
  const storageKey = newStorageKey();
  try {
    const stored = await fileStore.put(storageKey, guard);
    return { guard, storageKey, stored };
  } catch (error) {
    // Let the parser finish the request; the bytes are discarded.
    body.unpipe(guard);
    body.resume();
    throw error;
  }
}
