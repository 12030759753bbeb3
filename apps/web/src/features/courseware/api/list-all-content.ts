/**
 * GET /api/v1/content?condense=true&limit=300&archived=…&nextPageToken → ContentListPage, followed until
 * no next-page token is returned (000 §2 Admin tables "loading", §7 admin listing filter).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTENT_LIST_PAGE_SIZE } from '@portal/shared/limits';
import type { ContentListItem, ContentListPage } from '@portal/shared/schemas/courseware';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { fetchAllPages } from '../../../lib/fetch-all-pages';

/** Fetches every listed item (archived only, or all others), page by page. */
export async function listAllContent(archived: boolean, signal?: AbortSignal): Promise<ContentListItem[]> {
  return fetchAllPages(
    (nextPageToken) =>
      apiRequest('/api/v1/content', {
        schema: lazySchema(() => import('@portal/shared/schemas/courseware'), 'ContentListPageSchema'),
        signal,
        query: { condense: true, limit: CONTENT_LIST_PAGE_SIZE, archived, nextPageToken },
      }),
    (page: ContentListPage) => page.items,
  );
}

export function allContentQueryOptions(archived: boolean) {
  return queryOptions({
    queryKey: ['admin', 'content', { archived }],
    queryFn: ({ signal }) => listAllContent(archived, signal),
    staleTime: 0,
  });
}

/** Every item of one admin table. */
export function useAllContent(archived: boolean) {
  return useQuery(allContentQueryOptions(archived));
}
