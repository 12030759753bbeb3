/**
 * Prometheus metrics at GET /metrics (issue 23, docs/operations.md), in a prom-client registry of the
 * app's own: request durations per route pattern, method and status; the job queue's depth and oldest
 * age per kind and the mail outbox backlog (read from the database at scrape time); the PostgreSQL
 * pool's connections (none on PGlite); whether each read replica is in use (issue 36); and Node's
 * defaults, event-loop lag among them.
 *
 * Served only when METRICS_TOKEN is set (else 404) and the request carries `Authorization: Bearer
 * <token>` (compared in constant time; else 401). Logged at warn at most.
 */
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ErrorBody } from '@portal/shared/errors';
import { rows } from '../db/rows.js';
import { isMetricsToken } from '../lib/metrics-token.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The registry /metrics serves; plugins registered after this one add their metrics to it. */
    metricsRegistry: Registry;
  }
}

export const METRICS_PATH = '/metrics';
/** Label of a request that matched no route (so 404 probes do not make new series). */
const UNMATCHED_ROUTE = 'unmatched';

/** Whether `header` is `Bearer <token>`. */
function carriesToken(header: string | undefined, token: string): boolean {
  return isMetricsToken(header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined, token);
}

export default fp(
  async function metrics(app: FastifyInstance) {
    const token = app.config.metricsToken;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    app.decorate('metricsRegistry', registry);

    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      duration.observe(
        {
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          method: request.method,
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    new Gauge({
      name: 'portal_job_queue_depth',
      help: 'Jobs queued or running, by kind.',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of await queue()) this.set({ kind: r.kind }, Number(r.depth));
      },
    });
    new Gauge({
      name: 'portal_job_queue_oldest_age_seconds',
      help: 'Age of the oldest due job that is queued or running, by kind.',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of await queue()) this.set({ kind: r.kind }, Number(r.oldest_age_s ?? 0));
      },
    });
    new Gauge({
      name: 'portal_mail_outbox_backlog',
      help: 'Mails of the outbox waiting to be sent.',
      registers: [registry],
      async collect() {
        const [r] = await rows<{ n: string | number }>(
          app.db,
          sql`SELECT count(*) AS n FROM outbox WHERE status = 'pending'`,
        );
        this.set(Number(r?.n ?? 0));
      },
    });
    const pool = app.database.pool;
    if (pool) {
      new Gauge({
        name: 'portal_db_pool_connections',
        help: 'Connections of the PostgreSQL pool: total, idle, and requests waiting for one.',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }
    const { replicas } = app;
    if (replicas) {
      new Gauge({
        name: 'portal_db_replica_healthy',
        help: 'Read replicas (DATABASE_REPLICA_URLS): 1 while in use, 0 while left out (down or lagging).',
        labelNames: ['replica'] as const,
        registers: [registry],
        collect() {
          for (const r of replicas.status()) this.set({ replica: r.name }, r.isHealthy ? 1 : 0);
        },
      });
    }
    const scrapes = new Counter({
      name: 'portal_metrics_scrapes_total',
      help: 'Scrapes of /metrics served.',
      registers: [registry],
    });

    /** One query per scrape for both job gauges (prom-client collects them one after the other). */
    let pending: Promise<
      { kind: string; depth: string | number; oldest_age_s: string | number | null }[]
    > | null = null;
    function queue() {
      pending ??= rows<{ kind: string; depth: string | number; oldest_age_s: string | number | null }>(
        app.db,
        sql`SELECT kind, count(*) AS depth, extract(epoch FROM now() - min(run_after)) AS oldest_age_s
            FROM job WHERE status IN ('queued', 'running') GROUP BY kind`,
      ).finally(() => setImmediate(() => (pending = null)));
      return pending;
    }

    /** GET /metrics (issue 23): Prometheus text; 404 without METRICS_TOKEN, 401 without the token. */
    app.get(
      METRICS_PATH,
      {
        logLevel: 'warn',
        schema: { hide: true },
        // The bearer here is METRICS_TOKEN, not a session token (modules/identity/auth.plugin.ts).
        config: { ownBearer: true },
        onRequest: async (request, reply) => {
          if (token === null) {
            const body: ErrorBody = { code: 'not_found', message: `Nothing is at GET ${METRICS_PATH}.` };
            return reply.status(404).send(body);
          }
          if (!carriesToken(request.headers.authorization, token)) {
            const body: ErrorBody = {
              code: 'unauthenticated',
              message: 'The metrics token is missing or wrong.',
            };
            return reply.status(401).header('www-authenticate', 'Bearer').send(body);
          }
        },
      },
      async (_request, reply) => {
        scrapes.inc();
        const text = await registry.metrics();
        return reply.header('content-type', registry.contentType).send(text);
      },
    );
  },
  { name: 'metrics', dependencies: ['db', 'read-replicas'] },
);
