/**
 * Lessons of a content item (000 §3 Lesson, §7 Lesson service): an alternate id, artifact URLs and
 * pages of URLs, each naming a stored file and its type. Fetched only with CanListLessons (000 §6).
 */
import { z } from 'zod';
import { UuidSchema } from './common.js';

/** One artifact of a lesson or page: a stored file and what it is (e.g. slides, handout, figure). */
export const LessonUrlSchema = z.object({ fileId: UuidSchema, type: z.string() });
export type LessonUrl = z.infer<typeof LessonUrlSchema>;

export const LessonPageSchema = z.object({ id: z.string(), urls: z.array(LessonUrlSchema) });
export type LessonPage = z.infer<typeof LessonPageSchema>;

/** 000 §3 Lesson, with the content item it belongs to and its name and order. */
export const LessonSchema = z.object({
  id: UuidSchema,
  contentId: UuidSchema,
  alternateId: z.string(),
  name: z.string(),
  index: z.number().int(),
  urls: z.array(LessonUrlSchema),
  pages: z.array(LessonPageSchema),
});
export type Lesson = z.infer<typeof LessonSchema>;

/** 000 §7: list filtered by contentId. */
export const ListLessonsQuerySchema = z.object({ contentId: UuidSchema });
export type ListLessonsQuery = z.infer<typeof ListLessonsQuerySchema>;

export const LessonListResponseSchema = z.object({ lessons: z.array(LessonSchema) });
export type LessonListResponse = z.infer<typeof LessonListResponseSchema>;
