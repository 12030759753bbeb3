/** GET /api/v1/news/{idOrAlias} → one news item (404 'News does not exist.'). */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { NEWS_KEY } from './list-news';

export function newsQueryOptions(idOrAlias: string) {
  return queryOptions({
    queryKey: [...NEWS_KEY, 'item', idOrAlias],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/news/${encodeURIComponent(idOrAlias)}`, {
        schema: lazySchema(() => import('@portal/shared/schemas/news'), 'NewsSchema'),
        signal,
      }),
    retry: false,
    meta: { ignoreNotFound: true },
  });
}
