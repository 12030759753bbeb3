/**
 * The durable job runner against a real database (PGlite, and the PostgreSQL server when DATABASE_URL
 * is set, where the second runner has a connection pool of its own, as a second instance would):
 * retries with backoff, permanent failures, lease take-over after a dead worker, renewal, shutdown,
 * and exactly-once work shared by two runners.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { createTestContext, type TestContext } from '../../testing/test-app.js';
import { BACKGROUND_WAIT } from '../../testing/wait.js';
import * as repo from './jobs.repository.js';
import {
  ABANDONED_JOB_ERROR,
  PermanentJobError,
  createJobRunner,
  enqueueJob,
  retryDelayMs,
  type JobHandler,
  type JobRunnerOptions,
} from './jobs.service.js';

let ctx: TestContext;
/** The database a second instance would use: its own pool on the server, the same PGlite otherwise. */
let second: Database;

beforeAll(async () => {
  ctx = await createTestContext({ JOB_WORKER: 'false' });
  second = ctx.database.url ? await openDatabase({ url: ctx.database.url }) : ctx.database;
});
afterAll(async () => {
  if (second && second !== ctx?.database) await second.close();
  await ctx?.close();
});

const Payload = z.object({ n: z.number() });
/** Work of a given length inside a job handler (not a wait: the tests wait on conditions). */
const work = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let kindCounter = 0;
/** A job kind of its own for each test, so that tests do not see each other's jobs. */
const freshKind = () => `test-${++kindCounter}-${Date.now()}`;

function runner(overrides: Partial<JobRunnerOptions> = {}) {
  return createJobRunner({
    db: ctx.database.db,
    log: ctx.app.log,
    pollIntervalMs: 20,
    leaseMs: 1000,
    retryBaseMs: 20,
    retryMaxMs: 200,
    ...overrides,
  });
}

async function jobOf(id: string) {
  const [row] = await rows<{
    status: string;
    attempts: number;
    lastError: string | null;
    lockedBy: string | null;
  }>(
    ctx.database.db,
    sql`SELECT status, attempts, last_error AS "lastError", locked_by AS "lockedBy" FROM job WHERE id = ${id}::uuid`,
  );
  return row!;
}

