/**
 * Several server instances on one database share bundle work without building the same bundle twice
 * (issue 3). On the PostgreSQL server (DATABASE_URL) each instance has its own connection pool, as
 * separate processes would; on PGlite they share the one connection.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import { file } from '../../db/schema/files.js';
import { job } from '../../db/schema/jobs.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { bearer, storeFile } from '../../testing/fixtures.js';
import { createLocalFileStore, type FileStore } from '../../lib/storage.js';

// The test context's own app only serves; the two instances below do the work.
const { ctx, accounts, tree } = useTestApp({ tree: true, env: { JOB_WORKER: 'false' } });
let second: Database;
const instances: { app: FastifyInstance; puts: string[] }[] = [];

/** A store on the shared folder that notes every object written. */
function countingStore(puts: string[]): FileStore {
  const store = createLocalFileStore(path.join(ctx.dataDir, 'files'));
  return { ...store, put: (key, body, options) => (puts.push(key), store.put(key, body, options)) };
}

async function startInstance(database: Database) {
  const puts: string[] = [];
  const app = await buildApp({
    config: { ...ctx.config, isJobWorker: true, jobPollIntervalMs: 20 },
    database,
    fileStore: countingStore(puts),
    logger: false,
  });
  await app.ready();
  instances.push({ app, puts });
}

beforeAll(async () => {
  // Enough bytes that a build takes a moment, so that both instances are looking while it runs.
  for (const [contentId, n] of [
    [tree.lab, 1],
    [tree.lab, 2],
    [tree.module, 3],
  ] as const) {
    const bytes = Buffer.from(crypto.randomBytes(1024 * 1024).toString('base64'));
    await storeFile(ctx.database.db, ctx.fileStore, bytes, {
      name: `Capture ${n}`,
      filename: `capture-${n}.txt`,
      mimeType: 'text/plain',
      metadataId: contentId,
      index: n,
    });
  }
  second = ctx.database.url ? await openDatabase({ url: ctx.database.url }) : ctx.database;
  await startInstance(ctx.database);
  await startInstance(second);
});

afterAll(async () => {
  for (const { app } of instances) await app.close();
  if (second && second !== ctx.database) await second.close();
});

async function waitUntilReady(fileIds: string[]) {
  for (let i = 0; i < 600; i += 1) {
    const rows = await ctx.database.db.select({ id: file.id, status: file.status }).from(file);
    const statuses = fileIds.map((id) => rows.find((r) => r.id === id)?.status);
    if (statuses.every((s) => s === 'ready')) return;
    if (statuses.includes('failed')) throw new Error('a bundle failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('bundles stayed pending');
}

it('builds a bundle requested on both instances at once exactly once', async () => {
  const requests = await Promise.all(
    Array.from({ length: 6 }, async (_, i) =>
      instances[i % 2]!.app.inject({
        method: 'POST',
        url: `/api/v1/content/${tree.course}/bundle`,
        headers: await bearer(instances[i % 2]!.app, accounts.faculty),
      }),
    ),
  );
  const ids = new Set(requests.map((r) => r.json().fileId));
  expect(ids.size).toBe(1);
  const [fileId] = [...ids] as [string];
  await waitUntilReady([fileId]);
  const jobs = await ctx.database.db.select().from(job).where(eq(job.kind, 'bundle'));
  expect(jobs).toHaveLength(1);
  expect(jobs[0]).toMatchObject({ status: 'done', attempts: 1 });
  // One archive was written, by one of the instances.
  expect(instances.flatMap((i) => i.puts)).toHaveLength(1);
});

it('shares the bundles of several items between the instances, each built once', async () => {
  const before = instances.flatMap((i) => i.puts).length;
  const targets = [tree.module, tree.lab, tree.module, tree.lab];
  const requests = await Promise.all(
    targets.map(async (contentId, i) =>
      instances[i % 2]!.app.inject({
        method: 'POST',
        url: `/api/v1/content/${contentId}/bundle`,
        headers: await bearer(instances[i % 2]!.app, accounts.contenteditor),
      }),
    ),
  );
  const ids = [...new Set(requests.map((r) => r.json().fileId as string))];
  expect(ids).toHaveLength(2);
  await waitUntilReady(ids);
  expect(instances.flatMap((i) => i.puts).length - before).toBe(2);
  const jobs = await ctx.database.db.select().from(job).where(eq(job.kind, 'bundle'));
  expect(jobs.map((j) => j.attempts)).toEqual([1, 1, 1]);
});
