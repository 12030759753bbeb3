/**
 * Operations (issue 23): /api/health, /api/ready and its checks, request ids in headers, error bodies
 * and log lines, /metrics behind its token, and load shedding with Retry-After and recovery.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { enqueueJob } from '../modules/jobs/jobs.service.js';
import { useTestApp } from '../testing/use-test-app.js';
import { BACKGROUND_WAIT } from '../testing/wait.js';

const TOKEN = 'metrics-token-of-the-test-0123456789abcdef';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const { ctx } = useTestApp({ env: { METRICS_TOKEN: TOKEN, JOB_POLL_INTERVAL_MS: '50' } });

describe('health and ready', () => {
  it('health answers 200 with a request id', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('ready is 200 once the worker has beaten, 503 naming the check when its heartbeat is old', async () => {
    await vi.waitUntil(
      async () => (await ctx.app.inject({ url: '/api/ready' })).statusCode === 200,
      BACKGROUND_WAIT,
    );
    const ok = await ctx.app.inject({ url: '/api/ready' });
    expect(ok.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', worker: 'ok', load: 'ok' },
    });

    await ctx.app.jobs.stop();
    try {
      await ctx.database.db.execute(sql`UPDATE worker_heartbeat SET beat_at = now() - interval '1 hour'`);
      const stale = await ctx.app.inject({ url: '/api/ready' });
      expect(stale.statusCode).toBe(503);
      const body = stale.json();
      expect(body).toMatchObject({
        code: 'unavailable',
        message: 'Not ready: worker.',
        details: { checks: { database: 'ok', migrations: 'ok', worker: 'failed', load: 'ok' } },
      });
      expect(body.requestId).toBe(stale.headers['x-request-id']);
      expect(stale.headers['retry-after']).toBeDefined();
    } finally {
      ctx.app.jobs.start();
    }
    await vi.waitUntil(
      async () => (await ctx.app.inject({ url: '/api/ready' })).statusCode === 200,
      BACKGROUND_WAIT,
    );
  });

  it('ready is 503 while the newest migration is not applied', async () => {
    const newest = sql`(SELECT max(id) FROM drizzle.__drizzle_migrations)`;
    await ctx.database.db.execute(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE id = ${newest}`,
    );
    try {
      const res = await ctx.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().details.checks.migrations).toBe('failed');
    } finally {
      await ctx.database.db.execute(
        sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 1 WHERE id = ${newest}`,
      );
    }
    expect((await ctx.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('every error body carries the id of the X-Request-Id header', async () => {
    for (const request of [
      { url: '/api/v1/no-such-thing' },
      { url: '/api/v1/me' },
      { url: '/metrics' },
      { url: '/%E0%A4%A' },
    ]) {
      const res = await ctx.app.inject(request);
      expect(res.statusCode, request.url).toBeGreaterThanOrEqual(400);
      expect(res.headers['x-request-id'], request.url).toMatch(UUID);
      expect(res.json().requestId, request.url).toBe(res.headers['x-request-id']);
    }
  });

  it("takes a trusted proxy's sane X-Request-Id and replaces an unfit one", async () => {
    // inject connects from 127.0.0.1, a trusted proxy under the default TRUST_PROXY=loopback.
    const kept = await ctx.app.inject({
      url: '/api/v1/nothing',
      headers: { 'x-request-id': 'lb-42:abc.DEF_9' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-42:abc.DEF_9');
    expect(kept.json().requestId).toBe('lb-42:abc.DEF_9');
    for (const unfit of ['has space', 'x'.repeat(129), '<script>']) {
      const res = await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': unfit } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });
});

describe('an app behind no trusted proxy, without METRICS_TOKEN, logging at info', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({
      config: { ...ctx.config, trustProxy: false, metricsToken: null, isJobWorker: false },
      database: ctx.database,
      fileStore: ctx.fileStore,
      logger: { level: 'info', stream },
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  it("ignores the caller's X-Request-Id and logs every line of the request with its id", async () => {
    const res = await app.inject({ url: '/api/v1/nothing', headers: { 'x-request-id': 'forged-id' } });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    const ofRequest = lines.map((l) => JSON.parse(l) as { reqId?: string }).filter((l) => l.reqId === id);
    expect(ofRequest.length).toBeGreaterThanOrEqual(2); // incoming request, request completed
    expect(lines.join('')).not.toContain('forged-id');
  });

  it('does not log health, ready or metrics at info; /metrics is 404 without METRICS_TOKEN', async () => {
    const before = lines.length;
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    await app.inject({ url: '/api/ready' });
    const metrics = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.json().code).toBe('not_found');
    expect(lines.slice(before).filter((l) => JSON.parse(l).level <= 30)).toEqual([]);
  });
});

describe('metrics', () => {
  it('refuses a missing or wrong token with 401', async () => {
    expect((await ctx.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('unauthenticated');
  });

  it('serves request durations per route pattern, queue depth per kind, the outbox backlog and the pool', async () => {
    await ctx.app.inject({ url: '/api/health' });
    await ctx.app.inject({ url: '/api/v1/pages/some-page-that-is-not-there' });
    await ctx.app.jobs.stop();
    try {
      await enqueueJob(ctx.database.db, { kind: 'metrics-test', payload: {}, delayMs: 0 });
      await enqueueJob(ctx.database.db, { kind: 'metrics-test', payload: {}, delayMs: 0 });
      const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.body;
      expect(text).toMatch(
        /http_request_duration_seconds_count\{route="\/api\/health",method="GET",status="200"\} \d+/,
      );
      // The route's pattern, never the raw URL.
      expect(text).not.toContain('some-page-that-is-not-there');
      expect(text).toMatch(/portal_job_queue_depth\{kind="metrics-test"\} 2/);
      expect(text).toMatch(/portal_job_queue_oldest_age_seconds\{kind="metrics-test"\} [\d.e-]+/);
      expect(text).toMatch(/portal_mail_outbox_backlog \d+/);
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      if (ctx.database.kind === 'postgres')
        expect(text).toMatch(/portal_db_pool_connections\{state="total"\} \d+/);
      else expect(text).not.toContain('portal_db_pool_connections');
    } finally {
      await ctx.database.db.execute(sql`DELETE FROM job WHERE kind = 'metrics-test'`);
      ctx.app.jobs.start();
    }
  });
});

describe('load shedding', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      config: { ...ctx.config, overloadEventLoopDelayMs: 300, isJobWorker: false },
      database: ctx.database,
      fileStore: ctx.fileStore,
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  it('answers 503 with Retry-After while the event loop is blocked, keeps health and ready, and recovers', async () => {
    expect((await app.inject({ url: '/api/v1/no-such-thing' })).statusCode).toBe(404);
    // under-pressure reads the *mean* delay of each 1 s sample, so one long block can fall between two
    // samples and average out. Keep the loop blocked in chunks well past the threshold, yielding to
    // timers between them, until a sample sees it.
    const giveUpAt = Date.now() + 10_000;
    while (!app.isUnderPressure() && Date.now() < giveUpAt) {
      const until = Date.now() + 600;
      while (Date.now() < until) {
        /* busy */
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(app.isUnderPressure()).toBe(true);
    const refused = await app.inject({ url: '/api/v1/no-such-thing' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json()).toMatchObject({ code: 'unavailable', requestId: refused.headers['x-request-id'] });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().details.checks.load).toBe('failed');

    // Two test files share the machine's two cores: the delay may take a few samples to fall back.
    await vi.waitUntil(() => !app.isUnderPressure(), { timeout: 15_000, interval: 20 });
    expect((await app.inject({ url: '/api/v1/no-such-thing' })).statusCode).toBe(404);
  });
});
