/**
 * The checks a package passes before it is staged (issue 38), whether a zip (package-staging.ts
 * stagePackage) or a folder on disk (stageFolder), and the refusals the curator reads when one fails:
 * - zip bombs: the declared sizes must pass IMPORT_FILE_MAX_BYTES, IMPORT_UNPACKED_MAX_BYTES and
 *   IMPORT_COMPRESSION_RATIO_MAX (beyond IMPORT_RATIO_FREE_BYTES);
 * - paths: `..`, absolute paths and drive letters, backslashes, control characters (NUL too), empty or
 *   `.` segments, paths over IMPORT_PATH_MAX characters, names over NAME_BYTES_MAX bytes;
 * - entries over IMPORT_ENTRIES_MAX, folders deeper than IMPORT_DEPTH_MAX below the course;
 * - archives inside the package, by name or by their first bytes (Office, OpenDocument and EPUB files
 *   are zips and are kept);
 * - two paths that are one after NFC normalisation and case folding, a path both file and folder;
 * - zip entry names: flagged UTF-8 must be valid UTF-8; unflagged names are CP437, unless they are valid
 *   UTF-8 (macOS's Archive Utility writes UTF-8 without the flag); all end up NFC; an entry's kind by
 *   the unix file type of its external attributes (links and special files are refused).
 * Junk entries (anything under `__MACOSX/`, `.DS_Store`, `Thumbs.db`, `desktop.ini`) are skipped
 * silently: never written nor listed.
 */
import { isUtf8 } from 'node:buffer';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { fileExtensionOf } from '@portal/shared/schemas/files';
import {
  IMPORT_COMPRESSION_RATIO_MAX,
  IMPORT_DEPTH_MAX,
  IMPORT_ENTRIES_MAX,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_PACKAGE_MAX_BYTES,
  IMPORT_PATH_MAX,
  IMPORT_RATIO_FREE_BYTES,
  IMPORT_UNPACKED_MAX_BYTES,
} from '@portal/shared/schemas/imports-limits';
import { ANY_CONTROL } from '../../lib/control-characters.js';
import { PackageRefused } from './package.js';

/** Longest folder or file name a file system takes, in UTF-8 bytes. */
export const NAME_BYTES_MAX = 255;
/** The first bytes of a zip file: a local file header, or the end record of an empty zip. */
export const ZIP_STARTS = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1')];
/** Archives by their first bytes; `offset` where the signature starts. */
const ARCHIVE_SIGNATURES: readonly { kind: string; offset: number; bytes: Buffer }[] = [
  ...ZIP_STARTS.map((bytes) => ({ kind: 'zip', offset: 0, bytes })),
  { kind: 'zip', offset: 0, bytes: Buffer.from('PK\x07\x08', 'latin1') },
  { kind: 'gzip', offset: 0, bytes: Buffer.from([0x1f, 0x8b]) },
  { kind: '7-Zip', offset: 0, bytes: Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  { kind: 'RAR', offset: 0, bytes: Buffer.from('Rar!\x1a\x07', 'latin1') },
  { kind: 'xz', offset: 0, bytes: Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]) },
  { kind: 'zstd', offset: 0, bytes: Buffer.from([0x28, 0xb5, 0x2f, 0xfd]) },
  { kind: 'tar', offset: 257, bytes: Buffer.from('ustar', 'latin1') },
];
/** Bytes of a file's start that hold every signature above. */
export const SNIFF_BYTES = Math.max(...ARCHIVE_SIGNATURES.map((s) => s.offset + s.bytes.length));
/** Archives by name. */
const ARCHIVE_EXTENSIONS = new Set('zip zipx imscc tar gz tgz bz2 tbz2 xz txz zst 7z rar cab'.split(' '));
/** Documents that are zips inside (Office Open XML, OpenDocument, EPUB): courseware, not archives. */
const ZIP_DOCUMENT_EXTENSIONS = new Set(
  'docx docm dotx xlsx xlsm xltx pptx pptm ppsx potx odt ods odp odg ott ots otp epub'.split(' '),
);
/** Junk that operating systems leave in folders (lower-cased): skipped silently. */
const JUNK_FOLDERS = new Set(['__macosx']);
const JUNK_FILES = new Set(['.ds_store', 'thumbs.db', 'desktop.ini']);
const DRIVE_LETTER = /^[a-z]:/i;
const CONTROLS = new RegExp(ANY_CONTROL.source, 'g');
/** Longest name quoted in a message, in characters. */
const SHOWN_NAME_MAX = 160;
const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
/** A name as quoted to the curator: control characters as "?", cut to SHOWN_NAME_MAX. */
function shown(name: string): string {
  const clean = name.replace(CONTROLS, '?');
  return clean.length > SHOWN_NAME_MAX ? `${clean.slice(0, SHOWN_NAME_MAX)}…` : clean;
}
/** Bytes as file managers count them: "100 MB", "2 GB". */
const inWords = (bytes: number) =>
  bytes >= GIB ? `${Number((bytes / GIB).toFixed(1))} GB` : `${Number((bytes / MIB).toFixed(1))} MB`;
