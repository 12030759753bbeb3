/**
 * GET /api/v1/pages/{id}/revisions → { items, nextPageToken } (newest first) and POST
 * /api/v1/pages/{id}/revisions/{revisionId}/restore → Page (issue 11 "History"; CanUpdateContent).
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { PAGES_KEY } from './get-page';

/** A page's revisions, one API page at a time (newest first), followed by `nextPageToken`. */
export function pageRevisionsQueryOptions(pageId: string) {
  return infiniteQueryOptions({
    queryKey: [...PAGES_KEY, 'revisions', pageId],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/api/v1/pages/${pageId}/revisions`, {
        query: { pageToken: pageParam ?? undefined },
        schema: lazySchema(() => import('@portal/shared/schemas/pages'), 'PageRevisionListSchema'),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextPageToken,
  });
}

export function restoreRevision(pageId: string, revisionId: string) {
  return apiRequest(`/api/v1/pages/${pageId}/revisions/${revisionId}/restore`, {
    method: 'POST',
    schema: lazySchema(() => import('@portal/shared/schemas/pages'), 'PageSchema'),
  });
}
