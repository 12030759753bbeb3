/**
 * Brings a backup archive (ops/backup.ts) into an empty place (issue 23 "Backup and restore"): a PGlite
 * data folder or a PostgreSQL database, whichever kind the archive came from (the logical dump is the
 * same SQL on both), and the file store.
 *
 * Order: read the manifest; verify every entry's SHA-256 and size against it (nothing is written before
 * the whole archive is known good); refuse a target that holds data; migrate the empty database to the
 * archive's migrations level; load every table in one transaction with triggers and foreign-key checks
 * off (`session_replication_role = replica`: the rows are already consistent, and triggers such as the
 * search ones must not rewrite them); set the sequences; store the files; then run the remaining
 * migrations, so an older backup is brought up to date.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { BACKUP_FORMAT_VERSION, BACKUP_ROWS_PER_FETCH } from '@portal/shared/limits';
import type { Database, Db } from '../db/client.js';
import { migrate, MIGRATIONS_DIR } from '../db/migrate.js';
import { rows } from '../db/rows.js';
import type { FileStore } from '../lib/storage.js';
import {
  BackupManifestSchema,
  fileEntry,
  MANIFEST_ENTRY,
  quoteIdent,
  tableEntry,
  type BackupManifest,
} from './backup.js';

/** The archive is damaged, incomplete or not a backup of this portal: nothing was written. */
export class BadArchiveError extends Error {}
/** The target already holds data: nothing was written. */
export class TargetNotEmptyError extends Error {}

type ZipEntries = Map<string, yauzl.Entry>;

function openZip(file: string): Promise<{ zip: yauzl.ZipFile; entries: ZipEntries }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error) return reject(new BadArchiveError(`not a backup archive: ${error.message}`));
      const entries: ZipEntries = new Map();
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.once('end', () => resolve({ zip, entries }));
      zip.once('error', (e: Error) => reject(new BadArchiveError(`damaged archive: ${e.message}`)));
      zip.readEntry();
    });
  });
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

