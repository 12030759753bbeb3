/**
 * Queries of the durable job table (DESIGN.md "background jobs"). Every statement is one short
 * auto-committed query, or runs in the caller's transaction: no transaction is held while a job works
 * (PGlite has one connection).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { millis, rows, textArray } from '../../db/rows.js';
import { WORKER_HEARTBEAT_KEEP_MS } from '@portal/shared/limits';
import { job } from '../../db/schema/jobs.js';

/** A job as the runner sees it. */
export interface JobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  status: string;
  attempts: number;
  maxAttempts: number;
  lockedBy: string | null;
  lastError: string | null;
}

const RETURNING = sql`RETURNING id, kind, payload, status, attempts, max_attempts AS "maxAttempts",
  locked_by AS "lockedBy", last_error AS "lastError"`;

/** Inserts a queued job; returns its id. */
export async function insertJob(
  db: Db,
  values: { kind: string; payload: Record<string, unknown>; maxAttempts?: number; delayMs?: number },
): Promise<string> {
  const [id] = await insertJobs(db, [values]);
  return id!;
}

/** Rows per INSERT of insertJobs: a statement holds at most 65,535 parameters (4 a row). */
const INSERT_BATCH_ROWS = 1000;

/** Inserts many jobs, INSERT_BATCH_ROWS a statement; returns their ids in the order given. */
export async function insertJobs(
  db: Db,
  values: readonly {
    kind: string;
    payload: Record<string, unknown>;
    maxAttempts?: number;
    delayMs?: number;
  }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (let first = 0; first < values.length; first += INSERT_BATCH_ROWS) {
    const batch = values.slice(first, first + INSERT_BATCH_ROWS).map((v) => ({
      id: crypto.randomUUID(),
      kind: v.kind,
      payload: v.payload,
      ...(v.maxAttempts ? { maxAttempts: v.maxAttempts } : {}),
      runAfter: sql`now() + ${millis(v.delayMs ?? 0)}`,
    }));
    await db.insert(job).values(batch);
    ids.push(...batch.map((row) => row.id));
  }
  return ids;
}

/**
 * Claims the oldest due job of the given kinds: queued and due, or running with a lease that ran out
 * (its worker died) and attempts left. `FOR UPDATE SKIP LOCKED` lets any number of workers on one
 * PostgreSQL server claim concurrently without taking the same row.
 */
export async function claimJob(
  db: Db,
  args: { workerId: string; kinds: readonly string[]; leaseMs: number },
): Promise<JobRow | undefined> {
  if (args.kinds.length === 0) return undefined;
  const [row] = await rows<JobRow>(
    db,
    sql`UPDATE job SET status = 'running', locked_by = ${args.workerId},
          locked_until = now() + ${millis(args.leaseMs)}, attempts = attempts + 1, updated_at = now()
        WHERE id = (
          SELECT id FROM job
          WHERE kind = ANY(${textArray(args.kinds)})
            AND ((status = 'queued' AND run_after <= now())
              OR (status = 'running' AND locked_until < now() AND attempts < max_attempts))
          ORDER BY run_after, created_at
          FOR UPDATE SKIP LOCKED
          LIMIT 1)
        ${RETURNING}`,
  );
  return row;
}

/** Extends the lease of a job this worker holds; false when the lease was lost to another worker. */
export async function renewLease(
  db: Db,
  { id, workerId, leaseMs }: { id: string; workerId: string; leaseMs: number },
): Promise<boolean> {
  const found = await rows<{ id: string }>(
    db,
    sql`UPDATE job SET locked_until = now() + ${millis(leaseMs)}, updated_at = now()
        WHERE id = ${id}::uuid AND status = 'running' AND locked_by = ${workerId} RETURNING id`,
  );
  return found.length > 0;
}

/** Marks a held job done; false when this worker no longer held it. */
export async function completeJob(db: Db, id: string, workerId: string): Promise<boolean> {
  const found = await rows<{ id: string }>(
    db,
    sql`UPDATE job SET status = 'done', locked_by = NULL, locked_until = NULL, last_error = NULL, updated_at = now()
        WHERE id = ${id}::uuid AND status = 'running' AND locked_by = ${workerId} RETURNING id`,
  );
  return found.length > 0;
}

