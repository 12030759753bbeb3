/** Site settings switched by admins and unsafe-site incidents (001 §2 /unsafe_site, §9 feature flags). */
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { account } from './identity.js';

/** An admin's choice for one feature flag; a flag with no row follows the environment or its default. */
export const siteFeatureFlag = pgTable('site_feature_flag', {
  flag: text('flag').primaryKey(),
  isOn: boolean('is_on').notNull(),
  updatedBy: uuid('updated_by').references(() => account.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A visit to the unsafe-site warning page, as its browser reported it. */
export const unsafeSiteIncident = pgTable(
  'unsafe_site_incident',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    address: text('address'),
    userAgent: text('user_agent'),
    reporterId: uuid('reporter_id').references(() => account.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unsafe_site_incident_created_idx').on(t.createdAt.desc(), t.id.desc())],
);
