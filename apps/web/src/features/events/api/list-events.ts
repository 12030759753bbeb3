/**
 * GET /api/v1/events?pageToken&pageSize&statuses&upcoming → a page of events: newest first, or from now
 * on soonest first with `upcoming` (001 §7 Content client).
 */
import type { ContentStatus } from '@portal/shared/enums';
import { EventPageSchema } from '@portal/shared/schemas/events';
import { apiRequest } from '../../../lib/api-client';

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
    schema: EventPageSchema,
    signal,
  });
}
