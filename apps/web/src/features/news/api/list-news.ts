/** GET /api/v1/news?pageToken&pageSize&statuses → a page of news, newest first (001 §7 Content client). */
import { queryOptions } from '@tanstack/react-query';
import type { ContentStatus } from '@portal/shared/enums';
import { LANDING_NEWS_COUNT } from '@portal/shared/limits';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export const NEWS_KEY = ['news'] as const;

export function listNews(
  query: { pageToken: string | null; pageSize: number; statuses?: ContentStatus[] },
  signal?: AbortSignal,
) {
  return apiRequest('/api/v1/news', {
    query: { pageToken: query.pageToken, pageSize: query.pageSize, statuses: query.statuses },
    schema: lazySchema(() => import('@portal/shared/schemas/news'), 'NewsPageSchema'),
    signal,
  });
}

/** The home page's recent news (001 §2, §9): the LANDING_NEWS_COUNT latest published items. */
export function recentNewsQueryOptions() {
  return queryOptions({
    queryKey: [...NEWS_KEY, 'recent'],
    queryFn: ({ signal }) =>
      listNews({ pageToken: null, pageSize: LANDING_NEWS_COUNT, statuses: ['published'] }, signal),
  });
}
