/**
 * Events (001 §3 Event): status as for content, a URL alias unique among events, an indexed date.
 * Descriptions are sanitised HTML from the shared editor.
 */
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const event = pgTable(
  'event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    urlAlias: text('url_alias').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    link: text('link').notNull(),
    location: text('location').notNull(),
    status: text('status').notNull().default('unpublished'),
    date: timestamp('date', { withTimezone: true }).notNull(),
    /** IANA time zone the event is held in, for its calendar file's VTIMEZONE. */
    timeZone: text('time_zone').notNull().default('America/Chicago'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_url_alias_idx').on(t.urlAlias),
    index('event_status_date_idx').on(t.status, t.date, t.id),
  ],
);
