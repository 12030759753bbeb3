/** Queries of the forms area: contact requests, newsletter subscribers, support requests. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { NewsletterStatus } from '@portal/shared/schemas/forms';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { contactRequest, newsletterSubscriber, supportRequest } from '../../db/schema/forms.js';

export type SubscriberRow = typeof newsletterSubscriber.$inferSelect;

export async function insertContactRequest(
  db: Db,
  values: typeof contactRequest.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(contactRequest).values(values).returning({ id: contactRequest.id });
  return row!.id;
}

export async function setContactMail(db: Db, id: string, mailId: string): Promise<void> {
  await db.update(contactRequest).set({ mailId }).where(eq(contactRequest.id, id));
}

export async function insertSupportRequest(
  db: Db,
  values: typeof supportRequest.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(supportRequest).values(values).returning({ id: supportRequest.id });
  return row!.id;
}

/**
 * Signs an address up, or signs it up again: a new address is stored unconfirmed; an unconfirmed or
 * unsubscribed one gets the new details and new link tokens and is unconfirmed; a confirmed subscriber is
 * left exactly as it is (issue 12: a second sign-up never downgrades). One statement, so two sign-ups at
 * once cannot both insert.
 * @returns the row when it was written (a confirmation is due), undefined for a confirmed subscriber
 */
export async function upsertSubscriber(
  db: Db,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    organization: string;
    jobTitle: string;
    emailFormat: string;
    topic: string;
    confirmTokenHash: string;
    unsubscribeTokenHash: string;
  },
): Promise<{ id: string; email: string } | undefined> {
  const [row] = await rows<{ id: string; email: string }>(
    db,
    sql`INSERT INTO newsletter_subscriber AS s (email, first_name, last_name, organization, job_title,
          email_format, topic, status, confirm_token_hash, unsubscribe_token_hash)
        VALUES (${values.email}, ${values.firstName}, ${values.lastName}, ${values.organization},
          ${values.jobTitle}, ${values.emailFormat}, ${values.topic}, 'unconfirmed',
          ${values.confirmTokenHash}, ${values.unsubscribeTokenHash})
        ON CONFLICT (lower(email)) DO UPDATE SET
          first_name = excluded.first_name, last_name = excluded.last_name,
          organization = excluded.organization, job_title = excluded.job_title,
          email_format = excluded.email_format, topic = excluded.topic, status = 'unconfirmed',
          confirm_token_hash = excluded.confirm_token_hash,
          unsubscribe_token_hash = excluded.unsubscribe_token_hash, unsubscribed_at = NULL
        WHERE s.status <> 'confirmed'
        RETURNING id, email`,
  );
  return row;
}

/** Confirms the subscriber holding this confirmation token (single use); undefined when none does. */
export async function confirmByToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .update(newsletterSubscriber)
    .set({ status: 'confirmed', confirmedAt: now, confirmTokenHash: null })
    .where(
      and(
        eq(newsletterSubscriber.confirmTokenHash, tokenHash),
        eq(newsletterSubscriber.status, 'unconfirmed'),
      ),
    )
    .returning();
  return row;
}

/** Unsubscribes the subscriber holding this unsubscribe token (single use); undefined when none does. */
export async function unsubscribeByToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .update(newsletterSubscriber)
    .set({ status: 'unsubscribed', unsubscribedAt: now, unsubscribeTokenHash: null, confirmTokenHash: null })
    .where(eq(newsletterSubscriber.unsubscribeTokenHash, tokenHash))
    .returning();
  return row;
}

/** A page of subscribers, newest first, after the subscriber `afterId` (keyset on created_at, id). */
export async function listSubscribers(
  db: Db,
  options: { status?: NewsletterStatus; afterId?: string; limit: number },
): Promise<SubscriberRow[]> {
  const conditions = [];
  if (options.status) conditions.push(eq(newsletterSubscriber.status, options.status));
  if (options.afterId) {
    conditions.push(
      sql`(${newsletterSubscriber.createdAt}, ${newsletterSubscriber.id}) < (select s.created_at, s.id from ${newsletterSubscriber} s where s.id = ${options.afterId})`,
    );
  }
  return db
    .select()
    .from(newsletterSubscriber)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(newsletterSubscriber.createdAt), desc(newsletterSubscriber.id))
    .limit(options.limit);
}
