/**
 * GET /api/v1/contributors?limit=300&nextPageToken → ContributorPage, followed until no next-page token
 * (000 §2 Admin tables: contributors are fetched in pages of 300 for the Author column).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTENT_LIST_PAGE_SIZE } from '@portal/shared/limits';
import {
  ContributorPageSchema,
  type Contributor,
  type ContributorPage,
} from '@portal/shared/schemas/contributors';
import { apiRequest } from '../../../lib/api-client';
import { fetchAllPages } from '../../../lib/fetch-all-pages';

export async function listAllContributors(signal?: AbortSignal): Promise<Contributor[]> {
  return fetchAllPages(
    (nextPageToken) =>
      apiRequest('/api/v1/contributors', {
        schema: ContributorPageSchema,
        signal,
        query: { limit: CONTENT_LIST_PAGE_SIZE, nextPageToken },
      }),
    (page: ContributorPage) => page.contributors,
  );
}

export function allContributorsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'contributors'],
    queryFn: ({ signal }) => listAllContributors(signal),
    staleTime: 0,
  });
}

export function useAllContributors() {
  return useQuery(allContributorsQueryOptions());
}
