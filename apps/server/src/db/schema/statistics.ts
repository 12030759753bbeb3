/**
 * Download events (the raw data) and the download rollups of the statistics dashboard (001 §3, §9). The rollups are kept by UPSERT in the transaction that records a
 * download event, so they always equal a recount of `download_event`:
 * - `download_slot_count`: downloads per quarter hour (UTC), the downloads-over-time series; every
 *   time zone's midnight falls on a quarter hour, so days in any IANA zone are sums of whole slots.
 * - `download_day_unit`, `download_day_content`: downloads per UTC day and business unit, and per UTC
 *   day, category group and top-most content item, the top tables; the partial days at a range's ends
 *   are counted from the raw events.
 */
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DownloadKind } from '@portal/shared/schemas/my-downloads-limits';

export const downloadEvent = pgTable(
  'download_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    accountId: uuid('account_id'),
    userName: text('user_name'),
    userEmail: text('user_email'),
    fileId: uuid('file_id').notNull(),
    fileName: text('file_name').notNull(),
    contentId: uuid('content_id'),
    contentName: text('content_name'),
    topContentId: uuid('top_content_id'),
    topContentName: text('top_content_name'),
    tags: jsonb('tags').$type<string[]>(),
    /** The account's business unit and its category group when the download happened (statistics). */
    organizationId: uuid('organization_id'),
    organizationCategory: text('organization_category'),
    /** Generated demo data (SEED_DEMO), never real. */
    isDemo: integer('is_demo').notNull().default(0),
    /** What was downloaded: a file of an item, or the zip bundle or cartridge of its tree (DOWNLOAD_KINDS). */
    kind: text('kind').$type<DownloadKind>().notNull().default('file'),
  },
  // Ranges and the export's keyset read (occurred_at, id) in this order.
  (t) => [
    // Ranges and the export's keyset read (occurred_at, id) in this order.
    index('download_event_time_idx').on(t.occurredAt, t.id),
    // "Changed since I downloaded it" (issue 37): a person's last download of each item, from the index.
    index('download_event_account_content_idx').on(t.accountId, t.contentId, t.occurredAt),
  ],
);

export const downloadSlotCount = pgTable('download_slot_count', {
  slotStart: timestamp('slot_start', { withTimezone: true }).primaryKey(),
  downloads: integer('downloads').notNull(),
});

export const downloadDayUnit = pgTable(
  'download_day_unit',
  {
    day: date('day', { mode: 'string' }).notNull(),
    organizationId: uuid('organization_id').notNull(),
    downloads: integer('downloads').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.organizationId] })],
);

export const downloadDayContent = pgTable(
  'download_day_content',
  {
    day: date('day', { mode: 'string' }).notNull(),
    categoryGroup: text('category_group').notNull(),
    topContentId: uuid('top_content_id').notNull(),
    /** The item's name at its latest download (kept after the item is deleted). */
    topContentName: text('top_content_name').notNull(),
    downloads: integer('downloads').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.categoryGroup, t.topContentId] }),
    index('download_day_content_group_idx').on(t.categoryGroup, t.day),
  ],
);
