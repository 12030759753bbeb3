/**
 * Loaders of the news routes (issue 22): the first page of the list as a visitor sees it, and one news item,
 * are in the query cache before the page draws, so that the server renders them and the browser hydrates
 * them. The API modules load with the loader, not with the first download. None throws: a failure is left
 * to the page, which loads and reports it itself.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { NEWS_PAGE_SIZE } from '@portal/shared/limits';
import { VISITOR_LIST_SOURCE, pagedListPageKey } from '../../components/dated-items/paged-list-key';

/** Loader of /news: its first page for a visitor. */
export function createNewsListLoader(queryClient: QueryClient) {
  return async () => {
    const { NEWS_KEY, listNews } = await import('./api/list-news');
    await queryClient.prefetchQuery({
      queryKey: pagedListPageKey([...NEWS_KEY, 'list'], VISITOR_LIST_SOURCE, null),
      queryFn: ({ signal }) => listNews({ pageToken: null, pageSize: NEWS_PAGE_SIZE }, signal),
    });
    return null;
  };
}

/** Loader of /news/:alias: the news item. */
export function createNewsLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const { newsQueryOptions } = await import('./api/get-news');
    if (params['alias']) await queryClient.prefetchQuery(newsQueryOptions(params['alias']));
    return null;
  };
}