/** Size and SHA-256 of an entry's content; yauzl itself checks the size against the zip directory. */
async function hashEntry(zip: yauzl.ZipFile, entry: yauzl.Entry) {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of await entryStream(zip, entry)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Reads and checks a whole archive: the manifest, then every table and file entry's size and SHA-256.
 * @returns the manifest
 * @throws BadArchiveError naming the first entry that is missing or differs
 */
export async function verifyArchive(file: string): Promise<BackupManifest> {
  const { zip, entries } = await openZip(file);
  try {
    const manifestEntry = entries.get(MANIFEST_ENTRY);
    if (!manifestEntry) throw new BadArchiveError(`no ${MANIFEST_ENTRY}: not a backup archive`);
    let text = '';
    for await (const chunk of await entryStream(zip, manifestEntry)) text += String(chunk);
    const parsed = BackupManifestSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new BadArchiveError(`${MANIFEST_ENTRY} is not a backup manifest`);
    const manifest = parsed.data;
    if (manifest.format !== BACKUP_FORMAT_VERSION)
      throw new BadArchiveError(
        `archive format ${manifest.format}; this version reads format ${BACKUP_FORMAT_VERSION}`,
      );
    const expected = [
      ...manifest.database.tables.map((t) => ({ ...t, name: tableEntry(t.name) })),
      ...manifest.files.map((f) => ({ ...f, name: fileEntry(f.key) })),
    ];
    for (const want of expected) {
      const entry = entries.get(want.name);
      if (!entry) throw new BadArchiveError(`${want.name} is missing from the archive`);
      const got = await hashEntry(zip, entry).catch((e: Error) => {
        throw new BadArchiveError(`${want.name} cannot be read: ${e.message}`);
      });
      if (got.sha256 !== want.sha256 || got.size !== want.size)
        throw new BadArchiveError(`${want.name} differs from the manifest (SHA-256 or size)`);
    }
    return manifest;
  } catch (error) {
    if (error instanceof SyntaxError) throw new BadArchiveError(`${MANIFEST_ENTRY} is not JSON`);
    throw error;
  } finally {
    zip.close();
  }
}

/** Whether a folder exists and holds anything. */
function hasEntries(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/**
 * Refuses a target that holds data: a PGlite data folder with anything in it, a PostgreSQL database
 * with any table in the public or drizzle schema, or a file store (folder or bucket) with any object.
 * @param target.pgliteDir the PGlite data folder (kind pglite)
 * @param target.db an open connection to the PostgreSQL database (kind postgres)
 * @param target.fileStore the file store to restore into
 * @throws TargetNotEmptyError naming what holds data
 */
export async function assertEmptyTarget(target: {
  pgliteDir?: string;
  db?: Db;
  fileStore: FileStore;
}): Promise<void> {
  if (target.pgliteDir && hasEntries(target.pgliteDir))
    throw new TargetNotEmptyError(`the data folder ${target.pgliteDir} already holds a database`);
  if (target.db) {
    const [found] = await rows<{ count: number }>(
      target.db,
      sql`SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'p')`,
    );
    if ((found?.count ?? 0) > 0)
      throw new TargetNotEmptyError(`the database already has ${found!.count} tables`);
  }
  for await (const object of target.fileStore.list())
    throw new TargetNotEmptyError(`the file store already holds files (${object.key} and maybe more)`);
}

/**
 * A copy of the migrations folder holding only the migrations up to `lastCreatedAt` (the archive's
 * level), so the empty database gets exactly the schema the dump was taken from.
 * @returns the folder (the caller removes it)
 * @throws BadArchiveError when the archive is newer than this version of the portal
 */
function migrationsUpTo(level: BackupManifest['database']['migrations']): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const entries = journal.entries.filter((e) => e.when <= level.lastCreatedAt);
  if (entries.length !== level.count)
    throw new BadArchiveError(
      `the archive's database has ${level.count} migrations, this portal knows ${entries.length} of them: restore it with the version that made it (or newer)`,
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** Columns of a table that take values (generated ones are computed again). */
async function insertableColumns(tx: Db, table: string): Promise<string[]> {
  const found = await rows<{ name: string }>(
    tx,
    sql`SELECT attname AS name FROM pg_attribute
        WHERE attrelid = ${`public.${quoteIdent(table)}`}::regclass AND attnum > 0
          AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
  );
  return found.map((r) => r.name);
}

/** Loads one table's rows from its entry, BACKUP_ROWS_PER_FETCH rows a statement. */
async function loadTable(tx: Db, zip: yauzl.ZipFile, entry: yauzl.Entry, table: string) {
  const columns = (await insertableColumns(tx, table)).map(quoteIdent).join(', ');
  const insert = (batch: string[]) =>
    tx.execute(
      sql`${sql.raw(`INSERT INTO ${quoteIdent(table)} (${columns}) SELECT ${columns}`)}
          FROM json_populate_recordset(${sql.raw(`NULL::${quoteIdent(table)}`)}, ${`[${batch.join(',')}]`}::json)`,
    );
  let batch: string[] = [];
  const lines = readline.createInterface({ input: await entryStream(zip, entry), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= BACKUP_ROWS_PER_FETCH) {
      await insert(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await insert(batch);
}

/**
 * Restores a verified archive into an empty target.
 * @param args.archive the archive file
 * @param args.database the target database, open (an empty PGlite folder or an empty PostgreSQL database)
 * @param args.fileStore the target file store
 * @returns the archive's manifest
 * @throws BadArchiveError (nothing written) when the archive is damaged or newer than this portal;
 *   TargetNotEmptyError (nothing written) when the target holds data; Error from the database otherwise
 */
export async function restoreBackup(args: {
  archive: string;
  database: Database;
  fileStore: FileStore;
  /** The archive's manifest when `verifyArchive` has already checked it (it is not read twice). */
  verified?: BackupManifest;
}): Promise<BackupManifest> {
  const manifest = args.verified ?? (await verifyArchive(args.archive));
  const { database } = args;
  await assertEmptyTarget({ db: database.db, fileStore: args.fileStore });
  const migrations = migrationsUpTo(manifest.database.migrations);
  try {
    await migrate(database, migrations);
  } finally {
    fs.rmSync(migrations, { recursive: true, force: true });
  }
  const { zip, entries } = await openZip(args.archive);
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      // Migrations may have written rows of their own (settings, counters): the archive's rows replace them.
      const tables = manifest.database.tables.map((t) => quoteIdent(t.name));
      if (tables.length > 0) await tx.execute(sql.raw(`TRUNCATE ${tables.join(', ')}`));
      for (const table of manifest.database.tables)
        await loadTable(tx, zip, entries.get(tableEntry(table.name))!, table.name);
      for (const s of manifest.database.sequences)
        if (s.value !== null)
          await tx.execute(sql`SELECT setval(${`public.${quoteIdent(s.name)}`}, ${s.value}::bigint)`);
    });
    for (const f of manifest.files) {
      const stored = await args.fileStore.put(f.key, await entryStream(zip, entries.get(fileEntry(f.key))!));
      if (stored.sha256 !== f.sha256)
        throw new BadArchiveError(`${fileEntry(f.key)} changed while restoring`);
    }
  } finally {
    zip.close();
  }
  await migrate(database);
  return manifest;
}
