/**
 * Migrations numbered in the order they apply (issue 21). The previous release named some files out of
 * order (0013_facet_counts applied before 0011_pages; no 0006, no 0012); `fixtures/previous-release-
 * migrations.json` keeps its journal: each migration's `when`, file name and SHA-256. A database that
 * release migrated must migrate with the renumbered files without applying anything twice.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { MIGRATIONS_DIR, migrate } from './migrate.js';
import { rows } from './rows.js';
import { createServerDatabase } from '../testing/test-app.js';

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}
interface Journal {
  version: string;
  dialect: string;
  entries: JournalEntry[];
}
interface PreviousEntry {
  when: number;
  tag: string;
  sha256: string;
}

const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
const journal = readJson<Journal>(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'));
const previous = readJson<{ entries: PreviousEntry[] }>(
  fileURLToPath(new URL('fixtures/previous-release-migrations.json', import.meta.url)),
).entries;
const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const currentByWhen = new Map(journal.entries.map((e) => [e.when, e]));

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A migrations folder as the previous release shipped it, holding its first `count` migrations. */
function previousReleaseFolder(count = previous.length): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = previous.slice(0, count).map((old, idx) => {
    const current = currentByWhen.get(old.when)!;
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${current.tag}.sql`), path.join(dir, `${old.tag}.sql`));
    return { ...current, idx, tag: old.tag };
  });
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

/** An empty database: in-memory PGlite, or a new one on the PostgreSQL server when DATABASE_URL is set. */
async function emptyDatabase(): Promise<Database> {
  const server = process.env.DATABASE_URL ? await createServerDatabase(process.env.DATABASE_URL) : undefined;
  const database = await openDatabase({ url: server?.url });
  cleanups.push(async () => {
    await database.close();
    await server?.drop();
  });
  return database;
}

const applied = (database: Database) =>
  rows<{ hash: string; created_at: string }>(
    database.db,
    sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id`,
  ).then((list) => list.map((r) => ({ hash: r.hash, when: Number(r.created_at) })));

/** Tables, columns, indexes, constraints, functions and triggers of the public schema. */
async function schemaOf(database: Database): Promise<unknown> {
  const query = (text: string) => rows<Record<string, unknown>>(database.db, sql.raw(text));
  return {
    columns: await query(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY table_name, column_name`,
    ),
    indexes: await query(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`),
    constraints: await query(
      `SELECT conrelid::regclass::text AS on_table, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
    ),
    functions: await query(
      `SELECT proname, md5(prosrc) AS body FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1, 2`,
    ),
    triggers: await query(
      `SELECT tgrelid::regclass::text AS on_table, tgname FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2`,
    ),
    // Where a column's values are kept (in the row or in the TOAST table): 0004 and 0027 set it.
    storage: await query(
      `SELECT c.relname, a.attname, a.attstorage FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
       ORDER BY 1, 2`,
    ),
  };
}

describe('migrations', () => {
  it('are numbered in the order they apply, without gaps, each the same SQL at the same moment as before', () => {
    expect(journal.entries.map((e) => Number(e.tag.slice(0, 4)))).toEqual(journal.entries.map((_, i) => i));
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
    const whens = journal.entries.map((e) => e.when);
    expect(whens).toEqual([...whens].sort((a, b) => a - b));
    expect(new Set(whens).size).toBe(whens.length);
    for (const old of previous) {
      const current = currentByWhen.get(old.when);
      expect(current, old.tag).toBeDefined();
      expect(sha256(path.join(MIGRATIONS_DIR, `${current!.tag}.sql`)), old.tag).toBe(old.sha256);
    }
    expect(fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))).toEqual(
      journal.entries.map((e) => `${e.tag}.sql`),
    );
    expect(
      fs.readdirSync(path.join(MIGRATIONS_DIR, 'meta')).filter((f) => f.endsWith('_snapshot.json')),
    ).toEqual(journal.entries.map((e) => `${e.tag.slice(0, 4)}_snapshot.json`));
  });

  it("migrate a copy of the previous release's database: nothing applied twice, the schema complete", async () => {
    const fresh = await emptyDatabase();
    await migrate(fresh);

    const released = await emptyDatabase();
    await migrate(released, previousReleaseFolder());
    const before = await applied(released);
    expect(before).toHaveLength(previous.length);
    await migrate(released);
    // Every migration of the previous release was applied under its old name; only the later ones are new.
    const after = await applied(released);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toHaveLength(journal.entries.length);
    expect(await applied(fresh)).toEqual(after);
    expect(await schemaOf(released)).toEqual(await schemaOf(fresh));
  });

  it('keep in the row what search reads of every candidate: its search vector, its name and name vector', async () => {
    const database = await emptyDatabase();
    await migrate(database);
    // MAIN: in the row, compressed if need be. With the default, a row made large by its search vector had
    // its name moved to the TOAST table, and sorting the candidates by name read it there (issue 36).
    expect(
      await rows<{ attname: string; attstorage: string }>(
        database.db,
        sql`SELECT attname, attstorage FROM pg_attribute WHERE attrelid = 'content'::regclass
            AND attname IN ('name', 'name_vector', 'search_vector') ORDER BY attname`,
      ),
    ).toEqual([
      { attname: 'name', attstorage: 'm' },
      { attname: 'name_vector', attstorage: 'm' },
      { attname: 'search_vector', attstorage: 'm' },
    ]);
  });

  it('migrate an older database: only the migrations it had not applied, under their new names', async () => {
    const firstTen = 10;
    const older = await emptyDatabase();
    await migrate(older, previousReleaseFolder(firstTen));
    expect(await applied(older)).toHaveLength(firstTen);
    await migrate(older);
    const after = await applied(older);
    expect(after.slice(firstTen).map((m) => m.when)).toEqual(
      journal.entries.slice(firstTen).map((e) => e.when),
    );
    expect(after.slice(firstTen).map((m) => m.hash)).toEqual(
      journal.entries.slice(firstTen).map((e) => sha256(path.join(MIGRATIONS_DIR, `${e.tag}.sql`))),
    );
    const fresh = await emptyDatabase();
    await migrate(fresh);
    expect(await schemaOf(older)).toEqual(await schemaOf(fresh));
  });
});
