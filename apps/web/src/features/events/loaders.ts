/**
 * Loaders of the events routes (issue 22): the first page of the list as a visitor sees it, and one event,
 * are in the query cache before the page draws, so that the server renders them and the browser hydrates
 * them. The API modules load with the loader, not with the first download. None throws: a failure is left
 * to the page, which loads and reports it itself.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { EVENTS_PAGE_SIZE } from '@portal/shared/limits';
import { VISITOR_LIST_SOURCE, pagedListPageKey } from '../../components/dated-items/paged-list-key';

/** Loader of /events: its first page for a visitor. */
export function createEventsListLoader(queryClient: QueryClient) {
  return async () => {
    const { EVENTS_KEY, listEvents } = await import('./api/list-events');
    await queryClient.prefetchQuery({
      queryKey: pagedListPageKey([...EVENTS_KEY, 'list'], VISITOR_LIST_SOURCE, null),
      queryFn: ({ signal }) => listEvents({ pageToken: null, pageSize: EVENTS_PAGE_SIZE }, signal),
    });
    return null;
  };
}

/** Loader of /events/:alias: the event. */
export function createEventLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const { eventQueryOptions } = await import('./api/get-event');
    if (params['alias']) await queryClient.prefetchQuery(eventQueryOptions(params['alias']));
    return null;
  };
}
