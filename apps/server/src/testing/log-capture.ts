/** A second app on a test context's database whose log lines are kept, to read what it logs. */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { TestContext } from './test-app.js';

/**
 * Builds the app on `ctx`'s database and file store with a logger at `level` writing into `lines`
 * (one JSON line per entry). Close the app when done.
 */
export async function buildLoggedApp(
  ctx: TestContext,
  level = 'info',
): Promise<{ app: FastifyInstance; lines: string[] }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({
    config: ctx.config,
    database: ctx.database,
    fileStore: ctx.fileStore,
    logger: { level, stream },
  });
  await app.ready();
  return { app, lines };
}
