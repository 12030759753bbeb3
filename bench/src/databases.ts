/**
 * The two databases the benchmark runs on: PGlite in a cached data folder under .bench/ (rebuilt only
 * when CATALOGUE_VERSION or the corpus changes), and a database of its own on the PostgreSQL server
 * (portal_bench_<pid>, created here and dropped by `dispose`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { MIGRATIONS_DIR, migrate } from '../../apps/server/src/db/migrate.js';
import { buildCatalogue, type CatalogueManifest } from './catalogue.js';
import {
  CATALOGUE_SIZE,
  CATALOGUE_VERSION,
  OUTPUT_DIR,
  POSTGRES_ADMIN_URL,
  POSTGRES_CONNECT_TIMEOUT_MS,
} from './config.js';
import type { BaseDocument } from './corpus.js';
import type { Variant } from './variants.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** A catalogue ready to be served. */
export interface PreparedCatalogue {
  kind: DatabaseKind;
  manifest: CatalogueManifest;
  /** True when the catalogue came from the cache and was not built in this run. */
  isCached: boolean;
  /**
   * Brings the database into a variant's state and returns the bench server's environment for it
   * (BENCH_DATABASE_URL or BENCH_PGLITE_DIR). Variants are taken in VARIANTS order: after one that
   * changes the database, the unchanged state is gone (on PGlite the changes go to a copy).
   */
  useVariant(variant: Variant): Promise<Record<string, string>>;
  /** Drops what this run created (the server database, the PGlite copy); the PGlite cache is kept. */
  dispose(): Promise<void>;
}

/** Applies a variant's preparation on a database and closes it. */
async function prepareVariant(variant: Variant, options: { url?: string; dir?: string }): Promise<void> {
  if (!variant.prepare) return;
  const database = await openDatabase(options);
  try {
    await variant.prepare(database.db);
  } finally {
    await database.close();
  }
}

/** What is cached beside the PGlite data folder. */
interface CachedManifest extends CatalogueManifest {
  corpusDigest: string;
  migrationsDigest: string;
}

const CACHE_PREFIX = 'pglite-v';
/** Where the variants that change the database work on PGlite: a copy of the cache, deleted after. */
const VARIANT_COPY_DIR = path.join(OUTPUT_DIR, 'variant-pglite');

/** A digest of the base texts, so that a changed corpus invalidates the cache. */
function corpusDigest(docs: readonly BaseDocument[]): string {
  const hash = crypto.createHash('sha256');
  for (const d of docs) hash.update(`${d.title}\n${d.keywords.join(',')}\n${d.paragraphs.join('\n')}\n\n`);
  return hash.digest('hex');
}

/** A digest of the server's migrations: a catalogue built under other migrations is rebuilt. */
function migrationsDigest(): string {
  const hash = crypto.createHash('sha256');
  const journal = path.join(MIGRATIONS_DIR, 'meta', '_journal.json');
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => path.join(MIGRATIONS_DIR, f));
  for (const file of [...files, journal]) {
    if (fs.existsSync(file)) hash.update(`${path.basename(file)}\n${fs.readFileSync(file, 'utf8')}\n`);
  }
  return hash.digest('hex');
}

async function buildInto(
  database: Database,
  docs: readonly BaseDocument[],
  log: (line: string) => void,
  signal: AbortSignal,
): Promise<CatalogueManifest> {
  try {
    await migrate(database);
    return await buildCatalogue(database.db, docs, log, signal);
  } finally {
    await database.close();
  }
}

/**
 * The PGlite catalogue: reused from .bench/pglite-v<version>/ when its manifest matches (generator
 * version, corpus and migrations), else built. Caches of other versions are deleted.
 */
export async function preparePglite(
  docs: readonly BaseDocument[],
  log: (line: string) => void,
  signal: AbortSignal,
): Promise<PreparedCatalogue> {
  const root = path.join(OUTPUT_DIR, `${CACHE_PREFIX}${CATALOGUE_VERSION}`);
  const dir = path.join(root, 'db');
  const manifestFile = path.join(root, 'manifest.json');
  const digests = { corpusDigest: corpusDigest(docs), migrationsDigest: migrationsDigest() };
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  for (const entry of fs.readdirSync(OUTPUT_DIR)) {
    if (entry.startsWith(CACHE_PREFIX) && path.join(OUTPUT_DIR, entry) !== root)
      fs.rmSync(path.join(OUTPUT_DIR, entry), { recursive: true, force: true });
  }
  let copied = false;
  const useVariant = async (variant: Variant) => {
    if (!variant.prepare) return { BENCH_PGLITE_DIR: dir };
    if (!copied) {
      fs.rmSync(VARIANT_COPY_DIR, { recursive: true, force: true });
      fs.cpSync(dir, VARIANT_COPY_DIR, { recursive: true });
      copied = true;
    }
    await prepareVariant(variant, { dir: VARIANT_COPY_DIR });
    return { BENCH_PGLITE_DIR: VARIANT_COPY_DIR };
  };
  const dispose = async () => fs.rmSync(VARIANT_COPY_DIR, { recursive: true, force: true });
  if (fs.existsSync(manifestFile)) {
    const cached = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as CachedManifest;
    if (
      cached.version === CATALOGUE_VERSION &&
      cached.items === CATALOGUE_SIZE &&
      cached.corpusDigest === digests.corpusDigest &&
      cached.migrationsDigest === digests.migrationsDigest
    ) {
      log(`PGlite: cached catalogue in ${root}`);
      return { kind: 'pglite', manifest: cached, isCached: true, useVariant, dispose };
    }
  }
  // Rebuilt when the generator (CATALOGUE_VERSION), the corpus or the server's migrations changed.
  log(`PGlite: building ${CATALOGUE_SIZE.toLocaleString('en')} items into ${dir}`);
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  const manifest = await buildInto(await openDatabase({ dir }), docs, log, signal);
  // The manifest is written last: a build that was interrupted leaves no manifest and is redone.
  const cached: CachedManifest = { ...manifest, ...digests };
  fs.writeFileSync(`${manifestFile}.tmp`, JSON.stringify(cached, null, 2));
  fs.renameSync(`${manifestFile}.tmp`, manifestFile);
  return { kind: 'pglite', manifest, isCached: false, useVariant, dispose };
}

