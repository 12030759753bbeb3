/**
 * Following courseware (issue 37 "Follow"): who follows which item (and everything under it), and each
 * follower's digest: how often, and up to when changes have been sent.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { content } from './courseware.js';
import { account } from './identity.js';

/** A person follows an item: its changes and those of every item under it reach their digest. */
export const follow = pgTable(
  'follow',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.contentId] }),
    index('follow_content_idx').on(t.contentId),
    index('follow_account_created_idx').on(t.accountId, t.createdAt, t.contentId),
  ],
);

/**
 * A follower's digest: `frequency` (FOLLOW_DIGEST_FREQUENCIES), `sentThrough` the time up to which
 * changes have been sent (a change after it goes into the next digest), `dueAt` when the next is due.
 */
export const followDigest = pgTable(
  'follow_digest',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => account.id, { onDelete: 'cascade' }),
    frequency: text('frequency').notNull(),
    sentThrough: timestamp('sent_through', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('follow_digest_frequency_check', sql`${t.frequency} IN ('daily', 'weekly', 'off')`),
    index('follow_digest_due_idx')
      .on(t.dueAt)
      .where(sql`${t.frequency} <> 'off'`),
  ],
);