const count = (n: number) => n.toLocaleString('en-US');

const AGAIN = 'and zip the course folder again.';
const REZIP = 'Zip the course folder again and upload the new zip.';
const SPLIT = 'Split the course into smaller packages and import them one by one.';
const ARCHIVE_ADVICE = `the portal does not unpack archives inside a package. Unpack it into the course folder (or leave it out) ${AGAIN}`;
/**
 * What the curator reads when a package is refused: what is wrong and what to do, naming the entry
 * (strings, or functions of the entry's path).
 */
export const REFUSALS = {
  notZip:
    'This is not a zip file. Upload the course folder as a zip, or a cartridge (.imscc) exported from your learning platform.',
  truncated: `This zip file is incomplete: it ends before its list of contents, so the upload or the copy was cut off. ${REZIP}`,
  damaged: `This zip file is damaged and cannot be read. ${REZIP}`,
  damagedEntry: (n: string) =>
    `The entry "${shown(n)}" is damaged: its data do not match its header or check sum. ${REZIP}`,
  overlapping: `The entries of this zip file share their data, as in a "zip bomb" built to exhaust the server. ${REZIP}`,
  packageTooLarge: `This package is larger than ${inWords(IMPORT_PACKAGE_MAX_BYTES)}. ${SPLIT}`,
  unpackedTooLarge: `This package unpacks to more than ${inWords(IMPORT_UNPACKED_MAX_BYTES)}. ${SPLIT}`,
  tooManyEntries: `This package holds more than ${count(IMPORT_ENTRIES_MAX)} entries (files and folders together), the most a package may hold. ${SPLIT}`,
  tooDeep: (folder: string) =>
    `The folder "${shown(folder)}" lies more than ${IMPORT_DEPTH_MAX} folders below the course, the deepest a package may go. Move its contents higher up ${AGAIN}`,
  pathTooLong: (n: string) =>
    `The path "${shown(n)}" is longer than ${count(IMPORT_PATH_MAX)} characters. Shorten its folder or file names ${AGAIN}`,
  nameTooLong: (n: string) =>
    `A name in "${shown(n)}" is longer than file systems allow (${NAME_BYTES_MAX} bytes). Shorten it ${AGAIN}`,
  traversal: (n: string) =>
    `The entry "${shown(n)}" leads out of the package (".."), so it could overwrite files of the server. Zip the course folder itself and upload that zip.`,
  absolute: (n: string) =>
    `The entry "${shown(n)}" has an absolute path (from "/" or a drive letter), so it could overwrite files of the server. Zip the course folder itself and upload that zip.`,
  backslash: (n: string) =>
    `The entry "${shown(n)}" has a backslash (\\) in its path, where zip files separate folders with "/". Zip the course folder again with your system's own zip tool or 7-Zip.`,
  badSegment: (n: string) => `The entry "${shown(n)}" has an empty or "." folder name in its path. ${REZIP}`,
  control: (n: string) =>
    `The name "${shown(n)}" holds control characters (shown as "?"). Rename the file ${AGAIN}`,
  invalidUtf8: (n: string) =>
    `The name "${shown(n)}" is not valid UTF-8 text, although the zip file says it is. Rename the file ${AGAIN}`,
  notNfc: (n: string) =>
    `The name "${shown(n)}" is not in composed Unicode form (NFC). Rename it, typing its accented letters again.`,
  link: (n: string) =>
    `The entry "${shown(n)}" is a symbolic link; a package holds only files and folders. Replace the link with the file it points to ${AGAIN}`,
  special: (n: string) =>
    `The entry "${shown(n)}" is a special file (a device, pipe or socket), not a file or a folder. Leave it out ${AGAIN}`,
  encrypted: (n: string) =>
    `The entry "${shown(n)}" is protected by a password, so the portal cannot read it. Zip the course folder again without a password.`,
  method: (n: string, method: number) =>
    `The entry "${shown(n)}" is compressed in a way the portal cannot read (method ${method}). Zip the course folder again with your system's own zip tool.`,
  fileTooLarge: (n: string) =>
    `The file "${shown(n)}" is larger than ${inWords(IMPORT_FILE_MAX_BYTES)}, the largest file a course may hold. Leave it out or make it smaller ${AGAIN}`,
  bomb: (n: string) =>
    `The entry "${shown(n)}" unpacks to more than ${IMPORT_COMPRESSION_RATIO_MAX} times its packed size, as a "zip bomb" built to exhaust the server does. ${REZIP}`,
  liar: (n: string) =>
    `The entry "${shown(n)}" unpacks to more than the size its header declares, as a "zip bomb" built to exhaust the server does. ${REZIP}`,
  nested: (n: string) => `The entry "${shown(n)}" is itself an archive; ${ARCHIVE_ADVICE}`,
  disguised: (n: string, kind: string) =>
    `The file "${shown(n)}" is an archive (${kind}) under another name; ${ARCHIVE_ADVICE}`,
  duplicate: (a: string, b: string) =>
    a === b
      ? `The package holds "${shown(a)}" twice. Remove one of them ${AGAIN}`
      : `The package holds both "${shown(a)}" and "${shown(b)}", which the portal and Windows take for one name (they differ only in letter case or accents). Rename one of them ${AGAIN}`,
  fileAndFolder: (n: string) =>
    `The package holds "${shown(n)}" both as a file and as a folder. Rename one of them ${AGAIN}`,
};
/** A PackageRefused with one of REFUSALS. */
export const refuse = (message: string) => new PackageRefused(message);

