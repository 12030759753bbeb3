/**
 * GET /api/v1/pages/{id}/revisions → { items, nextPageToken } (newest first) and POST
 * /api/v1/pages/{id}/revisions/{revisionId}/restore → Page (issue 11 "History"; CanUpdateContent).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PAGES_KEY } from './get-page';
import { PageRevisionListSchema, PageSchema } from './page-types';

export function pageRevisionsQueryOptions(pageId: string) {
  return queryOptions({
    queryKey: [...PAGES_KEY, 'revisions', pageId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/pages/${pageId}/revisions`, { schema: PageRevisionListSchema, signal }),
  });
}

export function restoreRevision(pageId: string, revisionId: string) {
  return apiRequest(`/api/v1/pages/${pageId}/revisions/${revisionId}/restore`, {
    method: 'POST',
    schema: PageSchema,
  });
}
