/** Organizations (business units) of accounts (001 §3; DESIGN.md "Organizations"). */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