/** The server's admin URL: BENCH_POSTGRES_URL when set, else POSTGRES_ADMIN_URL. */
export function adminUrl(): string {
  return process.env.BENCH_POSTGRES_URL || POSTGRES_ADMIN_URL;
}

/** Runs statements on the server's admin database, in order. */
export async function onAdmin(statements: string[]): Promise<void> {
  const client = new pg.Client({
    connectionString: adminUrl(),
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Whether the PostgreSQL server answers within POSTGRES_CONNECT_TIMEOUT_MS. */
export async function postgresAnswers(): Promise<boolean> {
  try {
    await onAdmin(['SELECT 1']);
    return true;
  } catch {
    return false;
  }
}

/**
 * A new database portal_bench_<pid> on the server, migrated and filled with the catalogue.
 * `dispose` drops it; so does a failed build.
 *
 * With BENCH_KEEP_POSTGRES=1 the database is portal_bench_keep_v<version>_<items> instead, kept after
 * the run with its manifest in .bench/, and reused by a later run whose generator, corpus and
 * migrations are the same (a 1,000,000-item build takes a quarter of an hour; EXPLAIN wants it kept).
 */
export async function preparePostgres(
  docs: readonly BaseDocument[],
  log: (line: string) => void,
  signal: AbortSignal,
): Promise<PreparedCatalogue> {
  const isKept = process.env.BENCH_KEEP_POSTGRES === '1';
  const name = isKept
    ? `portal_bench_keep_v${CATALOGUE_VERSION}_${CATALOGUE_SIZE}`
    : `portal_bench_${process.pid}`;
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const drop = () => onAdmin([`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
  const prepared = (manifest: CatalogueManifest, isCached: boolean): PreparedCatalogue => ({
    kind: 'postgres',
    manifest,
    isCached,
    useVariant: async (variant) => {
      await prepareVariant(variant, { url: url.toString() });
      return { BENCH_DATABASE_URL: url.toString() };
    },
    dispose: isKept ? async () => log(`kept database ${name} (BENCH_KEEP_POSTGRES)`) : drop,
  });
  const manifestFile = path.join(OUTPUT_DIR, `${name}.json`);
  const digests = { corpusDigest: corpusDigest(docs), migrationsDigest: migrationsDigest() };
  if (isKept && fs.existsSync(manifestFile)) {
    const cached = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as CachedManifest;
    if (
      cached.corpusDigest === digests.corpusDigest &&
      cached.migrationsDigest === digests.migrationsDigest &&
      (await databaseExists(name))
    ) {
      log(`PostgreSQL: kept catalogue in database ${name}`);
      return prepared(cached, true);
    }
  }
  await onAdmin([`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]);
  log(`PostgreSQL: building ${CATALOGUE_SIZE.toLocaleString('en')} items into database ${name}`);
  try {
    const manifest = await buildInto(await openDatabase({ url: url.toString() }), docs, log, signal);
    if (isKept) {
      fs.mkdirSync(OUTPUT_DIR, { recursive: true });
      fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, ...digests }, null, 2));
    }
    return prepared(manifest, false);
  } catch (error) {
    await drop();
    throw error;
  }
}

/** Whether a database of that name exists on the server. */
async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: adminUrl(),
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  });
  await client.connect();
  try {
    const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return result.rowCount === 1;
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` on a new, migrated scratch database of `kind`, open, and removes it after: PGlite in a
 * temporary folder, or portal_bench_<label>_<pid> on the server.
 * @param label names the folder and the database (letters, digits, underscores)
 */
export async function withScratchDatabase<T>(
  kind: DatabaseKind,
  label: string,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  let open: () => Promise<Database>;
  let remove: () => Promise<void>;
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${label}-bench-`));
    open = () => openDatabase({ dir });
    remove = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `portal_bench_${label}_${process.pid}`;
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    await onAdmin([`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]);
    open = () => openDatabase({ url: url.toString() });
    remove = () => onAdmin([`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
  }
  try {
    const database = await open();
    try {
      await migrate(database);
      return await work(database);
    } finally {
      await database.close();
    }
  } finally {
    await remove();
  }
}

/**
 * Inserts `courses` published courses of `size` items each (the course and its labs) with ids
 * md5('item' || k)::uuid, k from 1: item k belongs to the course of its group of `size`.
 */
export async function insertCourses(database: Database, courses: number, size: number): Promise<void> {
  await database.db.execute(sql`
    INSERT INTO content (id, name, url_alias, status, categories, parent_id, root_id)
    SELECT md5('item' || k)::uuid, 'Item ' || k, 'bench-item-' || k, 'published', ARRAY['exercise'],
           CASE WHEN (k - 1) % ${size} = 0 THEN NULL ELSE md5('item' || (k - (k - 1) % ${size}))::uuid END,
           md5('item' || (k - (k - 1) % ${size}))::uuid
    FROM generate_series(1, ${courses * size}::int) k ORDER BY k`);
}
