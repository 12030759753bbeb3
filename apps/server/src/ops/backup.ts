/**
 * One consistent archive of the database and the file store, made while the portal keeps serving
 * (issue 23 "Backup and restore"). The archive is a zip file:
 *
 *   manifest.json            what is inside (BackupManifest): format, app version, database kind,
 *                            migrations level, per table its rows and SHA-256, per file its key, size, SHA-256
 *   database/<table>.jsonl   the logical dump: one row per line, PostgreSQL's own JSON of the row
 *   files/<key>              each stored file the dump references, as stored
 *
 * Consistency: every table is read in one REPEATABLE READ READ ONLY transaction, so the rows are one
 * snapshot. Files are written to the store before their row commits and deleted after the row's delete
 * commits, so every file a snapshot references exists at the snapshot; it may vanish afterwards (its row
 * deleted since). The files are copied after the transaction (a long copy must not hold the embedded
 * database, which serves one transaction at a time); a referenced file that has vanished makes the
 * attempt start again with a new snapshot, up to BACKUP_SNAPSHOT_ATTEMPTS. Files no row references
 * (an upload whose row has not committed, an orphan) are left out: the restored database would not know them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import yazl from 'yazl';
import { z } from 'zod';
import {
  BACKUP_FORMAT_VERSION,
  BACKUP_ROWS_PER_FETCH,
  BACKUP_SNAPSHOT_ATTEMPTS,
} from '@portal/shared/limits';
import { REPO_ROOT } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { rows } from '../db/rows.js';
import { hashingMeter, type FileStore } from '../lib/storage.js';

/** manifest.json of an archive. */
export const BackupManifestSchema = z.object({
  format: z.number().int(),
  /** ISO time of the database snapshot. */
  createdAt: z.string(),
  appVersion: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** Applied migrations: how many, and the `when` (ms) of the last (drizzle's created_at). */
    migrations: z.object({ count: z.number().int(), lastCreatedAt: z.number().int() }),
    tables: z.array(
      z.object({ name: z.string(), rows: z.number().int(), size: z.number().int(), sha256: z.string() }),
    ),
    /** Sequences of the public schema and their last values (null: never used). */
    sequences: z.array(z.object({ name: z.string(), value: z.string().nullable() })),
  }),
  files: z.array(z.object({ key: z.string(), size: z.number().int(), sha256: z.string() })),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;

export const MANIFEST_ENTRY = 'manifest.json';
/** The archive entry of a table's rows. */
export const tableEntry = (table: string) => `database/${table}.jsonl`;
/** The archive entry of a stored file. */
export const fileEntry = (key: string) => `files/${key}`;

/** A referenced file is missing from the store: its row was deleted after the snapshot was taken. */
class VanishedFileError extends Error {}

/** The app's version (apps/server/package.json). */
export function appVersion(): string {
  const file = path.join(REPO_ROOT, 'apps', 'server', 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/** A double-quoted SQL identifier. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The ordinary tables of the public schema, by name. */
export async function listTables(db: Db): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  return found.map((r) => r.name);
}

/** Applied migrations: count and the last one's `when` in milliseconds (0 when none). */
export async function migrationsLevel(db: Db): Promise<BackupManifest['database']['migrations']> {
  const [level] = await rows<{ count: number; last: string | null }>(
    db,
    sql`SELECT count(*)::int AS count, max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
  );
  return { count: level?.count ?? 0, lastCreatedAt: Number(level?.last ?? 0) };
}

/** Writes into a stream, waiting when it is full. */
async function write(stream: PassThrough, text: string): Promise<void> {
  if (!stream.write(text)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
}

/**
 * Reads one table through a cursor of the open transaction, BACKUP_ROWS_PER_FETCH rows a round trip,
 * into a new archive entry.
 * @returns its row count, bytes and SHA-256
 */
async function dumpTable(tx: Db, zip: yazl.ZipFile, table: string) {
  const out = new PassThrough();
  const m = hashingMeter();
  const entry = new PassThrough();
  zip.addReadStream(entry, tableEntry(table), { compress: true });
  const piping = pipeline(out, m, entry);
  const cursor = `backup_${table}`;
  await tx.execute(
    sql.raw(`DECLARE ${quoteIdent(cursor)} NO SCROLL CURSOR FOR
             SELECT row_to_json(t)::text AS r FROM ${quoteIdent(table)} t`),
  );
  let count = 0;
  for (;;) {
    const batch = await rows<{ r: string }>(
      tx,
      sql.raw(`FETCH ${BACKUP_ROWS_PER_FETCH} FROM ${quoteIdent(cursor)}`),
    );
    for (const row of batch) await write(out, `${row.r}\n`);
    count += batch.length;
    if (batch.length < BACKUP_ROWS_PER_FETCH) break;
  }
  await tx.execute(sql.raw(`CLOSE ${quoteIdent(cursor)}`));
  out.end();
  await piping;
  return { name: table, rows: count, ...m.digest() };
}

/** The database part of one attempt: the snapshot's tables into the archive, and the files it references. */
async function dumpDatabase(database: Database, zip: yazl.ZipFile) {
  return database.db.transaction(
    async (tx) => {
      const [{ now }] = (await rows<{ now: string }>(tx, sql`SELECT now()::text AS now`)) as [
        { now: string },
      ];
      const migrations = await migrationsLevel(tx);
      const sequences = await rows<{ name: string; value: string | null }>(
        tx,
        sql`SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
            WHERE schemaname = 'public' ORDER BY sequencename`,
      );
      const referenced = await rows<{ key: string; ready: boolean }>(
        tx,
        sql`SELECT DISTINCT storage_key AS key, bool_or(status = 'ready') AS ready FROM file
            GROUP BY storage_key ORDER BY storage_key`,
      );
      const tables = [];
      for (const table of await listTables(tx)) tables.push(await dumpTable(tx, zip, table));
      return { createdAt: new Date(now).toISOString(), migrations, sequences, tables, referenced };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Copies one stored file into the archive. @returns its size and SHA-256, or null when it is missing. */
async function copyFile(fileStore: FileStore, zip: yazl.ZipFile, key: string) {
  const size = await fileStore.size(key).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (size === null) return null;
  const m = hashingMeter();
  const entry = new PassThrough();
  zip.addReadStream(entry, fileEntry(key), { compress: false, size });
  await pipeline(fileStore.get(key) as Readable, m, entry);
  return m.digest();
}

/** One attempt: a new snapshot into `target`. @throws VanishedFileError when a referenced file is gone */
async function attempt(database: Database, fileStore: FileStore, target: string): Promise<BackupManifest> {
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, fs.createWriteStream(target, { mode: 0o600 }));
  // A failure below leaves the zip unfinished; its output is abandoned and the file removed by the caller.
  written.catch(() => undefined);
  const dump = await dumpDatabase(database, zip);
  const files: BackupManifest['files'] = [];
  for (const { key, ready } of dump.referenced) {
    const copied = await copyFile(fileStore, zip, key);
    if (copied) files.push({ key, ...copied });
    // A bundle still being built has a row before its file; the restored job builds it again.
    else if (ready) throw new VanishedFileError(`file ${key} vanished after the snapshot`);
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT_VERSION,
    createdAt: dump.createdAt,
    appVersion: appVersion(),
    database: {
      kind: database.kind,
      migrations: dump.migrations,
      tables: dump.tables,
      sequences: dump.sequences,
    },
    files,
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_ENTRY);
  zip.end();
  await written;
  return manifest;
}

/**
 * Writes a backup archive of `database` and the files its rows reference to `outPath` (made with mode
 * 0600; written under a temporary name beside it and renamed when complete, so `outPath` is never a half
 * archive). The portal keeps serving: the database is read in one read-only snapshot transaction (on
 * PGlite other queries wait for it, as for any transaction), the files after it.
 * @returns the archive's manifest and the number of snapshots it took
 * @throws Error when a referenced file is still missing after BACKUP_SNAPSHOT_ATTEMPTS snapshots (the
 *   store lost it), or when the database or the disk fails
 */
export async function writeBackup(args: {
  database: Database;
  fileStore: FileStore;
  outPath: string;
}): Promise<{ manifest: BackupManifest; attempts: number }> {
  const outPath = path.resolve(args.outPath);
  const temp = `${outPath}.partial-${crypto.randomUUID()}`;
  for (let n = 1; ; n += 1) {
    try {
      const manifest = await attempt(args.database, args.fileStore, temp);
      await fs.promises.rename(temp, outPath);
      return { manifest, attempts: n };
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      if (!(error instanceof VanishedFileError) || n >= BACKUP_SNAPSHOT_ATTEMPTS) throw error;
    }
  }
}
