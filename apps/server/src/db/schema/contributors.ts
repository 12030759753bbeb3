/** Contributors (000 §3 Contributor): the people credited on courseware items. */
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const contributor = pgTable('contributor', {
  id: uuid('id').primaryKey().defaultRandom(),
  prefix: text('prefix'),
  firstName: text('first_name').notNull(),
  middleName: text('middle_name'),
  lastName: text('last_name').notNull(),
  suffix: text('suffix'),
  title: text('title'),
  school: text('school'),
  email: text('email'),
  portraitFileId: uuid('portrait_file_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
