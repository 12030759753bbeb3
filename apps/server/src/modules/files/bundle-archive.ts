/**
 * Writes the zip of a bundle tree (000 §4, §7) with yazl, streamed from the store into the archive and
 * out to the store again: memory does not grow with the archive's size. The archive holds
 *   README.md        what it is, where it comes from, under which licence, and the item tree
 *   manifest.json    every file with its path, size and SHA-256, and every item's metadata
 *   <item>/...       the tree as folders: course/module/lesson/file name, names unique per folder
 * Files that are already compressed (by extension, type, or a sample that does not shrink) are stored,
 * not deflated again. Each file's bytes are hashed on the way and checked against the SHA-256 recorded
 * when it was stored: a damaged file fails the bundle rather than shipping silently. The folders'
 * layout and the two documents are written by bundle-layout.ts.
 */
import crypto from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import yazl from 'yazl';
import { fileExtensionOf } from '@portal/shared/schemas/files';
import type { BundleFile, BundleTree } from './bundle-tree.js';
import {
  layoutArchive,
  MANIFEST_NAME,
  README_NAME,
  renderManifest,
  renderReadme,
  type ArchiveContext,
  type ArchiveEntry,
} from './bundle-layout.js';
import type { FileStore, PutResult } from '../../lib/storage.js';
import { isTextual } from './upload-guard.js';

/** Extensions of formats that are compressed already (000 §4 issue: zip, pdf, png, jpg, docx, pptx, mp4, gz…). */
const COMPRESSED_EXTENSIONS = new Set([
  'zip',
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'docx',
  'pptx',
  'xlsx',
  'odt',
  'ods',
  'odp',
  'epub',
  'mp4',
  'm4v',
  'mov',
  'mkv',
  'webm',
  'avi',
  'mp3',
  'm4a',
  'ogg',
  'flac',
  'aac',
  'gz',
  'tgz',
  'bz2',
  'xz',
  'zst',
  '7z',
  'rar',
  'jar',
  'apk',
  'ova',
]);
/** Media types of compressed formats (for files whose name has no telling extension). */
const COMPRESSED_TYPE =
  /^(video\/|audio\/(?!wav|x-wav)|image\/(png|jpeg|gif|webp)$|application\/(zip|pdf|gzip|x-bzip2|x-xz|zstd|x-7z-compressed|vnd\.rar|epub\+zip|vnd\.openxmlformats|vnd\.oasis))/;
/** Bytes of an unknown file deflated to see whether it shrinks. */
export const COMPRESSION_SAMPLE_BYTES = 64 * 1024;
/** A sample that deflates to more than this share of its size is stored as it is. */
export const INCOMPRESSIBLE_RATIO = 0.9;
/** Deflate level of the sample test (fast; the real entry uses yazl's default). */
const SAMPLE_DEFLATE_LEVEL = 1;

/** Reads up to COMPRESSION_SAMPLE_BYTES of a stored file. */
async function sampleOf(fileStore: FileStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of fileStore.get(key, { start: 0, end: COMPRESSION_SAMPLE_BYTES - 1 })) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Whether a file is worth deflating: not when its extension or type names a compressed format, and
 * not when a sample of its bytes does not shrink (random, encrypted or unrecognised compressed data).
 */
export async function shouldCompress(file: BundleFile, fileStore: FileStore): Promise<boolean> {
  const extension = fileExtensionOf(file.filename);
  if (COMPRESSED_EXTENSIONS.has(extension) || COMPRESSED_TYPE.test(file.type)) return false;
  // Text is always worth deflating: no sample needed.
  if (isTextual(file.type) || file.size <= COMPRESSION_SAMPLE_BYTES) return true;
  const sample = await sampleOf(fileStore, file.storageKey);
  if (sample.length === 0) return true;
  const deflated = zlib.deflateRawSync(sample, { level: SAMPLE_DEFLATE_LEVEL });
  return deflated.length / sample.length <= INCOMPRESSIBLE_RATIO;
}

/** A file's bytes did not match what was recorded when it was stored. */
export class DamagedFileError extends Error {
  constructor(name: string) {
    super(
      `The stored file “${name}” is damaged (its SHA-256 no longer matches); it needs to be uploaded again.`,
    );
    this.name = 'DamagedFileError';
  }
}

/** A file recorded in the database is not in the store. */
export class MissingFileError extends Error {
  constructor(name: string) {
    super(`The stored file “${name}” is missing from the file store; it needs to be uploaded again.`);
    this.name = 'MissingFileError';
  }
}

