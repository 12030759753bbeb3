/** DELETE /api/v1/news/{id} → 204 (001 §7 Delete news by id; CanDeleteNews). */
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export function deleteNews(id: string) {
  return apiRequest(`/api/v1/news/${id}`, { method: 'DELETE', schema: z.null() });
}
