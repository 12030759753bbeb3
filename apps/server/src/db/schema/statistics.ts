/**
 * Organizations (business units) and the download rollups of the statistics dashboard (001 §3, §9;
 * DESIGN.md "Organizations"). The rollups are kept by UPSERT in the transaction that records a
 * download event, so they always equal a recount of `download_event`:
 * - `download_slot_count`: downloads per quarter hour (UTC), the downloads-over-time series; every
 *   time zone's midnight falls on a quarter hour, so days in any IANA zone are sums of whole slots.
 * - `download_day_unit`, `download_day_content`: downloads per UTC day and business unit, and per UTC
 *   day, category group and top-most content item, the top tables; the partial days at a range's ends
 *   are counted from the raw events.
 */
import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const organization = pgTable(
  'organization',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** k12 | communitycollege | university | government | other (CATEGORY_GROUPS). */
    category: text('category').notNull().default('other'),
    region: text('region').notNull().default(''),
    /** Generated demo data (SEED_DEMO), never real. */
    isDemo: integer('is_demo').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organization_name_idx').on(t.name, t.id)],
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
