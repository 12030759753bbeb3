/**
 * Backup and restore round trip (issue 23): the demo data plus an upload, backed up while the app answers
 * requests, restored into a new place (a PGlite folder, or a new database on the PostgreSQL server when
 * DATABASE_URL is set, and a new file store): every table's rows and every file's SHA-256 are equal. A
 * target that holds data and a damaged archive are refused with nothing written.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { rows } from '../db/rows.js';
import { createLocalFileStore, type FileStore } from '../lib/storage.js';
import { seedDemo } from '../modules/seed/seed.service.js';
import { storeFile } from '../testing/fixtures.js';
import { createServerDatabase } from '../testing/test-app.js';
import { useTestApp } from '../testing/use-test-app.js';
import { fileEntry, listTables, writeBackup, type BackupManifest } from './backup.js';
import { BadArchiveError, restoreBackup, TargetNotEmptyError } from './restore.js';

// No job worker: the source must stay as the snapshot saw it (a worker would go on reading documents' text).
const { ctx } = useTestApp({ env: { JOB_WORKER: 'false' }, setupTimeoutMs: 120_000 });

/** A place to restore into: an empty database of the same kind as the test's, and an empty file store. */
interface Place {
  database: Database;
  fileStore: FileStore;
  filesDir: string;
  close(): Promise<void>;
}

async function newPlace(): Promise<Place> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-'));
  const server = process.env.DATABASE_URL ? await createServerDatabase(process.env.DATABASE_URL) : undefined;
  const database = await openDatabase({ url: server?.url, dir: server ? undefined : path.join(dir, 'db') });
  const filesDir = path.join(dir, 'files');
  return {
    database,
    fileStore: createLocalFileStore(filesDir),
    filesDir,
    async close() {
      await database.close();
      await server?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every table's rows as PostgreSQL's JSON of each row, sorted: equal dumps mean equal tables. */
async function tableDumps(db: Db): Promise<Record<string, string[]>> {
  const dumps: Record<string, string[]> = {};
  for (const table of await listTables(db)) {
    const found = await rows<{ r: string }>(
      db,
      sql.raw(`SELECT row_to_json(t)::text AS r FROM "${table}" t`),
    );
    dumps[table] = found.map((x) => x.r).sort();
  }
  return dumps;
}

/**
 * The dumps without the tables that answering a search writes (a signed-out caller's rate-limit count,
 * the search's sighting and kept ranking): the searches made while the backup runs write them after its
 * snapshot began, so the archive rightly lacks those rows.
 */
function withoutRequestState(dumps: Record<string, string[]>): Record<string, string[]> {
  const { rate_limit_bucket: _limits, search_sighting: _sightings, search_cache: _kept, ...rest } = dumps;
  return rest;
}

/** SHA-256 of every stored file the database references, by storage key. */
async function fileHashes(db: Db, fileStore: FileStore): Promise<Record<string, string>> {
  const keys = await rows<{ key: string }>(db, sql`SELECT DISTINCT storage_key AS key FROM file`);
  const hashes: Record<string, string> = {};
  for (const { key } of keys) {
    const hash = crypto.createHash('sha256');
    for await (const chunk of fileStore.get(key)) hash.update(chunk as Buffer);
    hashes[key] = hash.digest('hex');
  }
  return hashes;
}

let work: string;
let archive: string;
let manifest: BackupManifest;
let served: number[];
let target: Place;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
  const started = performance.now();
  await seedDemo({ db: ctx.database.db, config: ctx.config, fileStore: ctx.fileStore });
  console.info(`demo data seeded in ${Math.round(performance.now() - started)} ms`);
  await storeFile(ctx.database.db, ctx.fileStore, Buffer.from('an upload after the demo data\n'), {
    name: 'Upload',
    filename: 'upload.txt',
    mimeType: 'text/plain',
  });
  archive = path.join(work, 'portal.backup.zip');
  // The app keeps answering while the backup runs: requests sent with it are answered.
  const backupStarted = performance.now();
  const [backup, ...responses] = await Promise.all([
    writeBackup({ database: ctx.database, fileStore: ctx.fileStore, outPath: archive }),
    ...Array.from({ length: 5 }, () => ctx.app.inject({ url: '/api/v1/content/search?query=network' })),
  ]);
  console.info(`backup written in ${Math.round(performance.now() - backupStarted)} ms`);
  manifest = backup.manifest;
  served = responses.map((r) => r.statusCode);
  target = await newPlace();
}, 180_000);

afterAll(async () => {
  await target?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('answers requests while the backup is written, and the archive lists every table and file', async () => {
    expect(served.length).toBeGreaterThan(0);
    expect(served.every((s) => s === 200)).toBe(true);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(manifest.database.kind).toBe(ctx.database.kind);
    expect(manifest.database.tables.map((t) => t.name)).toEqual(await listTables(ctx.database.db));
    const referenced = await fileHashes(ctx.database.db, ctx.fileStore);
    expect(Object.keys(referenced).length).toBeGreaterThan(1);
    expect(Object.fromEntries(manifest.files.map((f) => [f.key, f.sha256]))).toEqual(referenced);
  });

  it('restores into a new place with every row and every file hash equal', async () => {
    const started = performance.now();
    await restoreBackup({ archive, ...target });
    console.info(`restored in ${Math.round(performance.now() - started)} ms`);
    expect(withoutRequestState(await tableDumps(target.database.db))).toEqual(
      withoutRequestState(await tableDumps(ctx.database.db)),
    );
    expect(await fileHashes(target.database.db, target.fileStore)).toEqual(
      await fileHashes(ctx.database.db, ctx.fileStore),
    );
  });

  it('refuses a target that already holds data, and changes nothing', async () => {
    const before = await tableDumps(target.database.db);
    await expect(restoreBackup({ archive, ...target })).rejects.toThrow(TargetNotEmptyError);
    expect(await tableDumps(target.database.db)).toEqual(before);
  });

  it('refuses a damaged archive before writing anything', async () => {
    // One byte of the upload's stored bytes flipped: the zip still opens, the SHA-256 differs.
    const damaged = path.join(work, 'damaged.zip');
    fs.copyFileSync(archive, damaged);
    const upload = manifest.files.find((f) => f.size > 0)!;
    const offset = await dataOffset(damaged, fileEntry(upload.key));
    const fd = fs.openSync(damaged, 'r+');
    const byte = Buffer.alloc(1);
    fs.readSync(fd, byte, 0, 1, offset);
    byte[0] = byte[0]! ^ 0xff;
    fs.writeSync(fd, byte, 0, 1, offset);
    fs.closeSync(fd);
    const empty = await newPlace();
    try {
      await expect(restoreBackup({ archive: damaged, ...empty })).rejects.toThrow(BadArchiveError);
      expect(await listTables(empty.database.db)).toEqual([]);
      expect(fs.existsSync(empty.filesDir)).toBe(false);
    } finally {
      await empty.close();
    }
  });
});

/** Where an entry's stored bytes start in a zip file (after its local header). */
function dataOffset(file: string, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        const header = Buffer.alloc(30);
        const fd = fs.openSync(file, 'r');
        fs.readSync(fd, header, 0, 30, entry.relativeOffsetOfLocalHeader);
        fs.closeSync(fd);
        zip.close();
        resolve(entry.relativeOffsetOfLocalHeader + 30 + header.readUInt16LE(26) + header.readUInt16LE(28));
      });
      zip.once('end', () => reject(new Error(`${name} not in the archive`)));
      zip.readEntry();
    });
  });
}
