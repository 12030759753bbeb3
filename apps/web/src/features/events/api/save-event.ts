/**
 * POST /api/v1/events EventRequest → 201 Event and PUT /api/v1/events/{id} EventRequest → Event (001 §7
 * Create event, Update event; CanUpdateContent).
 */
import type { EventRequest } from '@portal/shared/schemas/events';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function saveEvent(id: string | null, body: EventRequest) {
  return id
    ? apiRequest(`/api/v1/events/${id}`, {
        method: 'PUT',
        body,
        schema: lazySchema(() => import('@portal/shared/schemas/events'), 'EventSchema'),
      })
    : apiRequest('/api/v1/events', {
        method: 'POST',
        body,
        schema: lazySchema(() => import('@portal/shared/schemas/events'), 'EventSchema'),
      });
}
