/**
 * GET /api/v1/support/courses?pageToken → the courses the caller is on, by name (001 §7 User client
 * "get courses paged by token"). Every page is loaded, so the dialog can offer them all.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function supportCoursesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['forms', 'support-courses'],
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/api/v1/support/courses', {
        query: { pageToken: pageParam ?? undefined },
        schema: lazySchema(() => import('@portal/shared/schemas/forms'), 'SupportCoursesResponseSchema'),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextPageToken,
  });
}

/** All the caller's courses, following nextPageToken until none is left. */
export function useSupportCourses(enabled: boolean) {
  const query = useInfiniteQuery({ ...supportCoursesQueryOptions(), enabled });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { ...query, courses: query.data?.pages.flatMap((page) => page.items) ?? [] };
}
