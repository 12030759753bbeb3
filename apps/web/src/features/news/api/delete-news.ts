/** DELETE /api/v1/news/{id} → 204 (001 §7 Delete news by id; CanDeleteNews). */
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function deleteNews(id: string) {
  return apiRequest(`/api/v1/news/${id}`, {
    method: 'DELETE',
    schema: lazySchema(() => import('@portal/shared/schemas/common'), 'NoContentSchema'),
  });
}
