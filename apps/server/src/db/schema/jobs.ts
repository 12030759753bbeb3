/** The durable job queue and its workers' heartbeats (DESIGN.md "Jobs"). */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Durable background jobs (DESIGN.md: zip bundles, e-mail delivery). A worker claims due rows with
 * `FOR UPDATE SKIP LOCKED` and holds a lease (`lockedUntil`) it renews while working; a row whose
 * lease ran out (its worker died) is claimed again, until `maxAttempts`, then marked failed.
 */
export const job = pgTable(
  'job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_due_idx').on(t.status, t.runAfter)],
);

/**
 * Job worker heartbeats (issue 23): each worker loop writes `beatAt` at each poll, so `/api/ready` of any
 * instance (also one with JOB_WORKER=false) can tell that some worker is alive.
 */
export const workerHeartbeat = pgTable('worker_heartbeat', {
  workerId: text('worker_id').primaryKey(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
});
