/**
 * GET /api/v1/events/{idOrAlias} → one event (404 'Event does not exist.'); its calendar file is at
 * /api/v1/events/{idOrAlias}/calendar.ics.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { EVENTS_KEY } from './list-events';

export function eventQueryOptions(idOrAlias: string) {
  return queryOptions({
    queryKey: [...EVENTS_KEY, 'item', idOrAlias],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/events/${encodeURIComponent(idOrAlias)}`, {
        schema: lazySchema(() => import('@portal/shared/schemas/events'), 'EventSchema'),
        signal,
      }),
    retry: false,
    meta: { ignoreNotFound: true },
  });
}

/** The address of an event's .ics file. */
export const eventCalendarUrl = (idOrAlias: string) =>
  `/api/v1/events/${encodeURIComponent(idOrAlias)}/calendar.ics`;
