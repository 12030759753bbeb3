/**
 * Attacks on the import of courseware by the course (issue 38 "import courseware by the course"): one
 * `it` per hostile package, each built here byte by byte where zip tools would refuse to make it, each
 * staged as the server stages an upload (a stream spooled beside the staging folder). Every one must be
 * refused with the message the curator reads, leaving nothing in the staging folder and nothing written
 * anywhere else.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, describe, it } from 'vitest';
import { IMPORT_ENTRIES_MAX, IMPORT_FILE_MAX_BYTES } from '@portal/shared/schemas/imports-limits';
import { PackageRefused } from '../../modules/imports/package.js';
import { stagePackage } from '../../modules/imports/package-staging.js';
import { zipOf } from '../zip-of.js';

/** One entry of a zip written by hand; what is not given is what a zip tool would write. */
interface CraftedEntry {
  /** A string is written as UTF-8 and flagged so; bytes are written as they are, unflagged. */
  name: string | Buffer;
  data?: Buffer;
  /** The entry's data as stored in the zip (deflated), when not `data` stored as it is. */
  deflated?: Buffer;
  /** The uncompressed size the headers declare (the real one when not given). */
  declaredSize?: number;
  flags?: number;
  /** The CRC-32 the headers declare (the real one when not given). */
  crc?: number;
  /** Unix mode and file type, in the upper 16 bits of the external attributes. */
  mode?: number;
  /** Shares the local header and data of an earlier entry, by its index. */
  sameDataAs?: number;
}

const UTF8_FLAG = 0x800;
const ENCRYPTED_FLAG = 0x1;
const MADE_BY_UNIX = (3 << 8) | 20;
const REGULAR_FILE = 0o100644;
const SYMLINK = 0o120777;
const MIB = 1024 * 1024;

