/**
 * Delivery of outgoing e-mail as one kind of job on the job runner (DESIGN.md "background jobs", issue
 * 12 "one durable queue"): `enqueueMail` writes the message to the outbox and a `mail` job naming it, in
 * the caller's transaction; the runner claims the job under its lease, this handler sends the message
 * over SMTP_URL with nodemailer, and the runner retries a temporary failure with back-off (30 s doubling,
 * at most an hour, 8 attempts) or records the permanent failure (a 5xx refusal, or no attempts left).
 * Without SMTP_URL a message is written to the log and marked `logged`.
 *
 * Delivery is at least once, made idempotent by the message id: the outbox row is the message and its
 * status says whether it went, so a job run again (its worker died after sending, before the job was
 * marked done) sends nothing; and every attempt carries the same `Message-ID: <id@host>`, so a receiving
 * server that got a message whose result the dying worker never recorded sees the same message again.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import { PermanentJobError, messageOf, type JobHandler } from '../jobs/jobs.service.js';
import { findMessage, markAttempt, markError, markFailed, markSent } from './mail.repository.js';

/** The job kind that delivers one outbox message. */
export const MAIL_JOB_KIND = 'mail';
/** Attempts before a message is given up (about two hours with the delays below). */
export const MAIL_MAX_ATTEMPTS = 8;
/** First retry after 30 s, then twice as long each time, at most an hour. */
export const MAIL_RETRY_BASE_MS = 30_000;
export const MAIL_RETRY_MAX_MS = 3_600_000;
/** How much of an error's message is kept on the outbox row. */
const ERROR_TEXT_MAX = 1000;
/** An SMTP reply in this range is a permanent refusal: retrying cannot help. */
const PERMANENT_REPLY = { min: 500, max: 599 };

export const MailJobPayloadSchema = z.object({ messageId: z.uuid() });
export type MailJobPayload = z.infer<typeof MailJobPayloadSchema>;

function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= PERMANENT_REPLY.min && code <= PERMANENT_REPLY.max;
}

const describe = (error: unknown) => messageOf(error).slice(0, ERROR_TEXT_MAX);

/** The `Message-ID` of an outbox message: the same on every attempt. */
export function messageIdOf(id: string, from: string): string {
  // The host of the address's last `@`, as in `Portal <noreply@portal.example>`.
  const at = from.lastIndexOf('@');
  const tail = from.slice(at + 1).trimEnd();
  const host = at >= 0 && /^[^\s>@]+>?$/.test(tail) ? tail.replace(/>$/, '') : 'localhost';
  return `<${id}@${host}>`;
}

export interface MailDelivery {
  handler: JobHandler<MailJobPayload>;
  /** Closes the SMTP transport. */
  close(): void;
}

/**
 * The `mail` job handler.
 * @param options.smtpUrl smtp:// or smtps:// URL; undefined logs messages instead
 * @param options.from the sender (MAIL_FROM)
 */
export function createMailDelivery(options: { smtpUrl: string | undefined; from: string }): MailDelivery {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const handler: JobHandler<MailJobPayload> = {
    kind: MAIL_JOB_KIND,
    payload: MailJobPayloadSchema,
    retryBaseMs: MAIL_RETRY_BASE_MS,
    retryMaxMs: MAIL_RETRY_MAX_MS,
    async run({ messageId }, { db, job, log }) {
      const row = await findMessage(db, messageId);
      if (!row) throw new PermanentJobError('The message is no longer in the outbox.');
      // Sent (or logged) by an earlier run whose worker died before the job was marked done.
      if (row.status !== 'pending') return;
      await markAttempt(db, row.id, job.attempts);
      if (!transport) {
        log.info(
          { outbox: { id: row.id, to: row.to, subject: row.subject }, text: row.text },
          'e-mail (no SMTP_URL: logged)',
        );
        await markSent(db, { id: row.id, status: 'logged', now: new Date() });
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: row.to,
          subject: row.subject,
          messageId: messageIdOf(row.id, options.from),
          text: row.text,
          html: row.html ?? undefined,
          headers: row.headers ?? undefined,
          attachments: (row.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.base64, 'base64'),
          })),
        });
      } catch (error) {
        const text = describe(error);
        await markError(db, row.id, text);
        throw isPermanent(error) ? new PermanentJobError(text) : new Error(text);
      }
      await markSent(db, { id: row.id, status: 'sent', now: new Date() });
    },
    async onGiveUp({ db, job, reason }) {
      const parsed = MailJobPayloadSchema.safeParse(job.payload);
      if (parsed.success) await markFailed(db, parsed.data.messageId, reason.slice(0, ERROR_TEXT_MAX));
    },
  };
  return { handler, close: () => transport?.close() };
}

/** Registers the `mail` job handler on the instance's job runner; closes the transport on close. */
export const mailDeliveryPlugin = fp(
  async function mailDelivery(app: FastifyInstance) {
    const delivery = createMailDelivery({ smtpUrl: app.config.smtpUrl, from: app.config.mailFrom });
    app.jobs.register(delivery.handler);
    app.addHook('onClose', async () => delivery.close());
  },
  { name: 'mail-delivery', dependencies: ['db', 'jobs'] },
);
