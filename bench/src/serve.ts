/**
 * The bench server, run as a child process by run.ts so that client and server don't share an event
 * loop and the server's resident memory can be read from /proc: the real application (buildApp) on a
 * prepared catalogue, without migrations or demo data, on 127.0.0.1 at a free port.
 *
 * Environment: BENCH_DATABASE_URL (a PostgreSQL database) or BENCH_PGLITE_DIR (a PGlite data folder),
 * and BENCH_DATA_DIR (a scratch DATA_DIR for the file store). Reports
 * `{ type: 'listening', port }` over IPC and exits when the parent disconnects or on SIGTERM.
 */
import type { AddressInfo } from 'node:net';
import { BENCH_METRICS_TOKEN } from './config.js';

/** The message sent to the parent once the server listens. */
export interface ListeningMessage {
  type: 'listening';
  port: number;
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL || undefined;
  const dir = process.env.BENCH_PGLITE_DIR || undefined;
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!url && !dir) throw new Error('Set BENCH_DATABASE_URL or BENCH_PGLITE_DIR');
  if (!dataDir) throw new Error('Set BENCH_DATA_DIR');
  const { buildApp } = await import('../../apps/server/src/app.js');
  const { loadConfig } = await import('../../apps/server/src/config.js');
  const { openDatabase } = await import('../../apps/server/src/db/client.js');
  const database = await openDatabase(url ? { url } : { dir });
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: url ?? '',
    SEED_DEMO: 'false',
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  let isClosing = false;
  const close = async () => {
    if (isClosing) return;
    isClosing = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('disconnect', () => void close());
  process.once('SIGTERM', () => void close());
  const message: ListeningMessage = { type: 'listening', port: (app.server.address() as AddressInfo).port };
  process.send?.(message);
}

main().catch((error: unknown) => {
  console.error('bench server:', error instanceof Error ? error.message : error);
  process.exit(1);
});
