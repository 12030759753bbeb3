/** Starts the portal: configuration, database, migrations, demo data, then the HTTP server. */
import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { buildApp } from './app.js';
import { seedDemoIfEmpty } from './modules/seed/seed.service.js';
import { startOpsSocket } from './ops/ops-socket.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dir: path.join(config.dataDir, 'db') });
  await migrate(database);
  const app = await buildApp({ config, database });
  if (config.seedDemo)
    await seedDemoIfEmpty({ db: database.db, config, fileStore: app.fileStore, log: app.log });
  // On PGlite, `npm run backup` asks this process for the archive (ops/ops-socket.ts).
  const ops =
    database.kind === 'pglite'
      ? await startOpsSocket({ dataDir: config.dataDir, database, fileStore: app.fileStore, log: app.log })
      : undefined;
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await ops?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.ready();
  // The API document is built on first use, a second of work: build it before the first caller waits.
  app.swagger();
  app.swagger({ yaml: true });
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
