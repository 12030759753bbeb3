/**
 * Outgoing e-mail (DESIGN.md): a message is written to the outbox in the caller's transaction and
 * delivered later by the outbox worker (over SMTP when SMTP_URL is set, else logged), with retries.
 */
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema/files.js';

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
 * Stores a message for delivery; pass a transaction to make it part of the caller's write.
 * @returns the outbox row id
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      attachments: mail.attachments ?? null,
    })
    .returning({ id: outbox.id });
  return row!.id;
}
