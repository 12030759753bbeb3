/**
 * Unpacks an uploaded package (issue 38: a zip of a folder tree, or a cartridge .imscc, which is a zip)
 * into a staging folder of its own, and lists a folder already on disk (the demo data) the same way.
 * Every entry passes the checks of package-checks.ts before anything is written; here, besides:
 * - the bytes actually inflated are counted and stopped as soon as they pass the size the header
 *   declared (which passed the limits), and must match its CRC-32; entries sharing their data are
 *   refused;
 * - symbolic links and special files, encrypted entries, compression methods other than stored and
 *   deflate are refused;
 * - a file that is not a zip, and a zip cut short, are refused as such.
 * Any refusal is a PackageRefused naming the entry, and leaves nothing staged.
 */
import { isUtf8 } from 'node:buffer';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type yauzl from 'yauzl';
import {
  IMPORT_ENTRIES_MAX,
  IMPORT_PACKAGE_MAX_BYTES,
  IMPORT_UNPACKED_MAX_BYTES,
} from '@portal/shared/schemas/imports-limits';
import {
  Ledger,
  REFUSALS,
  SNIFF_BYTES,
  archiveKindOf,
  checkFile,
  checkedPath,
  entryName,
  isBomb,
  isFormatError,
  isJunk,
  kindOf,
  refuse,
} from './package-checks.js';
import type { PackageRefused, StagedFile, StagedPackage } from './package.js';
import { openZip } from './zip-reader.js';

/** Staged files are readable, never executable; their folders are traversable. */
const FILE_MODE = 0o644;
const FOLDER_MODE = 0o755;
/** Beside the staging folder: where a package given as a stream is spooled (removed once staged). */
const SPOOL_SUFFIX = '.zip';
/** Compression methods read: none and deflate. */
const STORED = 0;
const DEFLATED = 8;

/** Reads and checks the central directory: the files to write, in the order of the package. */
async function listZip(zip: yauzl.ZipFile, signal?: AbortSignal) {
  if (zip.entryCount > IMPORT_ENTRIES_MAX) throw refuse(REFUSALS.tooManyEntries);
  const ledger = new Ledger();
  const files: { entry: yauzl.Entry; path: string }[] = [];
  let packed = 0;
  for await (const entry of zip.eachEntry()) {
    signal?.throwIfAborted();
    const name = entryName(entry);
    const kind = kindOf(entry, name);
    const p = checkedPath(name);
    if (isJunk(p, kind === 'folder')) continue;
    if (kind === 'link') throw refuse(REFUSALS.link(p));
    if (kind === 'special') throw refuse(REFUSALS.special(p));
    if (kind === 'folder') {
      ledger.add(p, true);
      continue;
    }
    if (entry.isEncrypted()) throw refuse(REFUSALS.encrypted(p));
    if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED)
      throw refuse(REFUSALS.method(p, entry.compressionMethod));
    checkFile(p, entry.uncompressedSize, ledger);
    if (isBomb(entry.uncompressedSize, entry.compressedSize)) throw refuse(REFUSALS.bomb(p));
    ledger.add(p, false);
    packed += entry.compressedSize;
    files.push({ entry, path: p });
  }
  // Entries pointing at the same data (a "better zip bomb") pack more than the whole file.
  if (packed > zip.fileSize) throw refuse(REFUSALS.overlapping);
  ledger.checkDepth();
  return files;
}

/**
 * Between an entry's inflated bytes and its staged file: counts them and stops as soon as they pass
 * the declared size (which passed the limits, so the bytes cannot pass them either, whatever the
 * header said), checks the CRC-32 and the first bytes for an archive.
 */
class EntryMeter extends Transform {
  bytes = 0;
  /** SHA-256 of the bytes, taken here so that planning need not read the file again. */
  readonly hash = crypto.createHash('sha256');
  private crc = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private isSniffed = false;

