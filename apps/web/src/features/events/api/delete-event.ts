/** DELETE /api/v1/events/{id} → 204 (001 §7 Delete event by id; CanDeleteEvents). */
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function deleteEvent(id: string) {
  return apiRequest(`/api/v1/events/${id}`, {
    method: 'DELETE',
    schema: lazySchema(() => import('@portal/shared/schemas/common'), 'NoContentSchema'),
  });
}
