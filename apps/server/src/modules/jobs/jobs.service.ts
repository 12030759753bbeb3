/**
 * A durable job runner over the `job` table (DESIGN.md "background jobs"), generic over job kinds:
 * handlers register by kind; `enqueueJob` adds work (in the caller's transaction if given one); each
 * instance runs a few worker loops that claim due jobs with `FOR UPDATE SKIP LOCKED`, hold a lease
 * they renew while working, retry failures with exponential backoff until `maxAttempts`, then mark the
 * job failed and call the handler's `onGiveUp`. A job whose worker died is claimed again once its lease
 * runs out, so a restart loses nothing and no job stays running for ever.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { JOB_ERROR_BACKOFF_MAX_MS, JOB_ERROR_BACKOFF_MS } from '@portal/shared/limits';
import type { Db } from '../../db/client.js';
import * as repo from './jobs.repository.js';

export type { JobRow } from './jobs.repository.js';

/** Worker loops per instance: a long job (a big bundle) does not hold up the next one. */
export const JOB_CONCURRENCY = 2;
/** First retry delay; each further attempt waits twice as long, up to JOB_RETRY_MAX_MS. */
export const JOB_RETRY_BASE_MS = 5000;
export const JOB_RETRY_MAX_MS = 5 * 60_000;
/** A job still running after this long is stopped and counts as a failed attempt. */
export const JOB_TIMEOUT_MS = 30 * 60_000;
/** The lease is renewed this many times per lease period, so one slow renewal does not lose it. */
const RENEWALS_PER_LEASE = 3;
/** Abandoned jobs failed per sweep. */
const ABANDONED_BATCH = 20;
/** The message kept on a job whose worker stopped on its last attempt. */
export const ABANDONED_JOB_ERROR = 'The worker stopped while running the last attempt (its lease ran out).';

/** An error that retrying cannot fix (bad payload, the thing to work on is gone): fail at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** What a handler gets while it runs. */
export interface JobContext {
  job: repo.JobRow;
  /** Aborted when the job times out, the lease is lost, or the instance shuts down. */
  signal: AbortSignal;
  db: Db;
  log: FastifyBaseLogger;
}

/** The work of one kind of job. */
export interface JobHandler<P = unknown> {
  kind: string;
  /** Parses the stored payload; a payload that does not parse fails the job for good. */
  payload: z.ZodType<P>;
  /** Does the work; throws to retry (or PermanentJobError to fail at once). Must be idempotent. */
  run(payload: P, context: JobContext): Promise<void>;
  /** Runs in the transaction that marks the job failed for good (no attempts left, or permanent). */
  onGiveUp?(args: { db: Db; job: repo.JobRow; reason: string }): Promise<void>;
  /** Overrides JOB_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Override the runner's retry delays for this kind (e-mail waits longer for a peer to come back). */
  retryBaseMs?: number;
  retryMaxMs?: number;
}

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How long a worker waits before looking again when no job was due. */
  pollIntervalMs: number;
  /** How long a claim lasts without renewal; a dead worker's job is taken over after it. */
  leaseMs: number;
  concurrency?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Defaults to host:pid:random. */
  workerId?: string;
}

/** The job runner of one instance. */
export interface JobRunner {
  readonly workerId: string;
  /** Registers the handler of a kind; before `start`. @throws Error for a kind registered twice */
  register<P>(handler: JobHandler<P>): void;
  /** Starts the worker loops (app.ts: onReady). */
  start(): void;
  /** Stops claiming, aborts running jobs and gives them back to the queue (app.ts: onClose). */
  stop(): Promise<void>;
  /** Makes idle workers look for due jobs now (after an enqueue in this instance). */
  wake(): void;
  /** Runs due jobs one after the other until none is due, without the loops (tests, scripts). */
  runDue(): Promise<number>;
}

/**
 * Adds a job to the queue. Pass a transaction to enqueue together with the rows the job works on.
 * @returns the job id
 */
export async function enqueueJob(
  db: Db,
  job: { kind: string; payload: Record<string, unknown>; maxAttempts?: number; delayMs?: number },
): Promise<string> {
  return repo.insertJob(db, job);
}

/** Adds many jobs at once (in the caller's transaction if given one): a few statements, not one a job. */
export async function enqueueJobs(
  db: Db,
  jobs: readonly { kind: string; payload: Record<string, unknown>; maxAttempts?: number; delayMs?: number }[],
): Promise<string[]> {
  return repo.insertJobs(db, jobs);
}

