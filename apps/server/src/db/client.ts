/**
 * The database: PGlite in DATA_DIR by default, a PostgreSQL server when DATABASE_URL is set (DESIGN.md).
 * Both are driven through the same Drizzle API and the same SQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import {
  DATABASE_CONNECT_TIMEOUT_MS,
  DATABASE_POOL_MAX,
  DATABASE_QUERY_TIMEOUT_MS,
} from '@portal/shared/limits';
import * as contributors from './schema/contributors.js';
import * as courseware from './schema/courseware.js';
import * as events from './schema/events.js';
import * as files from './schema/files.js';
import * as forms from './schema/forms.js';
import * as identity from './schema/identity.js';
import * as jobs from './schema/jobs.js';
import * as knowledge from './schema/knowledge.js';
import * as lessons from './schema/lessons.js';
import * as lti from './schema/lti.js';
import * as mail from './schema/mail.js';
import * as news from './schema/news.js';
import * as organizations from './schema/organizations.js';
import * as pages from './schema/pages.js';
import * as site from './schema/site.js';
import * as statistics from './schema/statistics.js';
import * as follows from './schema/follows.js';
import * as imports from './schema/imports.js';

export const schema = {
  ...contributors,
  ...courseware,
  ...events,
  ...files,
  ...forms,
  ...identity,
  ...jobs,
  ...knowledge,
  ...lessons,
  ...lti,
  ...follows,
  ...imports,
  ...mail,
  ...news,
  ...organizations,
  ...pages,
  ...site,
  ...statistics,
};
export type Schema = typeof schema;
/** A Drizzle database or transaction over either driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server URL when kind is postgres. */
  url?: string;
  /** The connection pool when kind is postgres (its counts feed /metrics, issue 23). */
  pool?: pg.Pool;
  close(): Promise<void>;
  /** PGlite only: its data folder as a tarball, to open again with `openDatabase({ image })`. */
  dumpImage?(): Promise<Blob>;
}

/**
 * A pool of connections to a PostgreSQL server with the portal's limits, for the primary and each read
 * replica. Sequential scans start at the table's first page (`synchronize_seqscans` off): a search takes
 * the first candidates a scan of a frequent word meets (search-ranking.repository.ts), and with the
 * default a scan of a table larger than a quarter of shared_buffers starts where the last scan of it was
 * (seen at 100,000 items: block 14,273), so the same query got other candidates than the index gives.
 */
export function serverPool(url: string): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max: DATABASE_POOL_MAX,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    query_timeout: DATABASE_QUERY_TIMEOUT_MS,
    options: '-c synchronize_seqscans=off',
  });
}

/**
 * Opens the database.
 * @param options.url a postgres:// URL, or undefined for PGlite
 * @param options.dir PGlite data folder; undefined keeps it in memory (tests)
 * @param options.image a PGlite data folder as `dumpDataDir` wrote it (a tarball), to start from instead of
 *   an empty cluster (the tests start from one migrated cluster: no initdb and no migrations per test file)
 */
export async function openDatabase(options: { url?: string; dir?: string; image?: Blob }): Promise<Database> {
  if (options.url) {
    // Bounded waits (issue 23 "database outage"): while the server is down a request fails within
    // DATABASE_CONNECT_TIMEOUT_MS (answered 503 by the error handler) instead of hanging, and the pool
    // opens fresh connections by itself once the server is back.
    const pool = serverPool(options.url);
    // An idle client the server drops (restart, failover, a dropped test database) must not crash the
    // process: the pool discards it and the next query opens a new one.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', url: options.url, pool, close: () => pool.end() };
  }
  if (options.dir) fs.mkdirSync(path.dirname(options.dir), { recursive: true });
  const client = await PGlite.create(options.dir, {
    extensions: { pg_trgm },
    ...(options.image ? { loadDataDir: options.image } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    dumpImage: () => client.dumpDataDir('none'),
  };
}
