/** The mail outbox (DESIGN.md "E-mail"). */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Outgoing e-mail (DESIGN.md): stored first, shown to admins, delivered over SMTP by a worker with retries. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** [{ filename, contentType, base64 }] */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; base64: string }[]>(),
    /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post on a digest. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** pending | sent | failed (gave up) | logged (no SMTP configured) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