/** Whether an error says that the zip's bytes are wrong (yauzl's, zlib's), not that the disk failed. */
export function isFormatError(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof PackageRefused || error.name === 'AbortError')
    return false;
  const code = (error as NodeJS.ErrnoException).code;
  return code === undefined || code.startsWith('Z_');
}

/**
 * Checks an entry's name (NFC; a folder's ends with "/") and returns its path without the "/".
 * @throws PackageRefused for a control character, an absolute path or drive letter, a backslash, a `..`,
 *   an empty or `.` segment, over IMPORT_PATH_MAX characters, a segment over NAME_BYTES_MAX bytes
 */
export function checkedPath(name: string): string {
  if (ANY_CONTROL.test(name)) throw refuse(REFUSALS.control(name));
  if (name.startsWith('/') || DRIVE_LETTER.test(name)) throw refuse(REFUSALS.absolute(name));
  if (name.includes('\\')) throw refuse(REFUSALS.backslash(name));
  const p = name.endsWith('/') ? name.slice(0, -1) : name;
  const segments = p.split('/');
  if (segments.includes('..')) throw refuse(REFUSALS.traversal(name));
  if (segments.some((s) => s === '' || s === '.')) throw refuse(REFUSALS.badSegment(name));
  if ([...p].length > IMPORT_PATH_MAX) throw refuse(REFUSALS.pathTooLong(name));
  if (segments.some((s) => Buffer.byteLength(s) > NAME_BYTES_MAX)) throw refuse(REFUSALS.nameTooLong(name));
  return p;
}