  constructor(
    private readonly entry: { path: string; declared: number; crc32: number },
    private readonly total: { bytes: number },
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    this.total.bytes += chunk.length;
    if (this.bytes > this.entry.declared) return done(refuse(REFUSALS.liar(this.entry.path)));
    if (this.total.bytes > IMPORT_UNPACKED_MAX_BYTES) return done(refuse(REFUSALS.unpackedTooLarge));
    this.crc = zlib.crc32(chunk, this.crc);
    this.hash.update(chunk);
    if (!this.isSniffed) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= SNIFF_BYTES) {
        const refusal = this.sniff();
        if (refusal) return done(refusal);
      }
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    const refusal = this.isSniffed ? undefined : this.sniff();
    if (refusal) return done(refusal);
    if (this.bytes !== this.entry.declared || this.crc !== this.entry.crc32)
      return done(refuse(REFUSALS.damagedEntry(this.entry.path)));
    done();
  }

  private sniff(): PackageRefused | undefined {
    this.isSniffed = true;
    const kind = archiveKindOf(this.entry.path, Buffer.concat(this.head));
    this.head = [];
    return kind ? refuse(REFUSALS.disguised(this.entry.path, kind)) : undefined;
  }
}

/**
 * Ends a file being written and waits until it is closed: it opens asynchronously, and a file opened
 * after its folder was removed would be left behind.
 */
async function closed(output: fs.WriteStream): Promise<void> {
  if (output.closed) return;
  const isClosed = new Promise<void>((resolve) => output.once('close', () => resolve()));
  output.destroy();
  await isClosed;
}

/** A refusal for an error that says the zip's bytes are wrong, unless `signal` aborted; else the error. */
const asRefusal = (error: unknown, message: string, signal?: AbortSignal) =>
  !signal?.aborted && isFormatError(error) ? refuse(message) : error;

/** The absolute path of `p` under `root`, which it never leaves. */
function stagingPath(root: string, p: string): string {
  const target = path.resolve(root, ...p.split('/'));
  const relative = path.relative(root, target);
  if (!relative || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative))
    throw refuse(REFUSALS.traversal(p));
  return target;
}

/** Writes one entry's inflated bytes to its staged file, with no execute bits. */
async function writeEntry(
  zip: yauzl.ZipFile,
  { entry, path: p }: { entry: yauzl.Entry; path: string },
  { root, total, signal }: { root: string; total: { bytes: number }; signal?: AbortSignal },
): Promise<StagedFile> {
  const target = stagingPath(root, p);
  await fsp.mkdir(path.dirname(target), { recursive: true, mode: FOLDER_MODE });
  const meter = new EntryMeter({ path: p, declared: entry.uncompressedSize, crc32: entry.crc32 }, total);
  const output = fs.createWriteStream(target, { flags: 'wx', mode: FILE_MODE });
  try {
    await pipeline(await zip.openReadStreamPromise(entry), meter, output, { signal });
  } catch (error) {
    await closed(output);
    throw asRefusal(error, REFUSALS.damagedEntry(p), signal);
  }
  return { path: p, size: meter.bytes, sha256: meter.hash.digest('hex') };
}

/** Copies a package stream to `target`, refusing it past IMPORT_PACKAGE_MAX_BYTES. */
async function spool(open: () => Readable | Promise<Readable>, target: string, signal?: AbortSignal) {
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > IMPORT_PACKAGE_MAX_BYTES) done(refuse(REFUSALS.packageTooLarge));
      else done(null, chunk);
    },
  });
  const output = fs.createWriteStream(target, { mode: FILE_MODE });
  try {
    await pipeline(await open(), limit, output, { signal });
  } catch (error) {
    await closed(output);
    throw error;
  }
  return target;
}

/**
 * Where a package's bytes are:
 * - `{ path }`: a zip on this server's disk, read in place;
 * - `{ open }`: a stream of it, e.g. `() => fileStore.get(storageKey)`. yauzl reads a zip at random,
 *   and the store's range reads would cost a request per entry on S3 (tens of thousands for a large
 *   package), so the stream is spooled once to `<stagingDir>.zip` (at most IMPORT_PACKAGE_MAX_BYTES)
 *   and that file is removed once the package is staged or refused.
 */
export type PackageSource = { path: string } | { open: () => Readable | Promise<Readable> };

/**
 * Unpacks a zip or cartridge into `stagingDir` (created with its parents; if it exists it must be an
 * empty folder), after checking every entry (see the module's comment); files are written without
 * execute bits, each at its checked path under the folder and nowhere else.
 * @returns the folder (absolute) and its files in the order of the package, sizes in bytes as written
 * @throws PackageRefused naming what is wrong and what to do; the abort reason when `signal` aborts; an
 *   I/O error as it is. On any failure the staging folder and everything in it are removed.
 */
