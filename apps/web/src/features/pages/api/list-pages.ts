/**
 * GET /api/v1/pages?nextPageToken → { items, nextPageToken } (001 §7 "Listing pages uses a token and
 * follows the next token until none is left"): every page's id, href and title, for page-target fields.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { fetchAllPages } from '../../../lib/fetch-all-pages';
import { PAGES_KEY } from './get-page';

export function allPagesQueryOptions() {
  return queryOptions({
    queryKey: [...PAGES_KEY, 'all'],
    queryFn: ({ signal }) =>
      fetchAllPages(
        (nextPageToken) =>
          apiRequest('/api/v1/pages', {
            query: { pageToken: nextPageToken },
            schema: lazySchema(() => import('@portal/shared/schemas/pages'), 'PageListSchema'),
            signal,
          }),
        (page) => page.items,
      ),
  });
}
