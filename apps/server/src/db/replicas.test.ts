/**
 * Read replicas (issue 36) against a real streaming replica the test starts itself: a primary of its own
 * (initdb) and a hot standby of it (pg_basebackup -R), each on its own port and in its own folder, both
 * stopped after; never the machine's server, whatever DATABASE_URL says. Two instances of the app share
 * them, as behind a load balancer. The replica is made to lag deterministically by pausing its replay
 * (`pg_wal_replay_pause()`), and stopped mid-run as a crash would (`pg_ctl stop -m immediate`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { READ_YOUR_WRITES_WINDOW_MS } from '@portal/shared/limits';
import { ContentWriteResponseSchema, type ContentWriteResponse } from '@portal/shared/schemas/courseware';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createFileStore } from '../lib/file-store-factory.js';
import { WROTE_COOKIE } from '../plugins/read-replicas.js';
import { bearer, createAccounts } from '../testing/fixtures.js';
import {
  createPostgresCluster,
  createStandby,
  hasPostgresBinaries,
  type PostgresCluster,
} from '../testing/postgres-cluster.js';
import { openDatabase, type Database } from './client.js';
import { migrate } from './migrate.js';
import { formatLsn, parseLsn } from './replicas.js';

/** The PostgreSQL programs the test runs (Debian: /usr/lib/postgresql/<version>/bin, linked onto PATH). */
const PROGRAMS = ['initdb', 'pg_ctl', 'pg_basebackup'];
/** Time for the clusters, the migrations and two instances; a loaded 2-core machine takes a while. */
const SETUP_TIMEOUT_MS = 120_000;
/** How long a test waits for the replica to catch up, or to be in use again. */
const CATCH_UP = { timeout: 30_000, interval: 100 } as const;
/** Searches sent at once, over and over, for LOAD_MS before and after the replica stops. */
const SEARCHERS = 4;
const LOAD_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const METRICS_TOKEN = 'replicas-test-metrics-token-0123456789';

let primary: PostgresCluster | undefined;
let replica: PostgresCluster | undefined;
let database: Database;
let replicaClient: pg.Client | undefined;
const instances: { app: FastifyInstance; dataDir: string }[] = [];
let accounts: Record<string, string>;

/** An instance of the app on the test's primary and replica (as test-app.ts builds one). */
async function startInstance(): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-replicas-'));
  const loaded = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    RENDER_CACHE_BYTES_MAX: '0',
    SEED_DEMO: 'false',
    DATABASE_URL: primary!.url,
    DATABASE_REPLICA_URLS: replica!.url,
    METRICS_TOKEN,
  } as NodeJS.ProcessEnv);
  const config = {
    ...loaded,
    webDistDir: path.join(dataDir, 'web'),
    webServerEntry: path.join(dataDir, 'web-server', 'entry-server.js'),
  };
  const app = await buildApp({ config, database, fileStore: await createFileStore(config), logger: false });
  await app.ready();
  instances.push({ app, dataDir });
  return app;
}

