/** DELETE /api/v1/files/{id} → 204 (001 §7 File client "Delete file by id"; CanUpdateContent). */
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function deleteFile(id: string) {
  return apiRequest(`/api/v1/files/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: lazySchema(() => import('@portal/shared/schemas/common'), 'NoContentSchema'),
  });
}
