/**
 * The outbox worker (DESIGN.md "outgoing e-mail"): every OUTBOX_POLL_INTERVAL_MS it claims due messages
 * (FOR UPDATE SKIP LOCKED, so every instance may run one), sends each over SMTP_URL with nodemailer, and
 * records the result: sent; or, on a temporary failure, another attempt after a growing delay; or failed,
 * after MAX_ATTEMPTS or on a permanent SMTP refusal (5xx). Without SMTP_URL a message is written to the
 * log and marked `logged`. Started when the app is ready, stopped (waiting for a round in progress) when
 * it closes. Delivery is at least once: a worker that dies mid-send leaves its messages to be claimed
 * again after the lease.
 */
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.js';
import { messageOf, retryDelayMs as jobRetryDelayMs } from '../jobs/jobs.service.js';
import { claimDueMessages, markFailed, markRetry, markSent, type OutboxRow } from './mail.repository.js';

/** Attempts before a message is given up (about two hours with the delays below). */
export const MAX_ATTEMPTS = 8;
/** Messages claimed per round; a full round is followed at once by another. */
const BATCH_SIZE = 10;
/** How long a claimed message is left to its worker before others may claim it again. */
const LEASE_MS = 10 * 60_000;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3_600_000;

/** The delay before attempt `attempts + 1`: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return jobRetryDelayMs(attempts, RETRY_BASE_MS, RETRY_MAX_MS);
}

export interface OutboxWorker {
  /** Starts polling (idempotent). */
  start(): void;
  /** Stops polling and waits for a round in progress. */
  stop(): Promise<void>;
  /** One round now: claims due messages and delivers them. @returns how many were handled */
  runOnce(now?: Date): Promise<number>;
}

export interface OutboxWorkerOptions {
  db: Db;
  /** smtp:// or smtps:// URL; undefined logs messages instead. */
  smtpUrl: string | undefined;
  from: string;
  pollIntervalMs: number;
  log: FastifyBaseLogger;
}

function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** How much of an error's message is kept on the outbox row. */
const ERROR_TEXT_MAX = 1000;

function describe(error: unknown): string {
  return messageOf(error).slice(0, ERROR_TEXT_MAX);
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, log } = options;
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let isStarted = false;

  async function deliver(row: OutboxRow, now: Date): Promise<void> {
    if (!transport) {
      log.info(
        { outbox: { id: row.id, to: row.to, subject: row.subject }, text: row.text },
        'e-mail (no SMTP_URL: logged)',
      );
      await markSent(db, row.id, 'logged', now);
      return;
    }
    try {
      await transport.sendMail({
        from: options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        attachments: (row.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.base64, 'base64'),
        })),
      });
      await markSent(db, row.id, 'sent', new Date());
    } catch (error) {
      const message = describe(error);
      if (isPermanent(error) || row.attempts >= MAX_ATTEMPTS) {
        log.error(
          { outbox: { id: row.id, to: row.to, attempts: row.attempts }, err: message },
          'e-mail failed',
        );
        await markFailed(db, row.id, message);
      } else {
        log.warn(
          { outbox: { id: row.id, to: row.to, attempts: row.attempts }, err: message },
          'e-mail will be retried',
        );
        await markRetry(db, row.id, message, new Date(Date.now() + retryDelayMs(row.attempts)));
      }
    }
  }

  async function runOnce(now = new Date()): Promise<number> {
    const rows = await claimDueMessages(db, now, new Date(now.getTime() + LEASE_MS), BATCH_SIZE);
    for (const row of rows) await deliver(row, now);
    return rows.length;
  }

  function schedule(delay: number): void {
    if (!isStarted) return;
    timer = setTimeout(() => {
      const round = runOnce()
        .catch((error: unknown) => {
          log.error({ err: describe(error) }, 'outbox round failed');
          return 0;
        })
        .then((handled) => schedule(handled >= BATCH_SIZE ? 0 : options.pollIntervalMs));
      running = round;
    }, delay);
    timer.unref?.();
  }

  return {
    start() {
      if (isStarted) return;
      isStarted = true;
      schedule(0);
    },
    async stop() {
      isStarted = false;
      if (timer) clearTimeout(timer);
      await running;
      transport?.close();
    },
    runOnce,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker of this instance (started when ready). */
    outboxWorker: OutboxWorker;
  }
}

/** Registers the worker: started on ready, stopped on close. */
export const outboxWorkerPlugin = fp(
  async function outboxWorker(app: FastifyInstance) {
    const worker = createOutboxWorker({
      db: app.db,
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      pollIntervalMs: app.config.outboxPollIntervalMs,
      log: app.log,
    });
    app.decorate('outboxWorker', worker);
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'outbox-worker', dependencies: ['db'] },
);
