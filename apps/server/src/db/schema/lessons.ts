/** Lessons of a content item (000 §3 Lesson). */
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { content } from './courseware.js';

/** Lessons of a content item (000 §3 Lesson): alternate id, urls and pages. */
export const lesson = pgTable(
  'lesson',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    alternateId: text('alternate_id').notNull(),
    name: text('name').notNull(),
    index: integer('index').notNull().default(0),
    /** 000 §3 Lesson urls: [{ fileId, type }] */
    urls: jsonb('urls').$type<{ fileId: string; type: string }[]>().notNull().default([]),
    /** 000 §3 Lesson pages: [{ id, urls: [{ fileId, type }] }] */
    pages: jsonb('pages')
      .$type<{ id: string; urls: { fileId: string; type: string }[] }[]>()
      .notNull()
      .default([]),
  },
  (t) => [index('lesson_content_idx').on(t.contentId, t.index)],
);
