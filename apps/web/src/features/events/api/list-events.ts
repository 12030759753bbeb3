/**
 * GET /api/v1/events?pageToken&pageSize&statuses&upcoming → a page of events: newest first, or from now
 * on soonest first with `upcoming` (001 §7 Content client).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ContentStatus } from '@portal/shared/enums';
import { LANDING_EVENTS_FETCH } from '@portal/shared/limits';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export const EVENTS_KEY = ['events'] as const;

export function listEvents(
  query: { pageToken: string | null; pageSize: number; statuses?: ContentStatus[]; isUpcoming?: boolean },
  signal?: AbortSignal,
) {
  return apiRequest('/api/v1/events', {
    query: {
      pageToken: query.pageToken,
      pageSize: query.pageSize,
      statuses: query.statuses,
      upcoming: query.isUpcoming ? 'true' : undefined,
    },
    schema: lazySchema(() => import('@portal/shared/schemas/events'), 'EventPageSchema'),
    signal,
  });
}

/**
 * The home page's upcoming events (001 §2, §9): up to LANDING_EVENTS_FETCH published events from now on;
 * the page keeps those still ahead, soonest first.
 */
export function upcomingEventsQueryOptions() {
  return queryOptions({
    queryKey: [...EVENTS_KEY, 'upcoming'],
    queryFn: ({ signal }) =>
      listEvents(
        { pageToken: null, pageSize: LANDING_EVENTS_FETCH, statuses: ['published'], isUpcoming: true },
        signal,
      ),
  });
}