/** The delay before retry number `attempt` (1-based): base · 2^(attempt−1), capped. */
export function retryDelayMs(attempt: number, baseMs = JOB_RETRY_BASE_MS, maxMs = JOB_RETRY_MAX_MS): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** The message of a thrown value (an Error's message, else the value as text). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const STOPPING = 'stopping';
const LEASE_LOST = 'lease lost';
const TIMED_OUT = 'timed out';

/** Builds the runner of one instance. */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log, pollIntervalMs, leaseMs } = options;
  const concurrency = options.concurrency ?? JOB_CONCURRENCY;
  const retryBaseMs = options.retryBaseMs ?? JOB_RETRY_BASE_MS;
  const retryMaxMs = options.retryMaxMs ?? JOB_RETRY_MAX_MS;
  const workerId =
    options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const handlers = new Map<string, JobHandler<unknown>>();
  const running = new Set<AbortController>();
  let isStarted = false;
  let isStopping = false;
  let loops: Promise<void>[] = [];
  let wakeUp: (() => void)[] = [];
  /** When the loops last looked for abandoned jobs (a claim only runs out after a lease anyway). */
  let lastSweepAt = 0;
  /** When this worker last wrote its heartbeat (at most once per poll interval, issue 23). */
  let lastBeatAt = 0;

  const kinds = () => [...handlers.keys()];

  /** Waits `ms` (pollIntervalMs by default), or less when woken or stopped. */
  const idle = (ms = pollIntervalMs) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = wakeUp.filter((w) => w !== done);
        resolve();
      }
      wakeUp.push(done);
    });

  async function giveUp(handler: JobHandler<unknown> | undefined, job: repo.JobRow, reason: string) {
    await db.transaction(async (tx) => {
      const failed = await repo.failJob(tx, { id: job.id, workerId, error: reason });
      if (failed) await handler?.onGiveUp?.({ db: tx, job: failed, reason });
    });
    log.warn({ jobId: job.id, kind: job.kind, reason }, 'job failed for good');
  }

  /** Fails abandoned last attempts (worker died) and lets their handlers clean up. */
  async function sweepAbandoned(): Promise<void> {
    await db.transaction(async (tx) => {
      const dead = await repo.failAbandonedJobs(tx, {
        kinds: kinds(),
        error: ABANDONED_JOB_ERROR,
        limit: ABANDONED_BATCH,
      });
      for (const job of dead) {
        await handlers.get(job.kind)?.onGiveUp?.({ db: tx, job, reason: ABANDONED_JOB_ERROR });
        log.warn({ jobId: job.id, kind: job.kind }, 'abandoned job failed for good');
      }
    });
  }

  /** Claims and runs one due job; false when none was due. */
  async function runOne(): Promise<boolean> {
    const job = await repo.claimJob(db, { workerId, kinds: kinds(), leaseMs });
    if (!job) return false;
    const handler = handlers.get(job.kind)!;
    const controller = new AbortController();
    running.add(controller);
    const renewal = setInterval(() => {
      repo
        .renewLease(db, { id: job.id, workerId, leaseMs })
        .then((held) => {
          if (!held) controller.abort(new Error(LEASE_LOST));
        })
        .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'could not renew a job lease'));
    }, leaseMs / RENEWALS_PER_LEASE);
    const timeout = setTimeout(
      () => controller.abort(new Error(TIMED_OUT)),
      handler.timeoutMs ?? JOB_TIMEOUT_MS,
    );
    try {
      const parsed = handler.payload.safeParse(job.payload);
      if (!parsed.success)
        throw new PermanentJobError(`The job's payload is not valid: ${parsed.error.message}`);
      await handler.run(parsed.data, { job, signal: controller.signal, db, log });
      if (controller.signal.aborted) throw controller.signal.reason;
      await repo.completeJob(db, job.id, workerId);
      return true;
    } catch (error) {
      const reason = controller.signal.aborted ? messageOf(controller.signal.reason) : messageOf(error);
      if (reason === STOPPING) {
        await repo.releaseJob(db, job.id, workerId);
      } else if (reason === LEASE_LOST) {
        log.warn({ jobId: job.id, kind: job.kind }, 'job lease lost to another worker; left to it');
      } else if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
        await giveUp(handler, job, reason === TIMED_OUT ? 'The job took too long and was stopped.' : reason);
      } else {
        const delayMs = retryDelayMs(
          job.attempts,
          handler.retryBaseMs ?? retryBaseMs,
          handler.retryMaxMs ?? retryMaxMs,
        );
        await repo.retryJob(db, { id: job.id, workerId, delayMs, error: reason });
        log.warn(
          { jobId: job.id, kind: job.kind, attempt: job.attempts, delayMs, reason },
          'job failed; retrying',
        );
      }
      return true;
    } finally {
      clearInterval(renewal);
      clearTimeout(timeout);
      running.delete(controller);
    }
  }

  async function loop(): Promise<void> {
    /** Consecutive errors (the database down): the loop backs off instead of hammering it. */
    let errors = 0;
    while (!isStopping) {
      let didWork = false;
      try {
        if (Date.now() - lastBeatAt >= pollIntervalMs) {
          lastBeatAt = Date.now();
          await repo.recordHeartbeat(db, workerId);
        }
        if (Date.now() - lastSweepAt >= leaseMs) {
          lastSweepAt = Date.now();
          await sweepAbandoned();
        }
        didWork = await runOne();
        errors = 0;
      } catch (error) {
        errors += 1;
        if (!isStopping) log.error({ err: error, errors }, 'job worker error');
      }
      if (errors > 0 && !isStopping) {
        await idle(Math.min(JOB_ERROR_BACKOFF_MAX_MS, JOB_ERROR_BACKOFF_MS * 2 ** (errors - 1)));
      } else if (!didWork && !isStopping) await idle();
    }
  }

  return {
    workerId,
    register(handler) {
      if (handlers.has(handler.kind))
        throw new Error(`A handler for job kind ${handler.kind} is registered twice`);
      handlers.set(handler.kind, handler as JobHandler<unknown>);
    },
    start() {
      if (isStarted) return;
      isStarted = true;
      isStopping = false;
      loops = Array.from({ length: concurrency }, () => loop());
    },
    async stop() {
      isStopping = true;
      for (const controller of running) controller.abort(new Error(STOPPING));
      for (const w of [...wakeUp]) w();
      await Promise.all(loops);
      loops = [];
      isStarted = false;
    },
    wake() {
      for (const w of [...wakeUp]) w();
    },
    async runDue() {
      let count = 0;
      await sweepAbandoned();
      while (await runOne()) count += 1;
      return count;
    },
  };
}
