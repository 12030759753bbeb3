/**
 * Lesson rules (000 §3 Lesson, §6 CanListLessons, §7 Lesson service): the lessons of a content item,
 * each with its artifact URLs and pages, shown only for items the caller may open. The routes require
 * CanListLessons; downloading an artifact needs CanViewLessonFiles (files.service.ts).
 *
 * The demo data holds no lesson artifacts (the SEED handouts' figures and attachments are not in
 * ../shared/data), so the demo catalogue has no lessons and every list is empty; none are invented.
 */
import { AppError, MESSAGES } from '@portal/shared/errors';
import type { PermissionFlags } from '@portal/shared/permissions';
import type { Lesson, LessonListResponse } from '@portal/shared/schemas/lessons';
import type { Db } from '../../db/client.js';
import { findOpenableRef } from '../courseware/courseware.service.js';
import * as repo from './lessons.repository.js';

function toLesson(row: repo.LessonRow): Lesson {
  return {
    id: row.id,
    contentId: row.contentId,
    alternateId: row.alternateId,
    name: row.name,
    index: row.index,
    urls: row.urls,
    pages: row.pages,
  };
}

/**
 * The lessons of a content item (000 §7 "list filtered by contentId"), in their order.
 * @throws AppError not_found when the item does not exist or the caller may not open it
 */
export async function listLessons(
  db: Db,
  perms: PermissionFlags,
  contentId: string,
): Promise<LessonListResponse> {
  if (!(await findOpenableRef(db, perms, contentId)))
    throw new AppError('not_found', MESSAGES.contentNotFound);
  const rows = await repo.findLessonsOfContent(db, contentId);
  return { lessons: rows.map(toLesson) };
}

/**
 * One lesson (000 §7 "get one per lesson id").
 * @throws AppError not_found when it does not exist or its item is hidden from the caller
 */
export async function getLesson(db: Db, perms: PermissionFlags, id: string): Promise<Lesson> {
  const row = await repo.findLesson(db, id);
  if (!row || !(await findOpenableRef(db, perms, row.contentId))) {
    throw new AppError('not_found', 'Lesson does not exist.');
  }
  return toLesson(row);
}
