/**
 * Graceful shutdown (issue 23): SIGTERM arrives while a client slowly downloads a big file and a bundle
 * job runs. The download completes whole, new connections are refused (or answered 503), the process
 * exits 0 within SHUTDOWN_DEADLINE_MS, and after a restart the bundle is built at once (the job was
 * handed back, not left to its lease). PGlite in DATA_DIR, or the PostgreSQL server with DATABASE_URL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SHUTDOWN_DEADLINE_MS } from '@portal/shared/limits';
import { BUNDLE_JOB_KIND } from '../modules/files/bundles.service.js';
import { storeFile } from '../testing/fixtures.js';
import { prepareProcessData, type ProcessData } from '../testing/process-data.js';
import { startServerProcess, type ServerProcess } from '../testing/server-process.js';

/** Bundle sources big enough that building takes a few seconds. */
const BUNDLE_FILE_COUNT = 3;
const BUNDLE_FILE_RANDOM_BYTES = 3 * 1024 * 1024;
/** The download: bigger than what the loopback socket buffers hold, so the server is still writing. */
const DOWNLOAD_RANDOM_BYTES = 12 * 1024 * 1024;
/** The reader sleeps this long per chunk, so the download lasts past the signal. */
const READ_PAUSE_MS = 10;
/** SIGTERM is sent once this much of the bundle's archive is written. */
const SIGNAL_AFTER_BYTES = 1024 * 1024;
/** A job handed back is taken at the next start at once; a lost one would wait out this lease. */
const LEASE_MS = 60_000;
const BUNDLE_READY_WAIT_MS = 30_000;
const TEST_TIMEOUT_MS = 150_000;

let data: ProcessData;
let env: Record<string, string>;
let download: { id: string; sha256: string; size: number };
let portal: ServerProcess | undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const api = (url: string, init: RequestInit = {}) =>
  fetch(`${portal!.url}${url}`, { ...init, headers: { ...data.headers.faculty, ...init.headers } });

/** GETs `url` and reads the body slowly; resolves with the bytes and when the last one arrived. */
function slowGet(url: string, firstChunk: () => void) {
  return new Promise<{ status: number; body: Buffer; endedAt: number }>((resolve, reject) => {
    http
      .get(url, (response) => {
        const chunks: Buffer[] = [];
        let isFirst = true;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (isFirst) firstChunk();
          isFirst = false;
          response.pause();
          setTimeout(() => response.resume(), READ_PAUSE_MS);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), endedAt: Date.now() }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  data = await prepareProcessData('portal-shutdown', {
    seed: async (db, fileStore, tree) => {
      const store = (bytes: Buffer, n: number) =>
        storeFile(db, fileStore, bytes, {
          name: `Capture ${n}`,
          filename: `capture-${n}.txt`,
          mimeType: 'text/plain',
          metadataId: tree.lab,
          index: n,
        });
      for (let n = 1; n <= BUNDLE_FILE_COUNT; n += 1)
        await store(Buffer.from(crypto.randomBytes(BUNDLE_FILE_RANDOM_BYTES).toString('base64')), n);
      const big = Buffer.from(crypto.randomBytes(DOWNLOAD_RANDOM_BYTES).toString('base64'));
      const stored = await store(big, BUNDLE_FILE_COUNT + 1);
      download = { id: stored.id, sha256: stored.sha256, size: big.length };
    },
  });
  env = { ...data.env, JOB_LEASE_MS: String(LEASE_MS), JOB_POLL_INTERVAL_MS: '100' };
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  await portal?.stop('SIGKILL');
  await data?.destroy();
});

it(
  'finishes a slow download, refuses new connections, exits 0, and hands the running bundle job back',
  async () => {
    portal = await startServerProcess(env);
    const link = (await (
      await api(`/api/v1/files/${download.id}/download-url?from=${data.tree.lab}`)
    ).json()) as {
      publicUrl: string;
    };
    let downloadStarted!: () => void;
    const started = new Promise<void>((resolve) => (downloadStarted = resolve));
    const downloading = slowGet(`${portal.url}${link.publicUrl}`, downloadStarted);
    const requested = await api(`/api/v1/content/${data.tree.course}/bundle`, { method: 'POST' });
    expect(requested.status).toBe(202);
    const { fileId: bundleId } = (await requested.json()) as { fileId: string };

    const partials = path.join(data.dataDir, 'files', '.partial');
    const writtenBytes = () =>
      fs.existsSync(partials)
        ? fs.readdirSync(partials).reduce((sum, name) => sum + fs.statSync(path.join(partials, name)).size, 0)
        : 0;
    const waitUntil = Date.now() + BUNDLE_READY_WAIT_MS;
    while (writtenBytes() < SIGNAL_AFTER_BYTES && Date.now() < waitUntil) await sleep(5);
    await started;
    expect(writtenBytes()).toBeGreaterThanOrEqual(SIGNAL_AFTER_BYTES);

    const signalledAt = Date.now();
    portal.child.kill('SIGTERM');
    let exitedAt = 0;
    const exited = portal.exited.then((result) => ((exitedAt = Date.now()), result));
    await sleep(200);
    const late = await fetch(`${portal.url}/dist/env.json`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    const got = await downloading;
    expect(got.status).toBe(200);
    expect(got.body.length).toBe(download.size);
    expect(crypto.createHash('sha256').update(got.body).digest('hex')).toBe(download.sha256);
    const { code } = await exited;
    expect(code).toBe(0);
    // The server waited for the download: it exited after the last byte was read.
    expect(exitedAt).toBeGreaterThanOrEqual(got.endedAt);
    expect(exitedAt - signalledAt).toBeLessThan(SHUTDOWN_DEADLINE_MS);
    expect(portal.logs.some((l) => l['msg'] === 'shut down')).toBe(true);

    // The bundle job was handed back (queued, no lease), so the next start builds it well within its lease.
    const database = await data.openDatabase();
    try {
      const jobs = (await database.db.execute(
        sql`SELECT status, locked_by FROM job WHERE kind = ${BUNDLE_JOB_KIND}`,
      )) as unknown as { rows: { status: string; locked_by: string | null }[] };
      expect(jobs.rows).toEqual([{ status: 'queued', locked_by: null }]);
    } finally {
      await database.close();
    }
    portal = await startServerProcess(env);
    const status = () =>
      api(`/api/v1/files/${bundleId}`).then(async (r) => ((await r.json()) as { status: string }).status);
    let settled = await status();
    const readyBy = Date.now() + BUNDLE_READY_WAIT_MS;
    while (settled === 'pending' && Date.now() < readyBy) {
      await sleep(200);
      settled = await status();
    }
    expect(settled).toBe('ready');
    await portal.stop('SIGTERM');
  },
  TEST_TIMEOUT_MS,
);
