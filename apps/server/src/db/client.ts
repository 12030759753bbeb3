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
import * as courseware from './schema/courseware.js';
import * as files from './schema/files.js';
import * as forms from './schema/forms.js';
import * as identity from './schema/identity.js';
import * as knowledge from './schema/knowledge.js';
import * as site from './schema/site.js';
import * as statistics from './schema/statistics.js';
import * as news from './schema/news.js';
import * as pages from './schema/pages.js';
import * as lti from './schema/lti.js';

export const schema = {
  ...courseware,
  ...files,
  ...identity,
  ...knowledge,
  ...forms,
  ...lti,
  ...news,
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
}

/**
 * Opens the database.
 * @param options.url a postgres:// URL, or undefined for PGlite
 * @param options.dir PGlite data folder; undefined keeps it in memory (tests)
 */
export async function openDatabase(options: { url?: string; dir?: string }): Promise<Database> {
  if (options.url) {
    // Bounded waits (issue 23 "database outage"): while the server is down a request fails within
    // DATABASE_CONNECT_TIMEOUT_MS (answered 503 by the error handler) instead of hanging, and the pool
    // opens fresh connections by itself once the server is back.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: DATABASE_POOL_MAX,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      query_timeout: DATABASE_QUERY_TIMEOUT_MS,
    });
    // An idle client the server drops (restart, failover, a dropped test database) must not crash the
    // process: the pool discards it and the next query opens a new one.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', url: options.url, pool, close: () => pool.end() };
  }
  if (options.dir) fs.mkdirSync(path.dirname(options.dir), { recursive: true });
  const client = await PGlite.create(options.dir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}
