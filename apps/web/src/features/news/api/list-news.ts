/** GET /api/v1/news?pageToken&pageSize&statuses → a page of news, newest first (001 §7 Content client). */
import type { ContentStatus } from '@portal/shared/enums';
import { NewsPageSchema } from '@portal/shared/schemas/news';
import { apiRequest } from '../../../lib/api-client';

export const NEWS_KEY = ['news'] as const;

export function listNews(
  query: { pageToken: string | null; pageSize: number; statuses?: ContentStatus[] },
  signal?: AbortSignal,
) {
  return apiRequest('/api/v1/news', {
    query: { pageToken: query.pageToken, pageSize: query.pageSize, statuses: query.statuses },
    schema: NewsPageSchema,
    signal,
  });
}
