/** Lesson queries (000 §3 Lesson). */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lesson } from '../../db/schema/lessons.js';

export type LessonRow = typeof lesson.$inferSelect;

/** The lessons of a content item, in their order. */
export async function findLessonsOfContent(db: Db, contentId: string): Promise<LessonRow[]> {
  return db
    .select()
    .from(lesson)
    .where(eq(lesson.contentId, contentId))
    .orderBy(asc(lesson.index), asc(lesson.name), asc(lesson.id));
}

export async function findLesson(db: Db, id: string): Promise<LessonRow | undefined> {
  const [row] = await db.select().from(lesson).where(eq(lesson.id, id));
  return row;
}
