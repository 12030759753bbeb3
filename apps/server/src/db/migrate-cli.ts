/**
 * `npm run db:migrate`: brings the configured database (DATABASE_URL, else the PGlite folder under
 * DATA_DIR) up to date without starting the server, e.g. before instances start on a PostgreSQL server.
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { migrate } from './migrate.js';

async function main(): Promise<void> {
  // npm runs workspace scripts in apps/server; a relative DATA_DIR means the folder npm was run from.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dir: path.join(config.dataDir, 'db') });
  try {
    await migrate(database);
    console.log(
      `Migrated ${config.databaseUrl ? 'the PostgreSQL database' : `PGlite in ${config.dataDir}`}.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