/** What writing an archive gives. */
export interface WrittenArchive extends PutResult {
  entries: ArchiveEntry[];
  /** SHA-256 of each file's bytes, by file id. */
  hashes: Map<string, string>;
}

/** A document the server writes into an archive (README, manifest, page), with its bytes. */
export interface ArchiveDocument {
  path: string;
  /** The bytes, or a function giving them once every file before it was read (its hashes known). */
  bytes: Buffer | ((hashes: ReadonlyMap<string, string>) => Buffer);
  mtime: Date;
}

/**
 * Streams a zip into the store under `storageKey`: the `documents` first, then each stored file of
 * `entries` (read one at a time, through a hash, into yazl and on to the store, with back-pressure all
 * the way; deflated or stored as shouldCompress says), then the `trailer` documents, whose bytes may
 * name the hash of every file. Used by the zip bundle and the Common Cartridge (cartridge-archive.ts).
 * @throws DamagedFileError when a file's bytes do not match its recorded SHA-256; MissingFileError when
 *   a file is not in the store; an AbortError when `signal` aborts. Nothing is left under the key then.
 */
export async function streamZip(args: {
  fileStore: FileStore;
  storageKey: string;
  documents: readonly ArchiveDocument[];
  entries: readonly ArchiveEntry[];
  trailer?: readonly ArchiveDocument[];
  signal?: AbortSignal;
}): Promise<PutResult & { hashes: Map<string, string> }> {
  const { fileStore, entries } = args;
  for (const entry of entries) {
    try {
      entry.compress = await shouldCompress(entry.file, fileStore);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MissingFileError(entry.file.name);
      throw error;
    }
  }
  const hashes = new Map<string, string>();
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as unknown as Readable;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    if (failure) return;
    failure = error;
    output.destroy(error);
  };
  zip.on('error', fail);
  const addDocument = (document: ArchiveDocument) => {
    const { bytes } = document;
    if (Buffer.isBuffer(bytes)) zip.addBuffer(bytes, document.path, { mtime: document.mtime });
    // Lazy: read when yazl reaches it, after every file before it was hashed.
    else
      zip.addReadStreamLazy(document.path, { mtime: document.mtime }, (callback) =>
        callback(null, Readable.from([bytes(hashes)])),
      );
  };
  args.documents.forEach(addDocument);
  for (const entry of entries) {
    zip.addReadStreamLazy(
      entry.path,
      { mtime: entry.file.createdAt, compress: entry.compress, size: entry.file.size },
      (callback) => {
        const hash = crypto.createHash('sha256');
        const hasher = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            done(null, chunk);
          },
          flush(done) {
            const digest = hash.digest('hex');
            hashes.set(entry.file.id, digest);
            if (entry.file.sha256 && entry.file.sha256 !== digest)
              done(new DamagedFileError(entry.file.name));
            else done();
          },
        });
        const source = fileStore.get(entry.file.storageKey);
        source.on('error', (error: NodeJS.ErrnoException) =>
          fail(error.code === 'ENOENT' ? new MissingFileError(entry.file.name) : error),
        );
        hasher.on('error', fail);
        callback(null, source.pipe(hasher));
      },
    );
  }
  (args.trailer ?? []).forEach(addDocument);
  zip.end();
  try {
    const stored = await fileStore.put(args.storageKey, output, { signal: args.signal });
    if (failure) throw failure;
    return { ...stored, hashes };
  } catch (error) {
    await fileStore.delete(args.storageKey);
    throw failure ?? error;
  }
}

/**
 * Streams the zip bundle of `tree` into the store under `storageKey` (streamZip): README.md, the files
 * in the item's folders, then manifest.json with every file's hash.
 * @throws as streamZip
 */
export async function writeArchive(args: {
  tree: BundleTree;
  fileStore: FileStore;
  storageKey: string;
  context: ArchiveContext;
  signal?: AbortSignal;
}): Promise<WrittenArchive> {
  const { tree, context } = args;
  const { entries, folderOf } = layoutArchive(tree);
  const mtime = context.generatedAt;
  const written = await streamZip({
    fileStore: args.fileStore,
    storageKey: args.storageKey,
    signal: args.signal,
    documents: [{ path: README_NAME, bytes: Buffer.from(renderReadme(tree, entries, context)), mtime }],
    entries,
    // Last, so that it can name the hash of every file read before it.
    trailer: [
      {
        path: MANIFEST_NAME,
        mtime,
        bytes: (hashes) => Buffer.from(renderManifest({ tree, entries, hashes, folderOf, context })),
      },
    ],
  });
  return { ...written, entries };
}