export async function stagePackage({
  source,
  stagingDir,
  signal,
}: {
  source: PackageSource;
  stagingDir: string;
  signal?: AbortSignal;
}): Promise<StagedPackage> {
  const root = path.resolve(stagingDir);
  await fsp.mkdir(path.dirname(root), { recursive: true });
  try {
    await fsp.mkdir(root, { mode: FOLDER_MODE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || (await fsp.readdir(root)).length > 0)
      throw error;
  }
  const spooled = `${root}${SPOOL_SUFFIX}`;
  try {
    signal?.throwIfAborted();
    const file = 'path' in source ? source.path : await spool(source.open, spooled, signal);
    const zip = await openZip(file);
    try {
      const entries = await listZip(zip, signal).catch((error: unknown) => {
        throw asRefusal(error, REFUSALS.damaged, signal);
      });
      const files: StagedFile[] = [];
      const total = { bytes: 0 };
      for (const entry of entries) {
        signal?.throwIfAborted();
        files.push(await writeEntry(zip, entry, { root, total, signal }));
      }
      return { root, files };
    } finally {
      zip.close();
    }
  } catch (error) {
    await removeStaging(root);
    throw error;
  } finally {
    if (!('path' in source)) await fsp.rm(spooled, { force: true });
  }
}

/** The first SNIFF_BYTES of a file, never through a link (a staged file's head, to sniff its type). */
export async function readHead(file: string): Promise<Buffer> {
  const handle = await fsp.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Lists a folder already on disk (the demo data, `../shared/data/<course>`) as a staged package, in
 * place: the same checks as stagePackage's, plus names that must be valid UTF-8 and NFC as they are on
 * disk (a listed path is the file's real path). A folder on the server is trusted no more than an
 * upload: every symbolic link is refused, whether it leaves the folder or not (a link inside could be
 * turned outward after the check), and so is any special file. Junk files are skipped, not listed.
 * Never pass its root to removeStaging: it is the source folder itself.
 * @returns `root` the folder's real path, `files` sorted by path within each folder, sizes in bytes
 * @throws PackageRefused naming what is wrong; the abort reason when `signal` aborts; an I/O error
 *   (a missing folder: ENOENT) as it is
 */
export async function stageFolder(
  dir: string,
  options: { signal?: AbortSignal } = {},
): Promise<StagedPackage> {
  const root = await fsp.realpath(dir);
  const ledger = new Ledger();
  const files: StagedFile[] = [];
  const walk = async (folder: string): Promise<void> => {
    const names = await fsp.readdir(path.join(root, ...folder.split('/')), { encoding: 'buffer' });
    const decoded = names.map((raw) => {
      const p = folder ? `${folder}/${raw.toString('utf8')}` : raw.toString('utf8');
      if (!isUtf8(raw)) throw refuse(REFUSALS.invalidUtf8(p));
      return p;
    });
    for (const p of decoded.sort()) {
      options.signal?.throwIfAborted();
      ledger.countEntry();
      const full = path.join(root, ...p.split('/'));
      const stat = await fsp.lstat(full);
      checkedPath(stat.isDirectory() ? `${p}/` : p);
      if (p.normalize('NFC') !== p) throw refuse(REFUSALS.notNfc(p));
      if (isJunk(p, stat.isDirectory())) continue;
      if (stat.isSymbolicLink()) throw refuse(REFUSALS.link(p));
      if (stat.isDirectory()) {
        ledger.add(p, true);
        await walk(p);
        continue;
      }
      if (!stat.isFile()) throw refuse(REFUSALS.special(p));
      checkFile(p, stat.size, ledger);
      ledger.add(p, false);
      const kind = archiveKindOf(p, await readHead(full));
      if (kind) throw refuse(REFUSALS.disguised(p, kind));
      files.push({ path: p, size: stat.size });
    }
  };
  await walk('');
  ledger.checkDepth();
  return { root, files };
}

/**
 * Removes a staging folder made by stagePackage and everything in it; a missing one is not an error.
 * @throws Error for a file system root (a guard against a wrong argument)
 */
export async function removeStaging(dir: string): Promise<void> {
  const root = path.resolve(dir);
  if (root === path.parse(root).root) throw new Error(`Refusing to remove the file system root: ${root}`);
  await fsp.rm(root, { recursive: true, force: true });
}
