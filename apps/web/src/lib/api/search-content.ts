/**
 * GET /api/v1/content/search?q&educationLevels&…&limit&nextPageToken → SearchContentResponse (000 §7
 * search; lists comma separated). Without q and filters the server returns the browse list.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { COURSEWARE_LANDING_PAGE_SIZE } from '@portal/shared/limits';
import type { SearchContentQuery, SearchContentResponse } from '@portal/shared/schemas/courseware';
import { apiRequest, lazySchema } from '../api-client';

/** The search as sent: the filter, an optional page token and size. */
export type SearchContentParams = Omit<SearchContentQuery, 'limit'> & { limit?: number };

/** Fetches one page of search results. */
export function searchContent(
  params: SearchContentParams,
  signal?: AbortSignal,
): Promise<SearchContentResponse> {
  return apiRequest('/api/v1/content/search', {
    schema: lazySchema(() => import('@portal/shared/schemas/courseware'), 'SearchContentResponseSchema'),
    signal,
    query: {
      q: params.q,
      educationLevels: params.educationLevels,
      experienceLevels: params.experienceLevels,
      contentCategories: params.contentCategories,
      ksaIds: params.ksaIds,
      kuIds: params.kuIds,
      tksIds: params.tksIds,
      cybokIds: params.cybokIds,
      contributorIds: params.contributorIds,
      workRole: params.workRole,
      newOrUpdatedContent: params.newOrUpdatedContent,
      tags: params.tags,
      limit: params.limit ?? COURSEWARE_LANDING_PAGE_SIZE,
      nextPageToken: params.nextPageToken,
    },
  });
}

/** Query options of one page of a search. */
export function searchContentQueryOptions(params: SearchContentParams) {
  return queryOptions({
    queryKey: ['courseware', 'search', params],
    queryFn: ({ signal }) => searchContent(params, signal),
  });
}

/** One page of a search; the previous page stays on screen while the next loads. */
export function useSearchContent(params: SearchContentParams) {
  return useQuery({ ...searchContentQueryOptions(params), placeholderData: keepPreviousData });
}