/** Puts a held job back in the queue to run again after `delayMs`, keeping the error. */
export async function retryJob(
  db: Db,
  args: { id: string; workerId: string; delayMs: number; error: string },
): Promise<boolean> {
  const found = await rows<{ id: string }>(
    db,
    sql`UPDATE job SET status = 'queued', locked_by = NULL, locked_until = NULL, last_error = ${args.error},
          run_after = now() + ${millis(args.delayMs)}, updated_at = now()
        WHERE id = ${args.id}::uuid AND status = 'running' AND locked_by = ${args.workerId} RETURNING id`,
  );
  return found.length > 0;
}

/**
 * Gives a held job back untouched (the worker is shutting down): queued at once, and the attempt it
 * used is returned, since nothing failed.
 */
export async function releaseJob(db: Db, id: string, workerId: string): Promise<void> {
  await db.execute(
    sql`UPDATE job SET status = 'queued', locked_by = NULL, locked_until = NULL, run_after = now(),
          attempts = greatest(attempts - 1, 0), updated_at = now()
        WHERE id = ${id}::uuid AND status = 'running' AND locked_by = ${workerId}`,
  );
}

/** Marks a held job failed for good; returns it, or undefined when this worker no longer held it. */
export async function failJob(
  db: Db,
  args: { id: string; workerId: string; error: string },
): Promise<JobRow | undefined> {
  const [row] = await rows<JobRow>(
    db,
    sql`UPDATE job SET status = 'failed', locked_by = NULL, locked_until = NULL, last_error = ${args.error},
          updated_at = now()
        WHERE id = ${args.id}::uuid AND status = 'running' AND locked_by = ${args.workerId}
        ${RETURNING}`,
  );
  return row;
}

/**
 * Fails jobs whose worker died on their last attempt (lease ran out, no attempts left), so that none
 * stays running for ever; returns them for the handlers' give-up hooks. Call inside a transaction.
 */
export async function failAbandonedJobs(
  db: Db,
  args: { kinds: readonly string[]; error: string; limit: number },
): Promise<JobRow[]> {
  if (args.kinds.length === 0) return [];
  return rows<JobRow>(
    db,
    sql`UPDATE job SET status = 'failed', locked_by = NULL, locked_until = NULL, updated_at = now(),
          last_error = coalesce(last_error || E'\n', '') || ${args.error}
        WHERE id IN (
          SELECT id FROM job
          WHERE kind = ANY(${textArray(args.kinds)}) AND status = 'running'
            AND locked_until < now() AND attempts >= max_attempts
          ORDER BY locked_until
          FOR UPDATE SKIP LOCKED
          LIMIT ${args.limit})
        ${RETURNING}`,
  );
}

/** One job by id (tests and diagnostics). */
export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await rows<JobRow>(
    db,
    sql`SELECT id, kind, payload, status, attempts, max_attempts AS "maxAttempts", locked_by AS "lockedBy",
          last_error AS "lastError" FROM job WHERE id = ${id}::uuid`,
  );
  return row;
}

/**
 * Records that worker `workerId` is alive now (issue 23, read by /api/ready), in one statement that also
 * drops the heartbeats of workers silent for WORKER_HEARTBEAT_KEEP_MS (instances that are gone).
 */
export async function recordHeartbeat(db: Db, workerId: string): Promise<void> {
  await db.execute(sql`
    WITH gone AS (
      DELETE FROM worker_heartbeat
      WHERE beat_at < now() - make_interval(secs => ${WORKER_HEARTBEAT_KEEP_MS / 1000}::float8)
        AND worker_id <> ${workerId}
    )
    INSERT INTO worker_heartbeat (worker_id, beat_at) VALUES (${workerId}, now())
    ON CONFLICT (worker_id) DO UPDATE SET beat_at = excluded.beat_at`);
}
