/**
 * GET /api/v1/lessons?contentId={id} → { lessons } (000 §7 Lesson service "list filtered by contentId").
 * Lessons are fetched only for users with CanListLessons (000 §6).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LessonListResponse } from '@portal/shared/schemas/lessons';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** Fetches the lessons of a content item. */
export function getLessons(contentId: string, signal?: AbortSignal): Promise<LessonListResponse> {
  return apiRequest('/api/v1/lessons', {
    schema: lazySchema(() => import('@portal/shared/schemas/lessons'), 'LessonListResponseSchema'),
    query: { contentId },
    signal,
  });
}

/** Query options of the lessons of a content item. */
export function lessonsQueryOptions(contentId: string) {
  return queryOptions({
    queryKey: ['courseware', 'lessons', contentId],
    queryFn: ({ signal }) => getLessons(contentId, signal),
  });
}

/** The lessons of a content item, when `isEnabled` (the user may list lessons). */
export function useLessons(contentId: string, isEnabled: boolean) {
  return useQuery({ ...lessonsQueryOptions(contentId), enabled: isEnabled });
}
