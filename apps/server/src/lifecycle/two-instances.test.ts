/**
 * Many instances, proven (issue 24): two portal processes on one PostgreSQL database and one S3 bucket
 * (s3rver), the second with JOB_WORKER=false, behave as one portal, checked through HTTP only: a file
 * uploaded through one downloads through the other; a bundle asked of the non-worker is built by the
 * worker; a flag switched on one is in the other's /dist/env.json at once; a logout through one is
 * refused by the other; a per-address limit counts requests to both. (Two instances starting together
 * migrate once: database-lifecycle.test.ts.) DATABASE_URL's server when set, else a cluster of the
 * test's own.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { CLIENT_ERROR_RATE_MAX } from '@portal/shared/limits';
import type { Role } from '@portal/shared/enums';
import { createPostgresCluster, type PostgresCluster } from '../testing/postgres-cluster.js';
import { prepareProcessData, type ProcessData } from '../testing/process-data.js';
import { startS3Server, type S3TestServer } from '../testing/s3-server.js';
import { callProcess, okJson, startServerProcess, type ServerProcess } from '../testing/server-process.js';
import { readZip } from '../testing/zip.js';

const TEST_TIMEOUT_MS = 120_000;
const BUNDLE_WAIT = { timeout: 30_000, interval: 100 } as const;

let cluster: PostgresCluster | undefined;
let s3: S3TestServer;
let data: ProcessData;
/** `worker` runs jobs; `web` (JOB_WORKER=false) only answers requests. */
let worker: ServerProcess;
let web: ServerProcess;

beforeAll(async () => {
  s3 = await startS3Server();
  if (!process.env.DATABASE_URL) cluster = await createPostgresCluster();
  data = await prepareProcessData('portal-instances', { adminUrl: cluster?.url, files: s3 });
  const env = { ...data.env, JOB_POLL_INTERVAL_MS: '100' };
  [worker, web] = await Promise.all([
    startServerProcess(env),
    startServerProcess({ ...env, JOB_WORKER: 'false' }),
  ]);
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all([worker?.stop('SIGKILL'), web?.stop('SIGKILL')]);
  await data?.destroy();
  await cluster?.destroy();
  await s3?.close();
});

/** A request to `portal` as `role`, with a JSON body when given. */
const call = (
  portal: ServerProcess,
  role: Role | undefined,
  method: string,
  url: string,
  body?: object | FormData,
) => callProcess(portal, method, url, { headers: role ? data.headers[role] : {}, body });
const json = okJson;
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

it(
  'downloads through one instance a file uploaded through the other',
  async () => {
    const bytes = crypto.randomBytes(200_000);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      type: 'application/octet-stream',
      name: 'Capture',
      visibility: 'private',
      metadataType: 'content',
      metadataId: data.tree.lab,
    }))
      form.set(name, value);
    form.set('file', new Blob([bytes]), 'capture.pcap');
    const { id } = await json<{ id: string }>(call(worker, 'contenteditor', 'POST', '/api/v1/files', form));

    const link = await json<{ publicUrl: string }>(
      call(web, 'faculty', 'GET', `/api/v1/files/${id}/download-url?from=${data.tree.lab}`),
    );
    const download = await fetch(`${web.url}${link.publicUrl}`);
    expect(download.status).toBe(200);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(bytes));
  },
  TEST_TIMEOUT_MS,
);

it(
  'builds on the worker a bundle asked of the other instance, and serves it from either',
  async () => {
    const requested = await call(web, 'faculty', 'POST', `/api/v1/content/${data.tree.course}/bundle`);
    expect(requested.status).toBe(202);
    const { fileId } = (await requested.json()) as { fileId: string };
    const status = async () =>
      (await json<{ status: string }>(call(web, 'faculty', 'GET', `/api/v1/files/${fileId}`))).status;
    await vi.waitUntil(async () => (await status()) !== 'pending', BUNDLE_WAIT);
    expect(await status()).toBe('ready');
    expect(worker.logs.some((l) => l['msg'] === 'bundle built')).toBe(true);
    expect(web.logs.some((l) => l['msg'] === 'bundle built')).toBe(false);

    const link = await json<{ publicUrl: string }>(
      call(worker, 'faculty', 'GET', `/api/v1/files/${fileId}/download-url?from=${data.tree.course}`),
    );
    const zip = await readZip(
      Buffer.from(await (await fetch(`${worker.url}${link.publicUrl}`)).arrayBuffer()),
    );
    const manifest = JSON.parse(zip.at(-1)!.data.toString('utf8')) as {
      files: { path: string; sha256: string }[];
    };
    expect(manifest.files.length).toBeGreaterThan(0);
    for (const f of manifest.files) expect(sha256(zip.find((e) => e.name === f.path)!.data)).toBe(f.sha256);
  },
  TEST_TIMEOUT_MS,
);

it(
  "serves at once in one instance's /dist/env.json a flag switched through the other",
  async () => {
    const features = async (portal: ServerProcess) =>
      (await json<{ features: Record<string, boolean> }>(call(portal, undefined, 'GET', '/dist/env.json')))
        .features;
    const before = (await features(web)).jobs;
    await json(call(worker, 'admin', 'PUT', '/api/v1/site/settings', { flags: { jobs: !before } }));
    expect((await features(web)).jobs).toBe(!before);
    await json(call(web, 'admin', 'PUT', '/api/v1/site/settings', { flags: { jobs: null } }));
    expect((await features(worker)).jobs).toBe(before);
  },
  TEST_TIMEOUT_MS,
);

it(
  'refuses on one instance a session logged out through the other',
  async () => {
    expect((await call(web, 'student', 'GET', '/api/v1/auth/session')).status).toBe(200);
    expect((await call(worker, 'student', 'POST', '/api/v1/auth/logout')).status).toBe(204);
    expect((await call(web, 'student', 'GET', '/api/v1/auth/session')).status).toBe(401);
  },
  TEST_TIMEOUT_MS,
);

it(
  'counts a per-address limit over requests to both instances',
  async () => {
    const report = (portal: ServerProcess) =>
      call(portal, undefined, 'POST', '/api/v1/client-errors', { code: 'probe', message: 'probe', url: '/' });
    for (let n = 0; n < CLIENT_ERROR_RATE_MAX; n += 1)
      expect((await report(n % 2 === 0 ? worker : web)).status).toBe(204);
    expect((await report(worker)).status).toBe(429);
    expect((await report(web)).status).toBe(429);
  },
  TEST_TIMEOUT_MS,
);
