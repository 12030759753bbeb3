/**
 * Restarts the app of a test context with another environment over the same database and file store,
 * as an operator restarting the server with a changed configuration would.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { TestContext } from './test-app.js';

/**
 * Builds the app anew over `ctx`'s database with `env` (the running `ctx.app` must be closed first).
 * @throws whatever start throws (a bad configuration, a SECRETS_KEY that opens nothing)
 */
export async function buildAppAgain(ctx: TestContext, env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: ctx.dataDir,
    LOG_LEVEL: 'silent',
    // As in createTestContext: load shedding's delay is not watched on the shared test machine.
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    RANGE_UI_URL: 'https://range.example.edu',
    DATABASE_URL: ctx.config.databaseUrl ?? '',
    ...env,
  } as NodeJS.ProcessEnv);
  const app = await buildApp({ config, database: ctx.database, fileStore: ctx.fileStore, logger: false });
  await app.ready();
  return app;
}
