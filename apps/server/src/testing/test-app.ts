/**
 * Builds the real application on a fresh database for a test file (STYLE.md habit 10):
 * in-memory PGlite by default, or a new database of its own on the PostgreSQL server when
 * DATABASE_URL is set (dropped again by `close`). Files go to a fresh temporary folder.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { buildApp } from '../app.js';
import type { FileStore } from '../lib/storage.js';
import { createFileStore } from '../lib/file-store-factory.js';

// What database-image.ts (the global set-up) provides; declared here, where every program that builds a
// test context (the server's tests, the benches) sees it.
declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the migrated cluster's image, or '' when the tests run on a PostgreSQL server. */
    databaseImage: string;
  }
}

let image: Blob | undefined;
/** The migrated cluster's image the global set-up wrote (database-image.ts), read once per test file. */
function migratedImage(): Blob | undefined {
  // Outside a Vitest run (a bench) there is no image: the database is migrated as usual.
  const file = process.env.VITEST ? inject('databaseImage') : '';
  if (!file) return undefined;
  image ??= new Blob([fs.readFileSync(file)]);
  return image;
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  fileStore: FileStore;
  dataDir: string;
  close(): Promise<void>;
}

/** A new database of its own on the PostgreSQL server at `adminUrl`, and how to drop it. */
export async function createServerDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * @param env extra environment for loadConfig (e.g. SEED_DEMO)
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const serverUrl = process.env.DATABASE_URL;
  const server = serverUrl ? await createServerDatabase(serverUrl) : undefined;
  const loaded = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Load shedding off (0: the delay is not watched): two test files sharing the machine's two cores block each
    // other's event loops for seconds; the operations test turns it on with its own threshold.
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    // The in-process render cache off: many tests change rows directly and read them back at once, which
    // an instance sees only when it reads the generation again (PUBLIC_GENERATION_RECHECK_MS); the render
    // cache's own test turns it on.
    RENDER_CACHE_BYTES_MAX: '0',
    // A configured exercise area, as on a real site (tests of an unconfigured one pass '').
    RANGE_UI_URL: 'https://range.example.edu',
    ...(server ? { DATABASE_URL: server.url } : { DATABASE_URL: '' }),
    ...env,
  } as NodeJS.ProcessEnv);
  // No built web app: whether `apps/web/dist` exists must not change the routes under test (its files
  // would each be a static route of the table the authorization matrix walks).
  const config: Config = {
    ...loaded,
    webDistDir: path.join(dataDir, 'web'),
    webServerEntry: path.join(dataDir, 'web-server', 'entry-server.js'),
  };
  const database = await openDatabase({ url: server?.url, image: server ? undefined : migratedImage() });
  await migrate(database);
  // The local folder of DATA_DIR, or the bucket FILE_STORE=s3 and S3_* in `env` name.
  const fileStore = await createFileStore(config);
  const app = await buildApp({ config, database, fileStore, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    fileStore,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await server?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
