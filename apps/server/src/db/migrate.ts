/** Applies the drizzle-kit migrations in apps/server/drizzle (the same SQL on PGlite and PostgreSQL). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client.js';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Advisory lock id that serialises migrations of instances starting together on one server. */
const MIGRATION_LOCK_ID = 72_716_001;

/**
 * Brings the schema up to date; safe to run at every start and from several instances at once.
 * Drizzle applies, in journal order, each migration whose `when` (milliseconds) is later than the last
 * applied one's `created_at`; the file name (`tag`) only locates its SQL, so files may be renumbered
 * as long as `when` and the SQL stay the same (`migrate.test.ts` migrates a previous release's database).
 * @param migrationsFolder a drizzle-kit migrations folder (journal in `meta/`); the app's own by default
 */
export async function migrate(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client) as unknown as NodePgDatabase, { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