/** Whether a path is junk an operating system left (under `__MACOSX/`, `.DS_Store`...): skipped. */
export function isJunk(p: string, isFolder: boolean): boolean {
  const segments = p.toLowerCase().split('/');
  return segments.some((s) => JUNK_FOLDERS.has(s)) || (!isFolder && JUNK_FILES.has(segments.at(-1)!));
}

/**
 * Refuses a file by its name (an archive) or its size (bytes); counts them in the ledger's total.
 * @throws PackageRefused an archive's name, over IMPORT_FILE_MAX_BYTES, the total over IMPORT_UNPACKED_MAX_BYTES
 */
export function checkFile(p: string, size: number, ledger: Ledger): void {
  if (ARCHIVE_EXTENSIONS.has(fileExtensionOf(p))) throw refuse(REFUSALS.nested(p));
  if (size > IMPORT_FILE_MAX_BYTES) throw refuse(REFUSALS.fileTooLarge(p));
  ledger.unpacked += size;
  if (ledger.unpacked > IMPORT_UNPACKED_MAX_BYTES) throw refuse(REFUSALS.unpackedTooLarge);
}

/**
 * The kind of archive ("zip", "gzip", "tar"...) that a file's first SNIFF_BYTES show, undefined for none
 * or for a zip whose name says it is a document (.docx, .odt, .epub...).
 */
export function archiveKindOf(p: string, head: Buffer): string | undefined {
  const found = ARCHIVE_SIGNATURES.find(({ offset, bytes }) =>
    head.subarray(offset, offset + bytes.length).equals(bytes),
  );
  if (!found || (found.kind === 'zip' && ZIP_DOCUMENT_EXTENSIONS.has(fileExtensionOf(p)))) return undefined;
  return found.kind;
}

/**
 * What a package holds so far: its paths by folded form (NFC, case folded), its unpacked bytes (`unpacked`)
 * and entries (`entries`, when counted one by one), its deepest folder.
 */
export class Ledger {
  entries = 0;
  unpacked = 0;
  private readonly byKey = new Map<string, { path: string; isFolder: boolean }>();
  private deepest = { path: '', folders: 0 };
  /** The first segment of each file's path ('' for a file at the top). */
  private readonly tops = new Set<string>();

  /** Counts one more entry. @throws PackageRefused past IMPORT_ENTRIES_MAX */
  countEntry(): void {
    this.entries += 1;
    if (this.entries > IMPORT_ENTRIES_MAX) throw refuse(REFUSALS.tooManyEntries);
  }

  /** Adds a file or folder and the folders it lies in; refuses duplicates and folders too deep. */
  add(p: string, isFolder: boolean): void {
    const segments = p.split('/');
    const folders = isFolder ? segments.length : segments.length - 1;
    // Too deep however the course is found (checkDepth): refused before a walk goes deeper.
    if (folders > IMPORT_DEPTH_MAX + 1)
      throw refuse(REFUSALS.tooDeep(segments.slice(0, IMPORT_DEPTH_MAX + 2).join('/')));
    if (folders > this.deepest.folders)
      this.deepest = { path: segments.slice(0, folders).join('/'), folders };
    for (let i = 1; i <= folders; i += 1) this.claim(segments.slice(0, i).join('/'), true);
    if (isFolder) return;
    this.claim(p, false);
    this.tops.add(segments.length > 1 ? segments[0]! : '');
  }

