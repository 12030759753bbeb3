/**
 * Outgoing e-mail (DESIGN.md): a message is written to the outbox, with the `mail` job that delivers
 * it, in the caller's transaction; the job runner delivers it (mail-delivery.ts), with retries.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { MAIL_NOTICES_PER_RECIPIENT_MAX, MAIL_NOTICE_WINDOW_MS } from '@portal/shared/limits';
import type { OutboxResponse, OutboxStatus } from '@portal/shared/schemas/mail';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { outbox } from '../../db/schema/mail.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import { isWithinLimit, rateLimitKey } from '../../lib/rate-limit.js';
import { enqueueJobs } from '../jobs/jobs.service.js';
import { listMessages } from './mail.repository.js';
import { MAIL_JOB_KIND, MAIL_MAX_ATTEMPTS } from './mail-delivery.js';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The bytes, base64-encoded. */
  base64: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * Extra headers by name, e.g. RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post`; each value
   * goes through `oneLine`.
   */
  headers?: Record<string, string>;
}

/** Line breaks of every kind: CR, LF, vertical tab, form feed, NEL, line and paragraph separators. */
const LINE_BREAKS = /[\n\v\f\r\u0085\u2028\u2029]+/g;

/**
 * A value bound for one line of an e-mail (a header such as the subject, or a name on a "From:" line of
 * the text) with every run of line breaks (CR, LF, VT, FF, U+0085, U+2028, U+2029) made one space
 * (issue 20), so what someone typed can never start a header or a line of its own.
 */
export function oneLine(value: string): string {
  return value.replace(LINE_BREAKS, ' ');
}

/**
 * Confirmation and notice e-mails limited per recipient: each kind is counted on its own, so one
 * address may get a sign-up confirmation and a reset link in the same hour, but never two of a kind.
 */
export type NoticeKind =
  | 'sign-up'
  | 'password-reset'
  | 'account-invitation'
  | 'course-invitation'
  | 'newsletter-confirmation'
  | 'lti-link';

/**
 * Counts a notice of `kind` to `to` (normalised) and says whether it may be sent: at most
 * MAIL_NOTICES_PER_RECIPIENT_MAX an MAIL_NOTICE_WINDOW_MS, whoever asks (issue 20). Callers answer as
 * usual when it may not, and send nothing, so the answer tells nothing about the address.
 */
export function mayMailNotice(
  db: Db,
  { kind, to, now = new Date() }: { kind: NoticeKind; to: string; now?: Date },
): Promise<boolean> {
  return isWithinLimit(db, {
    key: rateLimitKey.mailRecipient(kind, to),
    limit: { max: MAIL_NOTICES_PER_RECIPIENT_MAX, windowMs: MAIL_NOTICE_WINDOW_MS },
    now,
  });
}

/**
 * Stores a message and the job that delivers it, together; pass a transaction to make both part of the
 * caller's write (a message exists exactly when the change that caused it does). The recipient and the
 * subject go through `oneLine`.
 * @returns the outbox row id, which is also the message's id (its `Message-ID` header)
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string> {
  const [id] = await enqueueMails(db, [mail]);
  return id!;
}

/**
 * Outbox rows per INSERT of enqueueMails (a statement holds at most 65,535 parameters, 7 a row); callers
 * queueing thousands hand them over this many at a time, so that no more are held at once.
 */
export const MAILS_PER_BATCH = 1000;

/**
 * Stores many messages and their delivery jobs together, a few statements for all (a digest pass
 * queues thousands), as enqueueMail does one.
 * @returns the outbox row ids, in the order given
 */
export async function enqueueMails(db: Db, mails: readonly OutgoingMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = mails.map((mail) => ({
      id: crypto.randomUUID(),
      to: oneLine(mail.to),
      subject: oneLine(mail.subject),
      text: mail.text,
      html: mail.html ?? null,
      attachments: mail.attachments ?? null,
      headers: mail.headers
        ? Object.fromEntries(
            Object.entries(mail.headers).map(([name, value]) => [oneLine(name), oneLine(value)]),
          )
        : null,
    }));
    for (let first = 0; first < rows.length; first += MAILS_PER_BATCH)
      await tx.insert(outbox).values(rows.slice(first, first + MAILS_PER_BATCH));
    await enqueueJobs(
      tx,
      rows.map((row) => ({
        kind: MAIL_JOB_KIND,
        payload: { messageId: row.id },
        maxAttempts: MAIL_MAX_ATTEMPTS,
      })),
    );
    return rows.map((row) => row.id);
  });
}

const CursorSchema = z.object({ id: z.uuid() });
const OUTBOX_PAGE_SIZE = 50;

/**
 * Outgoing messages for admins, newest first, 50 a page (DESIGN.md: the outbox is shown to admins).
 * Attachments are listed without their bytes.
 * @param query.to only messages to this address (any case)
 */
export async function listOutbox(
  db: Db,
  query: { to?: string; status?: OutboxStatus; pageToken?: string },
): Promise<OutboxResponse> {
  const afterId = decodePageToken(query.pageToken, CursorSchema)?.id;
  const rows = await listMessages(db, {
    to: query.to || undefined,
    status: query.status,
    afterId,
    limit: OUTBOX_PAGE_SIZE + 1,
  });
  const { page, nextPageToken } = keysetPage(rows, OUTBOX_PAGE_SIZE, (last) => ({ id: last.id }));
  return {
    items: page.map((r) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      text: r.text,
      html: r.html,
      attachments: (r.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: Buffer.byteLength(a.base64, 'base64'),
      })),
      status: r.status as OutboxStatus,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: isoTimestamp(r.createdAt),
      sentAt: r.sentAt ? isoTimestamp(r.sentAt) : null,
    })),
    nextPageToken,
  };
}