describe('job runner', () => {
  it('runs a queued job once with its payload and marks it done', async () => {
    const kind = freshKind();
    const seen: number[] = [];
    const r = runner();
    r.register({ kind, payload: Payload, run: async ({ n }) => void seen.push(n) });
    const id = await enqueueJob(ctx.database.db, { kind, payload: { n: 7 } });
    expect(await r.runDue()).toBe(1);
    expect(seen).toEqual([7]);
    expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
    expect(await r.runDue()).toBe(0);
  });

  it('retries a failing job with a growing delay, then fails it and calls onGiveUp in the same transaction', async () => {
    const kind = freshKind();
    const attemptsAt: number[] = [];
    const gaveUp: string[] = [];
    const r = runner();
    r.register({
      kind,
      payload: Payload,
      run: async () => {
        attemptsAt.push(Date.now());
        throw new Error(`boom ${attemptsAt.length}`);
      },
      onGiveUp: async ({ db, job, reason }) => {
        // The hook sees the job already failed, in the transaction that failed it.
        const [row] = await rows<{ status: string }>(
          db,
          sql`SELECT status FROM job WHERE id = ${job.id}::uuid`,
        );
        gaveUp.push(`${row!.status}: ${reason}`);
      },
    });
    const id = await enqueueJob(ctx.database.db, { kind, payload: { n: 1 }, maxAttempts: 3 });
    r.start();
    try {
      await vi.waitUntil(async () => (await jobOf(id)).status === 'failed', BACKGROUND_WAIT);
    } finally {
      await r.stop();
    }
    expect(attemptsAt).toHaveLength(3);
    expect(attemptsAt[1]! - attemptsAt[0]!).toBeGreaterThanOrEqual(retryDelayMs(1, 20, 200));
    expect(attemptsAt[2]! - attemptsAt[1]!).toBeGreaterThanOrEqual(retryDelayMs(2, 20, 200));
    expect(await jobOf(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'boom 3',
      lockedBy: null,
    });
    expect(gaveUp).toEqual(['failed: boom 3']);
  });

  it('fails a permanent error and a payload that does not parse at once, without retrying', async () => {
    const kind = freshKind();
    let runs = 0;
    const r = runner();
    r.register({
      kind,
      payload: Payload,
      run: async () => {
        runs += 1;
        throw new PermanentJobError('The item was deleted.');
      },
    });
    const permanent = await enqueueJob(ctx.database.db, { kind, payload: { n: 1 } });
    const malformed = await enqueueJob(ctx.database.db, { kind, payload: { n: 'not a number' } });
    await r.runDue();
    expect(runs).toBe(1);
    expect(await jobOf(permanent)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'The item was deleted.',
    });
    expect(await jobOf(malformed)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await jobOf(malformed)).lastError).toContain('payload is not valid');
  });

  it('takes over the job of a worker that died once its lease has run out', async () => {
    const kind = freshKind();
    const id = await enqueueJob(ctx.database.db, { kind, payload: { n: 2 } });
    // A worker claims it and dies without a word.
    const claimed = await repo.claimJob(ctx.database.db, {
      workerId: 'dead-worker',
      kinds: [kind],
      leaseMs: 200,
    });
    expect(claimed?.id).toBe(id);
    const seen: number[] = [];
    const r = runner();
    r.register({ kind, payload: Payload, run: async ({ n }) => void seen.push(n) });
    expect(await r.runDue()).toBe(0);
    // Taken over as soon as the lease has run out, not before.
    await vi.waitUntil(async () => (await r.runDue()) === 1, BACKGROUND_WAIT);
    expect(seen).toEqual([2]);
    expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('fails a job whose worker died on its last attempt, so that nothing stays running for ever', async () => {
    const kind = freshKind();
    const gaveUp: string[] = [];
    let runs = 0;
    const id = await enqueueJob(ctx.database.db, { kind, payload: { n: 3 }, maxAttempts: 1 });
    await repo.claimJob(ctx.database.db, { workerId: 'dead-worker', kinds: [kind], leaseMs: 50 });
    const r = runner();
    r.register({
      kind,
      payload: Payload,
      run: async () => void (runs += 1),
      onGiveUp: async ({ reason }) => void gaveUp.push(reason),
    });
    // Once the lease has run out, the next look at the queue fails it instead of running it.
    await vi.waitUntil(async () => {
      expect(await r.runDue()).toBe(0);
      return (await jobOf(id)).status === 'failed';
    }, BACKGROUND_WAIT);
    expect(runs).toBe(0);
    expect(await jobOf(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: ABANDONED_JOB_ERROR });
    expect(gaveUp).toEqual([ABANDONED_JOB_ERROR]);
  });

  it('renews the lease of a job that runs longer than it, so that no other worker takes it', async () => {
    const kind = freshKind();
    let runs = 0;
    const handler: JobHandler<z.infer<typeof Payload>> = {
      kind,
      payload: Payload,
      // Runs until the first lease has long run out by the database's clock (b looks every 20 ms).
      run: async () => {
        runs += 1;
        const [lease] = await rows<{ lockedUntil: string }>(
          ctx.database.db,
          sql`SELECT (locked_until + interval '200 milliseconds')::text AS "lockedUntil" FROM job WHERE kind = ${kind}`,
        );
        await vi.waitUntil(async () => {
          const [past] = await rows<{ isPast: boolean }>(
            ctx.database.db,
            sql`SELECT now() > ${lease!.lockedUntil}::timestamptz AS "isPast"`,
          );
          return past!.isPast;
        }, BACKGROUND_WAIT);
      },
    };
    const a = runner({ leaseMs: 300, workerId: 'a' });
    const b = createJobRunner({
      db: second.db,
      log: ctx.app.log,
      pollIntervalMs: 20,
      leaseMs: 300,
      workerId: 'b',
    });
    a.register(handler);
    b.register(handler);
    const id = await enqueueJob(ctx.database.db, { kind, payload: { n: 4 } });
    const first = a.runDue();
    await vi.waitUntil(async () => (await jobOf(id)).lockedBy === 'a', BACKGROUND_WAIT);
    b.start();
    await first;
    await b.stop();
    expect(runs).toBe(1);
    expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('gives a running job back to the queue, attempt returned, when the instance stops', async () => {
    const kind = freshKind();
    let started = false;
    const r = runner();
    r.register({
      kind,
      payload: Payload,
      run: async (_payload, { signal }) => {
        started = true;
        await new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        );
      },
    });
    const id = await enqueueJob(ctx.database.db, { kind, payload: { n: 5 } });
    r.start();
    await vi.waitUntil(() => started, BACKGROUND_WAIT);
    await r.stop();
    expect(await jobOf(id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });

  it('claims only the kinds it has handlers for', async () => {
    const kind = freshKind();
    const id = await enqueueJob(ctx.database.db, { kind, payload: { n: 6 } });
    const r = runner();
    r.register({ kind: freshKind(), payload: Payload, run: async () => undefined });
    expect(await r.runDue()).toBe(0);
    expect((await jobOf(id)).status).toBe('queued');
  });

  it('shares many jobs between two instances and runs each exactly once', async () => {
    const kind = freshKind();
    const runsOf = new Map<number, string[]>();
    const handlerFor = (worker: string): JobHandler<z.infer<typeof Payload>> => ({
      kind,
      payload: Payload,
      run: async ({ n }) => {
        runsOf.set(n, [...(runsOf.get(n) ?? []), worker]);
        await work(5 + (n % 4) * 5);
      },
    });
    const a = runner({ workerId: 'instance-a' });
    const b = createJobRunner({
      db: second.db,
      log: ctx.app.log,
      pollIntervalMs: 20,
      leaseMs: 1000,
      workerId: 'instance-b',
    });
    a.register(handlerFor('a'));
    b.register(handlerFor('b'));
    const jobCount = 30;
    const ids = [];
    for (let n = 0; n < jobCount; n += 1)
      ids.push(await enqueueJob(ctx.database.db, { kind, payload: { n } }));
    a.start();
    b.start();
    try {
      await vi.waitUntil(async () => {
        const [row] = await rows<{ done: number }>(
          ctx.database.db,
          sql`SELECT count(*)::int AS done FROM job WHERE kind = ${kind} AND status = 'done'`,
        );
        return row!.done === jobCount;
      }, BACKGROUND_WAIT);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect([...runsOf.keys()].sort((x, y) => x - y)).toEqual([...Array(jobCount).keys()]);
    for (const workers of runsOf.values()) expect(workers).toHaveLength(1);
    for (const id of ids) expect((await jobOf(id)).attempts).toBe(1);
  });

  it('doubles the retry delay from the base up to the cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 100, 500))).toEqual([100, 200, 400, 500]);
  });
});
