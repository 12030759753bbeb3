/**
 * What visitors and users write to the team (001 §3 Contact request, Newsletter subscriber, Support
 * request). The messages themselves go out through the outbox; these rows are the record.
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** One subscriber per e-mail address, whatever its case (issue 12: listmonk's one row per LOWER(email)). */
export const newsletterSubscriber = pgTable(
  'newsletter_subscriber',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    organization: text('organization').notNull(),
    jobTitle: text('job_title').notNull(),
    /** HTML | TEXT */
    emailFormat: text('email_format').notNull().default('HTML'),
    /** The general topic of the brand variant the sign-up came through (001 §3). */
    topic: text('topic').notNull(),
    /** unconfirmed | confirmed | unsubscribed */
    status: text('status').notNull().default('unconfirmed'),
    /** SHA-256 of the single-use confirmation link's token; cleared once used. */
    confirmTokenHash: text('confirm_token_hash'),
    /** SHA-256 of the unsubscribe link's token; cleared once used. */
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_subscriber_email_idx').on(sql`lower(${t.email})`),
    index('newsletter_subscriber_confirm_idx').on(t.confirmTokenHash),
    index('newsletter_subscriber_unsubscribe_idx').on(t.unsubscribeTokenHash),
    index('newsletter_subscriber_created_idx').on(t.createdAt, t.id),
  ],
);

/** A contact form message (001 §3 Contact request), kept beside the e-mail that carried it. */
export const contactRequest = pgTable('contact_request', {
  id: uuid('id').primaryKey().defaultRandom(),
  brand: text('brand').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  organization: text('organization').notNull(),
  topic: text('topic'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  /** The outbox message. */
  mailId: uuid('mail_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A support request (001 §3 Support request) and the topic and course or organization it is about. */
export const supportRequest = pgTable('support_request', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull(),
  topicId: text('topic_id').notNull(),
  targetId: uuid('target_id'),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
