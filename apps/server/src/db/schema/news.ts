/**
 * News (001 §3 News): status as for content, a URL alias unique among news, an indexed date (Ghost's
 * indexed published_at). Descriptions are sanitised HTML from the shared editor.
 */
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const news = pgTable(
  'news',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    urlAlias: text('url_alias').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** An image as a data URL or address (at most 512,000 characters); null shows the date image. */
    image: text('image'),
    link: text('link'),
    externalLink: text('external_link'),
    status: text('status').notNull().default('unpublished'),
    date: timestamp('date', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('news_url_alias_idx').on(t.urlAlias),
    index('news_status_date_idx').on(t.status, t.date, t.id),
  ],
);
