/** Queries of the forms area: contact requests, newsletter subscribers, support requests. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { API_CLAIM, CLAIM } from '@portal/shared/permissions';
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

/** A course or organization by id and name, and a person who receives support requests. */
export interface NamedRow {
  id: string;
  name: string;
}
export interface RecipientRow {
  name: string;
  email: string;
}

/**
 * Courses an account is on (001 §7 User client): those it was invited to (its scoped list-courses
 * claims) and those it invited students to (it teaches them), by name then id, after `after`.
 */
export async function listCoursesOfAccount(
  db: Db,
  options: { accountId: string; after?: { name: string; id: string }; limit: number },
): Promise<NamedRow[]> {
  const after = options.after
    ? sql`AND (c.name, c.id) > (${options.after.name}, ${options.after.id}::uuid)`
    : sql``;
  return rows<NamedRow>(
    db,
    sql`SELECT c.id, c.name FROM content c
        WHERE 'course' = ANY(c.categories)
          AND c.status IN ('published', 'unlisted')
          AND (c.id IN (SELECT course_id FROM course_invitation WHERE invited_by = ${options.accountId})
            OR c.id::text IN (SELECT unnest(scopes) FROM account_claim
              WHERE account_id = ${options.accountId} AND type = ${CLAIM.api}
                AND value = ${API_CLAIM.listCourses}))
          ${after}
        ORDER BY c.name, c.id
        LIMIT ${options.limit}`,
  );
}

/** One course of the account (as `listCoursesOfAccount` finds them), or undefined. */
export async function findCourseOfAccount(
  db: Db,
  accountId: string,
  courseId: string,
): Promise<NamedRow | undefined> {
  const [row] = await rows<NamedRow>(
    db,
    sql`SELECT c.id, c.name FROM content c
        WHERE c.id = ${courseId} AND 'course' = ANY(c.categories)
          AND c.status IN ('published', 'unlisted')
          AND (c.id IN (SELECT course_id FROM course_invitation WHERE invited_by = ${accountId})
            OR c.id::text IN (SELECT unnest(scopes) FROM account_claim
              WHERE account_id = ${accountId} AND type = ${CLAIM.api} AND value = ${API_CLAIM.listCourses}))`,
  );
  return row;
}

/**
 * The instructors of one account on a course: the accounts that invited it to the course (its accepted
 * invitation, or one still pending to its address), by name. Not those who invited others (issue 20).
 */
export async function listInvitersOfAccount(
  db: Db,
  courseId: string,
  accountId: string,
): Promise<RecipientRow[]> {
  return rows<RecipientRow>(
    db,
    sql`SELECT a.display_name AS name, a.email FROM account a
        WHERE a.id IN (SELECT i.invited_by FROM course_invitation i
          WHERE i.course_id = ${courseId}
            AND (i.account_id = ${accountId}
              OR (i.account_id IS NULL
                AND i.email = (SELECT lower(me.email) FROM account me WHERE me.id = ${accountId}))))
        ORDER BY a.display_name, a.email`,
  );
}

/**
 * The admins of an organization: its accounts that may manage the organization (the admin role or the
 * manage-organization claim), by name.
 */
export async function listOrganizationAdmins(db: Db, organizationId: string): Promise<RecipientRow[]> {
  return rows<RecipientRow>(
    db,
    sql`SELECT a.display_name AS name, a.email FROM account a
        WHERE a.organization_id = ${organizationId}
          AND EXISTS (SELECT 1 FROM account_claim k WHERE k.account_id = a.id
            AND ((k.type = ${CLAIM.role} AND k.value = 'admin') OR k.type = ${CLAIM.manageOrganization}))
        ORDER BY a.display_name, a.email`,
  );
}

/** The organization an account belongs to, or undefined. */
export async function findOrganizationOfAccount(db: Db, accountId: string): Promise<NamedRow | undefined> {
  const [row] = await rows<NamedRow>(
    db,
    sql`SELECT o.id, o.name FROM account a JOIN organization o ON o.id = a.organization_id
        WHERE a.id = ${accountId}`,
  );
  return row;
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
