/**
 * GET /api/v1/admin/newsletter/subscribers?pageToken → subscribers, newest first (CanManageOrganization).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function newsletterSubscribersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['forms', 'newsletter-subscribers'],
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/api/v1/admin/newsletter/subscribers', {
        query: { pageToken: pageParam ?? undefined },
        schema: lazySchema(
          () => import('@portal/shared/schemas/forms'),
          'NewsletterSubscribersResponseSchema',
        ),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextPageToken,
  });
}

export function useNewsletterSubscribers(enabled: boolean) {
  return useInfiniteQuery({ ...newsletterSubscribersQueryOptions(), enabled });
}
