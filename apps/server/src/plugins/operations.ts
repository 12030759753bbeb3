/**
 * Operations endpoints and load shedding (issue 23, docs/operations.md).
 *
 *   GET /api/health → 200 { status: 'ok' } while the process answers.
 *   GET /api/ready  → 200 { status: 'ready', checks } when the database answers within
 *                     READY_DATABASE_TIMEOUT_MS, its migrations are the newest of the journal, some job
 *                     worker's heartbeat is recent and the server is not overloaded; else 503 in the house
 *                     error shape, `details.checks` naming the failed check(s).
 *
 * Both are logged at warn at most (not at info) and are exempt from load shedding. Every other request
 * gets 503 `unavailable` with Retry-After (OVERLOAD_RETRY_AFTER_S) while the event-loop delay or the
 * used heap is over its threshold (@fastify/under-pressure; OVERLOAD_* in config).
 */
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, type ErrorBody } from '@portal/shared/errors';
import {
  OVERLOAD_RETRY_AFTER_S,
  READY_DATABASE_TIMEOUT_MS,
  WORKER_HEARTBEAT_STALE_POLLS,
} from '@portal/shared/limits';
import { MIGRATIONS_DIR } from '../db/migrate.js';
import { rows } from '../db/rows.js';

export const HEALTH_PATH = '/api/health';
export const READY_PATH = '/api/ready';
const EXEMPT = new Set([HEALTH_PATH, READY_PATH]);

/** The checks of /api/ready: 'ok', 'failed', or 'unknown' (not looked at because the database failed). */
export type CheckState = 'ok' | 'failed' | 'unknown';
export interface ReadyChecks {
  database: CheckState;
  migrations: CheckState;
  worker: CheckState;
  load: CheckState;
}

/** `when` (ms) of the newest migration of the journal: the database is current when it applied it. */
function newestMigrationWhen(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** Rejects after `ms` milliseconds unless `promise` settles first. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export default fp(
  async function operations(app: FastifyInstance) {
    const newestWhen = newestMigrationWhen();
    const heartbeatStaleMs = Math.max(
      WORKER_HEARTBEAT_STALE_POLLS * app.config.jobPollIntervalMs,
      app.config.jobLeaseMs,
    );

    await app.register(underPressure, {
      maxEventLoopDelay: app.config.overloadEventLoopDelayMs,
      maxHeapUsedBytes: app.config.overloadHeapUsedBytes,
      retryAfter: OVERLOAD_RETRY_AFTER_S,
      // The house 503; health and ready still answer (ready reports the overload as its `load` check).
      pressureHandler: (request, reply, type) => {
        if (EXEMPT.has(request.url.split('?')[0] ?? '')) return undefined;
        request.log.warn({ pressure: type }, 'overloaded: request refused');
        void reply.header('retry-after', String(OVERLOAD_RETRY_AFTER_S));
        // A rejection goes to the error handler: the house 503 body with the request id.
        return Promise.reject(
          new AppError('unavailable', 'The server is busy. Please try again in a moment.', {
            pressure: type,
          }),
        );
      },
    });

    /** GET /api/health (issue 23): 200 while the process answers; no database work. */
    app.get(HEALTH_PATH, { logLevel: 'warn', schema: { hide: true } }, async () => ({ status: 'ok' }));

    /** GET /api/ready (issue 23): 200 { status, checks } or 503 unavailable with details.checks. */
    app.get(READY_PATH, { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
      const checks: ReadyChecks = {
        database: 'unknown',
        migrations: 'unknown',
        worker: 'unknown',
        load: 'ok',
      };
      if (app.isUnderPressure()) checks.load = 'failed';
      try {
        const [probe] = await within(
          rows<{ applied: string | number | null; heartbeat_age_ms: string | number | null }>(
            app.db,
            sql`SELECT (SELECT max(created_at) FROM drizzle.__drizzle_migrations) AS applied,
                       (SELECT extract(epoch FROM now() - max(beat_at)) * 1000 FROM worker_heartbeat) AS heartbeat_age_ms`,
          ),
          READY_DATABASE_TIMEOUT_MS,
        );
        checks.database = 'ok';
        checks.migrations = probe?.applied != null && Number(probe.applied) >= newestWhen ? 'ok' : 'failed';
        checks.worker =
          probe?.heartbeat_age_ms != null && Number(probe.heartbeat_age_ms) < heartbeatStaleMs
            ? 'ok'
            : 'failed';
      } catch (error) {
        checks.database = 'failed';
        request.log.warn({ err: error }, 'ready: database check failed');
      }
      const failed = (Object.keys(checks) as (keyof ReadyChecks)[]).filter((k) => checks[k] === 'failed');
      if (failed.length === 0) return { status: 'ready', checks };
      const body: ErrorBody = {
        code: 'unavailable',
        message: `Not ready: ${failed.join(', ')}.`,
        details: { checks },
        requestId: request.id,
      };
      return reply.status(503).header('retry-after', String(OVERLOAD_RETRY_AFTER_S)).send(body);
    });
  },
  { name: 'operations', dependencies: ['db'] },
);