beforeAll(async () => {
  if (!(await hasPostgresBinaries(PROGRAMS)))
    throw new Error(
      `replicas.test.ts starts its own PostgreSQL primary and replica: it needs ${PROGRAMS.join(', ')} on PATH ` +
        '(Debian: apt-get install postgresql, then link /usr/lib/postgresql/<version>/bin/* into /usr/local/bin).',
    );
  primary = await createPostgresCluster();
  replica = await createStandby(primary);
  database = await openDatabase({ url: primary.url });
  await migrate(database);
  accounts = await createAccounts(database.db);
  replicaClient = new pg.Client({ connectionString: replica.url });
  // The replica's stop drops this connection: an error event the test expects.
  replicaClient.on('error', () => undefined);
  await replicaClient.connect();
  // Two instances, as behind a load balancer; both first look at the replica while it is in step.
  await startInstance();
  await startInstance();
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  for (const { app, dataDir } of instances) {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await replicaClient?.end().catch(() => undefined);
  await database?.close();
  await replica?.destroy();
  await primary?.destroy();
}, SETUP_TIMEOUT_MS);

const first = () => instances[0]!.app;
const second = () => instances[1]!.app;
/** The replica as `app` sees it. */
const replicaOf = (app: FastifyInstance) => app.replicas!.status()[0]!;

/** Waits until `app` uses the replica again and it has replayed the primary's position now. */
async function caughtUp(app: FastifyInstance): Promise<void> {
  const target = await app.replicas!.primaryLsn();
  await vi.waitUntil(async () => {
    await app.replicas!.check();
    const { isHealthy, replayedLsn } = replicaOf(app);
    return isHealthy && (parseLsn(replayedLsn ?? '') ?? 0n) >= target;
  }, CATCH_UP);
}

const call = (app: FastifyInstance, options: InjectOptions) => app.inject(options);

/** Creates a published item as the curator on `app`; returns it and the cookie of the write. */
async function publishItem(app: FastifyInstance, word: string) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/v1/content',
    headers: await bearer(app, accounts.contenteditor!),
    payload: { name: `Replicated ${word}`, description: `<p>About ${word}.</p>`, status: 'published' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = res.cookies.find((c) => c.name === WROTE_COOKIE);
  return { item: ContentWriteResponseSchema.parse(res.json()), cookie };
}

const detail = (app: FastifyInstance, item: ContentWriteResponse, headers: Record<string, string> = {}) =>
  call(app, { method: 'GET', url: `/api/v1/content/${item.id}`, headers });

/** The ids a search for `word` finds, as whoever `headers` names. */
async function searchIds(app: FastifyInstance, word: string, headers: Record<string, string> = {}) {
  const res = await call(app, { method: 'GET', url: `/api/v1/content/search?q=${word}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { id: string }[] }).items.map((i) => i.id);
}

/** The catalogue's generation a public answer of `app` is labelled with (its ETag's middle part). */
async function labelledGeneration(app: FastifyInstance): Promise<string> {
  const res = await call(app, { method: 'GET', url: '/api/v1/content' });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.headers.etag).split('.')[1]!;
}

/** `portal_db_replica_healthy` of the replica in `app`'s /metrics. */
async function replicaMetric(app: FastifyInstance): Promise<number> {
  const res = await call(app, {
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  const line = res.body.split('\n').find((l) => l.startsWith('portal_db_replica_healthy{'));
  expect(line).toContain(`replica="${replicaOf(app).name}"`);
  return Number(line!.split(' ').at(-1));
}

describe('reads from a streaming replica', () => {
  it('answers search and item detail from the replica once it has replayed the item', async () => {
    const app = first();
    const { item } = await publishItem(app, 'wiretapping');
    await caughtUp(app);
    const before = replicaOf(app).reads;
    expect((await detail(app, item)).statusCode).toBe(200);
    expect(await searchIds(app, 'wiretapping')).toEqual([item.id]);
    expect(replicaOf(app).reads).toBeGreaterThan(before);
  });

  it('shows a curator their save at once while the replica lags, on this instance and on another', async () => {
    const app = first();
    await caughtUp(app);
    await caughtUp(second());
    const generation = await labelledGeneration(app);
    await replicaClient!.query('SELECT pg_wal_replay_pause()');
    await vi.waitUntil(async () => {
      const { rows } = await replicaClient!.query<{ state: string }>(
        'SELECT pg_get_wal_replay_pause_state() AS state',
      );
      return rows[0]?.state === 'paused';
    }, CATCH_UP);
    try {
      const { item, cookie } = await publishItem(app, 'eavesdropping');
      // The replica is behind the item but within the lag limit: in use for everyone else.
      for (const instance of [app, second()]) {
        await instance.replicas!.check();
        expect(replicaOf(instance).isHealthy).toBe(true);
      }
      // A visitor reads the replica, which has not replayed the item.
      expect((await detail(app, item)).statusCode).toBe(404);
      expect((await detail(second(), item)).statusCode).toBe(404);
      expect(await searchIds(app, 'eavesdropping')).toEqual([]);
      // What it serves is labelled with the generation it replayed, not the primary's newer one: no cache
      // keeps the old answer under the new ETag.
      expect(await labelledGeneration(app)).toBe(generation);
      // The curator's own reads go to the primary: by their account on this instance...
      const curator = await bearer(app, accounts.contenteditor!);
      expect((await detail(app, item, curator)).statusCode).toBe(200);
      expect(await searchIds(app, 'eavesdropping', curator)).toEqual([item.id]);
      // ...and by the cookie of the write on another (which knows nothing of the write).
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: READ_YOUR_WRITES_WINDOW_MS / 1000,
      });
      const withCookie = { cookie: `${WROTE_COOKIE}=${cookie!.value}` };
      expect((await detail(second(), item, withCookie)).statusCode).toBe(200);
      expect(await searchIds(second(), 'eavesdropping', withCookie)).toEqual([item.id]);
    } finally {
      await replicaClient!.query('SELECT pg_wal_replay_resume()');
    }
    // Once replayed, everyone reads it from the replica.
    await caughtUp(app);
    await vi.waitUntil(async () => (await labelledGeneration(app)) !== generation, CATCH_UP);
    const before = replicaOf(app).reads;
    const published = await searchIds(app, 'eavesdropping');
    expect(published).toHaveLength(1);
    expect(replicaOf(app).reads).toBeGreaterThan(before);
  });

  it('goes on answering searches from the primary while the replica is down, and uses it again once back', async () => {
    const app = first();
    const student = await bearer(app, accounts.student!);
    await caughtUp(app);
    const search = () =>
      call(app, { method: 'GET', url: '/api/v1/content/search?q=wiretapping', headers: student });

    // Searches keep coming while the replica stops at once, as in a crash: none fails.
    const statuses: number[] = [];
    let isRunning = true;
    const searching = Promise.all(
      Array.from({ length: SEARCHERS }, async () => {
        while (isRunning) statuses.push((await search()).statusCode);
      }),
    );
    await sleep(LOAD_MS);
    await replica!.stop('immediate');
    await sleep(LOAD_MS);
    isRunning = false;
    await searching;
    expect(statuses.length).toBeGreaterThan(SEARCHERS);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // Down: the first query that meets it (or its dropped connections) leaves it out; the primary answers.
    expect((await search()).statusCode).toBe(200);
    expect(replicaOf(app).isHealthy).toBe(false);
    const readsWhileDown = replicaOf(app).reads;
    for (let i = 0; i < 3; i += 1) expect((await search()).statusCode).toBe(200);
    expect(replicaOf(app).reads).toBe(readsWhileDown);
    expect(await replicaMetric(app)).toBe(0);

    // Back: the next health check puts it in use again.
    await replica!.start();
    await replicaClient!.end().catch(() => undefined);
    replicaClient = undefined;
    await caughtUp(app);
    const before = replicaOf(app).reads;
    expect((await search()).statusCode).toBe(200);
    expect(replicaOf(app).reads).toBeGreaterThan(before);
    expect(await replicaMetric(app)).toBe(1);
  });
});

describe('DATABASE_REPLICA_URLS and WAL positions', () => {
  it('takes comma-separated postgres:// URLs, only with DATABASE_URL, and fails naming the variable', () => {
    const primaryUrl = 'postgres://portal@db-1/portal';
    expect(
      loadConfig({ DATABASE_URL: primaryUrl, DATABASE_REPLICA_URLS: 'postgres://a/p, postgresql://b:5433/p' })
        .databaseReplicaUrls,
    ).toEqual(['postgres://a/p', 'postgresql://b:5433/p']);
    expect(loadConfig({ DATABASE_URL: primaryUrl }).databaseReplicaUrls).toEqual([]);
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://a/p' })).toThrow(
      /DATABASE_REPLICA_URLS: replicas need DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: primaryUrl, DATABASE_REPLICA_URLS: 'http://a/p' })).toThrow(
      /DATABASE_REPLICA_URLS/,
    );
  });

  it('reads and writes WAL positions as PostgreSQL does', () => {
    expect(parseLsn('0/3000060')).toBe(0x3000060n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(formatLsn((0x16n << 32n) + 0xb374d848n)).toBe('16/B374D848');
    for (const bad of ['', '16', '16/', 'G/1', '1/2/3', '123456789/0']) expect(parseLsn(bad)).toBeNull();
  });
});
