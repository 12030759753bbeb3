/**
 * Course invitations (issue 5; needs CanInviteStudents):
 * - GET  /api/v1/courses/:courseId/invitations            the caller's invitations to a course
 * - POST /api/v1/courses/:courseId/invitations { emails }  invite students by e-mail
 * - GET  /api/v1/content/search?contentCategories=course  courses to pick from
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SearchContentResponseSchema } from '@portal/shared/schemas/courseware';
import { CourseInvitationsResponseSchema } from '@portal/shared/schemas/identity';
import { apiRequest } from '../../../lib/api-client';

const path = (courseId: string) => `/api/v1/courses/${encodeURIComponent(courseId)}/invitations`;

export function invitationsQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: ['identity-admin', 'invitations', courseId],
    queryFn: ({ signal }) => apiRequest(path(courseId), { schema: CourseInvitationsResponseSchema, signal }),
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
        schema: CourseInvitationsResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions(courseId).queryKey }),
  });
}

/** Courses whose name matches `q` (at least two characters), or the first courses without it. */
export function useCourseOptions(q: string) {
  const text = q.trim().length >= 2 ? q.trim() : undefined;
  return useQuery({
    queryKey: ['identity-admin', 'courses', text ?? ''],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/content/search', {
        query: { q: text, contentCategories: ['course'], limit: 20 },
        schema: SearchContentResponseSchema,
        signal,
      }),
    select: (data) => data.items.map((item) => ({ id: item.id, name: item.name })),
    staleTime: 60_000,
  });
}