/** A zip of the entries (local headers, central directory, end record), as it is, lies included. */
function craftZip(entries: CraftedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = typeof entry.name === 'string' ? Buffer.from(entry.name) : entry.name;
    const flags = entry.flags ?? (typeof entry.name === 'string' ? UTF8_FLAG : 0);
    const data = entry.data ?? Buffer.alloc(0);
    const body = entry.deflated ?? data;
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(flags, at + 2);
      header.writeUInt16LE(entry.deflated ? 8 : 0, at + 4);
      header.writeUInt32LE(entry.crc ?? zlib.crc32(data), at + 10);
      header.writeUInt32LE(body.length, at + 14);
      header.writeUInt32LE(entry.declaredSize ?? data.length, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const shared = entry.sameDataAs;
    offsets.push(shared === undefined ? offset : offsets[shared]!);
    if (shared === undefined) {
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      fields(local, 4);
      locals.push(local, name, body);
      offset += local.length + name.length + body.length;
    }
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(MADE_BY_UNIX, 4);
    fields(record, 6);
    record.writeUInt32LE(((entry.mode ?? REGULAR_FILE) << 16) >>> 0, 38);
    record.writeUInt32LE(offsets.at(-1)!, 42);
    central.push(record, name);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * `megabytes` MiB of zeros deflated, without deflating them all: each MiB is flushed so that its
 * compressed bytes stand alone, and those bytes are repeated before one empty final block.
 */
function deflatedZeros(megabytes: number): Buffer {
  const oneMegabyte = zlib.deflateRawSync(Buffer.alloc(MIB), { finishFlush: zlib.constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array<Buffer>(megabytes).fill(oneMegabyte), zlib.deflateRawSync(Buffer.alloc(0))]);
}

let work: string;
let staged = 0;
beforeAll(async () => {
  work = await fsp.mkdtemp(path.join(os.tmpdir(), 'package-attacks-'));
});
afterAll(async () => fsp.rm(work, { recursive: true, force: true }));

/** Every path under `dir`, relative to it. */
async function tree(dir: string): Promise<string[]> {
  return (await fsp.readdir(dir, { recursive: true })).sort();
}

/**
 * Stages `zip` as an upload under `<work>/a/b/staging` (so that `../../` stays inside the work folder,
 * where it can be seen), expects a PackageRefused, and checks that nothing was left anywhere.
 * @returns the refusal's message
 */
async function refusalOf(zip: Buffer): Promise<string> {
  staged += 1;
  const stagingDir = path.join(work, `upload-${staged}`, 'b', 'staging');
  await fsp.mkdir(path.dirname(stagingDir), { recursive: true });
  const before = await tree(work);
  const error: unknown = await stagePackage({
    source: { open: () => Readable.from([zip]) },
    stagingDir,
  }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(PackageRefused);
  expect(fs.existsSync(stagingDir)).toBe(false);
  expect(await tree(work)).toEqual(before);
  return (error as PackageRefused).message;
}

const AGAIN = 'and zip the course folder again.';
const REZIP = 'Zip the course folder again and upload the new zip.';
const ARCHIVE = `the portal does not unpack archives inside a package. Unpack it into the course folder (or leave it out) ${AGAIN}`;

describe('hostile packages', () => {
  it('a zip bomb declaring its size: 100 MiB of zeros in 100 KiB is refused before it is inflated', async () => {
    // As large as a file may be: refused for its ratio alone.
    const megabytes = IMPORT_FILE_MAX_BYTES / MIB;
    const zip = craftZip([
      { name: 'course/zeros.txt', deflated: deflatedZeros(megabytes), declaredSize: megabytes * MIB },
    ]);
    expect(await refusalOf(zip)).toBe(
      `The entry "course/zeros.txt" unpacks to more than 200 times its packed size, as a "zip bomb" built to exhaust the server does. ${REZIP}`,
    );
  });

  it('a zip bomb lying about its size: 1 GiB of zeros declared as 1 MiB stops at 1 MiB', async () => {
    const zip = craftZip([{ name: 'course/zeros.txt', deflated: deflatedZeros(1024), declaredSize: MIB }]);
    expect(await refusalOf(zip)).toBe(
      `The entry "course/zeros.txt" unpacks to more than the size its header declares, as a "zip bomb" built to exhaust the server does. ${REZIP}`,
    );
  });

  it('entries sharing one data (an overlapping zip bomb)', async () => {
    const data = Buffer.alloc(64 * 1024, 'a');
    const zip = craftZip([
      { name: 'course/a.txt', data },
      { name: 'course/b.txt', data, sameDataAs: 0 },
    ]);
    expect(await refusalOf(zip)).toBe(
      `The entries of this zip file share their data, as in a "zip bomb" built to exhaust the server. ${REZIP}`,
    );
  });

  it('42.zip: zips of zips of zips', async () => {
    const hex = [...'0123456789abcdef'];
    const book = await zipOf([['0.dll', Buffer.alloc(MIB)]]);
    const lib = await zipOf(hex.map((h) => [`book ${h}.zip`, book] as const));
    const zip = await zipOf(hex.map((h) => [`lib ${h}.zip`, lib] as const));
    expect(await refusalOf(zip)).toBe(`The entry "lib 0.zip" is itself an archive; ${ARCHIVE}`);
  });

  it('a zip under another name', async () => {
    const inner = await zipOf([['payload.exe', Buffer.from('MZ')]]);
    const zip = await zipOf([
      ['course/README.md', Buffer.from('# Course')],
      ['course/handout.pdf', inner],
    ]);
    expect(await refusalOf(zip)).toBe(
      `The file "course/handout.pdf" is an archive (zip) under another name; ${ARCHIVE}`,
    );
  });

  it('../../etc/passwd', async () => {
    const zip = craftZip([{ name: '../../etc/passwd', data: Buffer.from('root::0:0::/root:/bin/sh\n') }]);
    expect(await refusalOf(zip)).toBe(
      'The entry "../../etc/passwd" leads out of the package (".."), so it could overwrite files of the server. Zip the course folder itself and upload that zip.',
    );
  });

  it.each(['/etc/cron.d/job', 'C:/Windows/System32/evil.dll'])('an absolute path: %s', async (name) => {
    const zip = craftZip([{ name, data: Buffer.from('* * * * * root sh') }]);
    expect(await refusalOf(zip)).toBe(
      `The entry "${name}" has an absolute path (from "/" or a drive letter), so it could overwrite files of the server. Zip the course folder itself and upload that zip.`,
    );
  });

  it('a backslash path', async () => {
    const zip = craftZip([{ name: '..\\..\\evil.bat', data: Buffer.from('del /q *') }]);
    expect(await refusalOf(zip)).toBe(
      'The entry "..\\..\\evil.bat" has a backslash (\\) in its path, where zip files separate folders with "/". Zip the course folder again with your system\'s own zip tool or 7-Zip.',
    );
  });

  it('a NUL in a name', async () => {
    const zip = craftZip([{ name: 'course/notes.md\0.exe', data: Buffer.from('x') }]);
    expect(await refusalOf(zip)).toBe(
      `The name "course/notes.md?.exe" holds control characters (shown as "?"). Rename the file ${AGAIN}`,
    );
  });

  it('a symbolic link to /etc/passwd', async () => {
    const zip = craftZip([{ name: 'course/passwd', data: Buffer.from('/etc/passwd'), mode: SYMLINK }]);
    expect(await refusalOf(zip)).toBe(
      `The entry "course/passwd" is a symbolic link; a package holds only files and folders. Replace the link with the file it points to ${AGAIN}`,
    );
  });

  it(`${IMPORT_ENTRIES_MAX + 1} entries`, async () => {
    const entries = Array.from({ length: IMPORT_ENTRIES_MAX + 1 }, (_, i) => ({ name: `course/${i}.txt` }));
    expect(await refusalOf(craftZip(entries))).toBe(
      'This package holds more than 20,000 entries (files and folders together), the most a package may hold. Split the course into smaller packages and import them one by one.',
    );
  });

  it('folders 9 deep', async () => {
    const folders = ['course', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9'];
    const zip = craftZip([{ name: `${folders.join('/')}/notes.md`, data: Buffer.from('deep') }]);
    expect(await refusalOf(zip)).toBe(
      `The folder "${folders.join('/')}" lies more than 8 folders below the course, the deepest a package may go. Move its contents higher up ${AGAIN}`,
    );
  });

  it('two names differing only in case', async () => {
    const zip = await zipOf([
      ['course/Notes.md', Buffer.from('one')],
      ['course/notes.md', Buffer.from('two')],
    ]);
    expect(await refusalOf(zip)).toBe(
      `The package holds both "course/Notes.md" and "course/notes.md", which the portal and Windows take for one name (they differ only in letter case or accents). Rename one of them ${AGAIN}`,
    );
  });

  it('a CP437 name is read as CP437, and collides with its twin in UTF-8', async () => {
    // "café" in CP437 (é is 0x82), unflagged, as old Windows zip tools write it.
    const cp437 = { name: Buffer.from('course/caf\x82.md', 'latin1'), data: Buffer.from('one') };
    const zip = craftZip([cp437, { name: 'course/CAFÉ.md', data: Buffer.from('two') }]);
    expect(await refusalOf(zip)).toBe(
      `The package holds both "course/café.md" and "course/CAFÉ.md", which the portal and Windows take for one name (they differ only in letter case or accents). Rename one of them ${AGAIN}`,
    );
    const alone = await stagePackage({
      source: { open: () => Readable.from([craftZip([cp437])]) },
      stagingDir: path.join(work, 'cp437'),
    });
    expect(alone.files).toMatchObject([{ path: 'course/café.md', size: 3 }]);
  });

  it('a name flagged UTF-8 that is not', async () => {
    const zip = craftZip([
      { name: Buffer.from('course/caf\xe9.md', 'latin1'), flags: UTF8_FLAG, data: Buffer.from('x') },
    ]);
    expect(await refusalOf(zip)).toBe(
      `The name "course/caf\uFFFD.md" is not valid UTF-8 text, although the zip file says it is. Rename the file ${AGAIN}`,
    );
  });

  it('an encrypted entry', async () => {
    const data = Buffer.alloc(12 + 5, 7);
    const zip = craftZip([{ name: 'course/answers.md', data, flags: UTF8_FLAG | ENCRYPTED_FLAG }]);
    expect(await refusalOf(zip)).toBe(
      'The entry "course/answers.md" is protected by a password, so the portal cannot read it. Zip the course folder again without a password.',
    );
  });

  it('a zip cut short', async () => {
    const zip = await zipOf([['course/notes.md', Buffer.alloc(64 * 1024, 'n')]]);
    expect(await refusalOf(zip.subarray(0, zip.length / 2))).toBe(
      `This zip file is incomplete: it ends before its list of contents, so the upload or the copy was cut off. ${REZIP}`,
    );
  });

  it('an entry whose header is not where the directory says', async () => {
    const zip = craftZip([{ name: 'course/notes.md', data: Buffer.from('notes') }]);
    zip.writeUInt32LE(0, 0);
    expect(await refusalOf(zip)).toBe(
      `The entry "course/notes.md" is damaged: its data do not match its header or check sum. ${REZIP}`,
    );
  });

  it('an entry whose data do not match its check sum', async () => {
    const zip = craftZip([{ name: 'course/notes.md', data: Buffer.from('notes'), crc: 0 }]);
    expect(await refusalOf(zip)).toBe(
      `The entry "course/notes.md" is damaged: its data do not match its header or check sum. ${REZIP}`,
    );
  });

  it('not a zip at all', async () => {
    expect(await refusalOf(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'))).toBe(
      'This is not a zip file. Upload the course folder as a zip, or a cartridge (.imscc) exported from your learning platform.',
    );
  });
});
