/**
 * GET /api/v1/contributors?limit=1000&nextPageToken → ContributorPage, followed until no next-page token
 * (000 §7 "get contributors: limit 1000"). Used by the contributor filter of the search panel.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTRIBUTOR_LIST_LIMIT } from '@portal/shared/limits';
import type { Contributor, ContributorPage } from '@portal/shared/schemas/contributors';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { fetchAllPages } from '../../../lib/fetch-all-pages';

/** Fetches every contributor, page by page, `pageSize` at a time. */
export async function getAllContributors(
  signal?: AbortSignal,
  pageSize = CONTRIBUTOR_LIST_LIMIT,
): Promise<Contributor[]> {
  return fetchAllPages(
    (nextPageToken) =>
      apiRequest('/api/v1/contributors', {
        schema: lazySchema(() => import('@portal/shared/schemas/contributors'), 'ContributorPageSchema'),
        signal,
        query: { limit: pageSize, nextPageToken },
      }),
    (page: ContributorPage) => page.contributors,
  );
}

/** Query options of all contributors. */
export function contributorsQueryOptions() {
  return queryOptions({
    queryKey: ['courseware', 'contributors'],
    queryFn: ({ signal }) => getAllContributors(signal),
    staleTime: 10 * 60_000,
  });
}

/**
 * All contributors, for the search filter and its chips. `enabled` false leaves them unloaded (issue 22:
 * /courseware loads them when a visitor first opens the contributor filter or the address names one).
 */
export function useContributors(enabled = true) {
  return useQuery({ ...contributorsQueryOptions(), enabled });
}
