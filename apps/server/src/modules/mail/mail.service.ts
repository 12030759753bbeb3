/**
 * Outgoing e-mail (DESIGN.md): a message is written to the outbox, with the `mail` job that delivers
 * it, in the caller's transaction; the job runner delivers it (mail-delivery.ts), with retries.
 */
import { z } from 'zod';
import type { OutboxResponse, OutboxStatus } from '@portal/shared/schemas/mail';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { outbox } from '../../db/schema/files.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import { enqueueJob } from '../jobs/jobs.service.js';
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
}

/**
 * Stores a message and the job that delivers it, together; pass a transaction to make both part of the
 * caller's write (a message exists exactly when the change that caused it does).
 * @returns the outbox row id, which is also the message's id (its `Message-ID` header)
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outbox)
      .values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        attachments: mail.attachments ?? null,
      })
      .returning({ id: outbox.id });
    const messageId = row!.id;
    await enqueueJob(tx, { kind: MAIL_JOB_KIND, payload: { messageId }, maxAttempts: MAIL_MAX_ATTEMPTS });
    return messageId;
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
