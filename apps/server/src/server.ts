/**
 * Starts the portal: configuration, database, migrations, demo data, then the HTTP server.
 *
 * Graceful shutdown (issue 23): on SIGTERM or SIGINT the server stops listening (kept-alive connections
 * get 503 for new requests), lets requests in flight finish, stops the job workers (each running job is
 * stopped at its next step boundary and handed back to the queue at once), closes the database and exits
 * 0. A second signal, or SHUTDOWN_DEADLINE_MS without being done, forces exit 1 with a logged warning.
 */
import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { buildApp } from './app.js';
import { importReferenceData, seedDemoIfEmpty } from './modules/seed/seed.service.js';
import { SHUTDOWN_DEADLINE_MS } from '@portal/shared/limits';
import { startOpsSocket } from './ops/ops-socket.js';
import { armFaultPoints } from './lib/fault-points.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dir: path.join(config.dataDir, 'db') });
  await migrate(database);
  const app = await buildApp({ config, database });
  if (config.faultPoints.length > 0) {
    app.log.warn({ faultPoints: config.faultPoints }, 'fault points armed: this process kills itself there');
    armFaultPoints(config.faultPoints);
  }
  await importReferenceData({ db: database.db, config, log: app.log });
  if (config.seedDemo)
    await seedDemoIfEmpty({ db: database.db, config, fileStore: app.fileStore, log: app.log });
  // On PGlite, `npm run backup` asks this process for the archive (ops/ops-socket.ts).
  const ops =
    database.kind === 'pglite'
      ? await startOpsSocket({ dataDir: config.dataDir, database, fileStore: app.fileStore, log: app.log })
      : undefined;
  let isClosing = false;
  const close = async (signal: NodeJS.Signals) => {
    if (isClosing) {
      app.log.warn({ signal }, 'second signal while shutting down: exiting now');
      process.exit(1);
    }
    isClosing = true;
    app.log.info({ signal, deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.warn({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed: exiting now');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    try {
      await ops?.close();
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(deadline);
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void close(signal));
  process.on('SIGTERM', (signal) => void close(signal));
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
