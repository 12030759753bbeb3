/**
 * Course invitations (issue 5; needs CanInviteStudents):
 * - GET  /api/v1/courses/:courseId/invitations            the caller's invitations to a course
 * - POST /api/v1/courses/:courseId/invitations { emails }  invite students by e-mail
 * - GET  /api/v1/content/search?contentCategories=course  courses to pick from
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SearchTextSchema } from '@portal/shared/schemas/courseware';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { searchContent } from '../../../lib/api/search-content';

const path = (courseId: string) => `/api/v1/courses/${encodeURIComponent(courseId)}/invitations`;

export function invitationsQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: ['identity-admin', 'invitations', courseId],
    queryFn: ({ signal }) =>
      apiRequest(path(courseId), {
        schema: lazySchema(
          () => import('@portal/shared/schemas/identity'),
          'CourseInvitationsResponseSchema',
        ),
        signal,
      }),
  });
}

export function useInvitations(courseId: string | null, enabled: boolean) {
  return useQuery({ ...invitationsQueryOptions(courseId ?? ''), enabled: enabled && courseId !== null });
}

export function useInviteStudents(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emails: string[]) =>
      apiRequest(path(courseId), {
        method: 'POST',
        body: { emails },
        schema: lazySchema(
          () => import('@portal/shared/schemas/identity'),
          'CourseInvitationsResponseSchema',
        ),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions(courseId).queryKey }),
  });
}

/** Courses offered at once in the course picker; typing narrows them. */
const COURSE_OPTIONS_MAX = 20;

/**
 * Courses whose name matches `q` (when it is a valid search text, 2 to 256 characters), or the first
 * courses without it.
 */
export function useCourseOptions(q: string) {
  const parsed = SearchTextSchema.safeParse(q);
  const text = parsed.success ? parsed.data : undefined;
  return useQuery({
    queryKey: ['identity-admin', 'courses', text ?? ''],
    queryFn: ({ signal }) =>
      searchContent({ q: text, contentCategories: ['course'], limit: COURSE_OPTIONS_MAX }, signal),
    select: (data) => data.items.map((item) => ({ id: item.id, name: item.name })),
  });
}
