/**
 * POST /api/v1/news NewsRequest → 201 News and PUT /api/v1/news/{id} NewsRequest → News (001 §7 Create
 * news, Update news; CanUpdateContent).
 */
import type { NewsRequest } from '@portal/shared/schemas/news';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function saveNews(id: string | null, body: NewsRequest) {
  return id
    ? apiRequest(`/api/v1/news/${id}`, {
        method: 'PUT',
        body,
        schema: lazySchema(() => import('@portal/shared/schemas/news'), 'NewsSchema'),
      })
    : apiRequest('/api/v1/news', {
        method: 'POST',
        body,
        schema: lazySchema(() => import('@portal/shared/schemas/news'), 'NewsSchema'),
      });
}