  private claim(p: string, isFolder: boolean): void {
    // Upper then lower case folds ß with ss; NFC again since case mapping may decompose.
    const key = p.toUpperCase().toLowerCase().normalize('NFC');
    const known = this.byKey.get(key);
    if (!known) this.byKey.set(key, { path: p, isFolder });
    else if (known.isFolder !== isFolder) throw refuse(REFUSALS.fileAndFolder(known.path));
    else if (!isFolder || known.path !== p) throw refuse(REFUSALS.duplicate(known.path, p));
  }

  /**
   * Once every entry is in: the deepest folder counted from the course, which is the top folder when
   * all files lie in one (as the folder reader finds it), else the package itself.
   */
  checkDepth(): void {
    const isWrapped = this.tops.size === 1 && !this.tops.has('');
    const depth = this.deepest.folders - (isWrapped ? 1 : 0);
    if (depth > IMPORT_DEPTH_MAX) throw refuse(REFUSALS.tooDeep(this.deepest.path));
  }
}

/** Whether an entry unpacking to `unpacked` bytes from `packed` passes the ratio of a zip bomb. */
export const isBomb = (unpacked: number, packed: number) =>
  unpacked > IMPORT_RATIO_FREE_BYTES && unpacked > packed * IMPORT_COMPRESSION_RATIO_MAX;

/** General purpose flag: the entry's name is UTF-8. */
const UTF8_NAME_FLAG = 0x800;
/** Info-ZIP Unicode Path extra field: a UTF-8 name beside a CP437 one. */
const UNICODE_PATH_FIELD = 0x7075;
const UNICODE_PATH_VERSION = 1;
/** Version byte and CRC-32 of the plain name before the UTF-8 name in that field. */
const UNICODE_PATH_NAME_START = 5;
/** Unix file types in the upper 16 bits of the external attributes. */
const UNIX_ATTRIBUTES_SHIFT = 16;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A zip entry's name, decoded and NFC: flagged UTF-8 (or given in an Info-ZIP Unicode Path field) must
 * be valid UTF-8; an unflagged name is CP437, unless it is valid UTF-8 (macOS's Archive Utility writes
 * UTF-8 without the flag).
 * @throws PackageRefused for control characters, or UTF-8 that is not
 */
export function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileNameRaw;
  const lossy = raw.toString('utf8');
  if (ANY_CONTROL.test(lossy)) throw refuse(REFUSALS.control(lossy));
  const unicodePath = entry.extraFields.find(
    ({ id, data }) =>
      id === UNICODE_PATH_FIELD &&
      data.length > UNICODE_PATH_NAME_START &&
      data[0] === UNICODE_PATH_VERSION &&
      data.readUInt32LE(1) === zlib.crc32(raw),
  );
  const bytes = unicodePath ? unicodePath.data.subarray(UNICODE_PATH_NAME_START) : raw;
  const isFlagged = unicodePath !== undefined || (entry.generalPurposeBitFlag & UTF8_NAME_FLAG) !== 0;
  if (isFlagged && !isUtf8(bytes)) throw refuse(REFUSALS.invalidUtf8(bytes.toString('utf8')));
  const name =
    isFlagged || isUtf8(raw)
      ? STRICT_UTF8.decode(bytes)
      : // CP437: yauzl's table, with no flag, no extra field, no backslash turned into "/".
        yauzl.getFileNameLowLevel(0, raw, [], true);
  return name.normalize('NFC');
}

/** What a zip entry is, by its unix file type (external attributes) and its name. */
export type EntryKind = 'file' | 'folder' | 'link' | 'special';

/** The kind of a zip entry whose decoded name is `name`: a link or special file is refused by the caller. */
export function kindOf(entry: yauzl.Entry, name: string): EntryKind {
  const type = (entry.externalFileAttributes >>> UNIX_ATTRIBUTES_SHIFT) & S_IFMT;
  if (type === S_IFLNK) return 'link';
  if (type === S_IFDIR || name.endsWith('/')) return 'folder';
  return type === 0 || type === S_IFREG ? 'file' : 'special';
}
