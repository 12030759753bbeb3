/**
 * GET /api/v1/contributors?limit=1000&nextPageToken → ContributorPage, followed until no next-page token
 * (000 §7 "get contributors: limit 1000"). Used by the contributor filter of the search panel.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTRIBUTOR_LIST_LIMIT } from '@portal/shared/limits';
import {
  ContributorPageSchema,
  type Contributor,
  type ContributorPage,
} from '@portal/shared/schemas/contributors';
import { apiRequest } from '../../../lib/api-client';

/** Fetches every contributor, page by page. */
export async function getAllContributors(signal?: AbortSignal): Promise<Contributor[]> {
  const contributors: Contributor[] = [];
  let nextPageToken: string | null = null;
  do {
    const page: ContributorPage = await apiRequest('/api/v1/contributors', {
      schema: ContributorPageSchema,
      signal,
      query: { limit: CONTRIBUTOR_LIST_LIMIT, nextPageToken },
    });
    contributors.push(...page.contributors);
    nextPageToken = page.nextPageToken;
  } while (nextPageToken);
  return contributors;
}

/** Query options of all contributors. */
export function contributorsQueryOptions() {
  return queryOptions({
    queryKey: ['courseware', 'contributors'],
    queryFn: ({ signal }) => getAllContributors(signal),
    staleTime: 10 * 60_000,
  });
}

/** All contributors, for the search filter and its chips. */
export function useContributors() {
  return useQuery(contributorsQueryOptions());
}
