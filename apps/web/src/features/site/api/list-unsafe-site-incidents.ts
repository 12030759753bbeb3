/** GET /api/v1/site/unsafe-site-incidents: incidents newest first, paged by nextPageToken (admins). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function unsafeSiteIncidentsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['site', 'unsafe-site-incidents'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/api/v1/site/unsafe-site-incidents', {
        query: { pageToken: pageParam },
        schema: lazySchema(() => import('@portal/shared/schemas/site'), 'UnsafeSiteIncidentsResponseSchema'),
        signal,
      }),
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
  });
}

/** The incidents, one page at a time ("Load more"). */
export function useUnsafeSiteIncidents() {
  return useInfiniteQuery(unsafeSiteIncidentsQueryOptions());
}
