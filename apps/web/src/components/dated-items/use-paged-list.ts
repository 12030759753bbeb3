import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PAGINATION_DEBOUNCE_MS } from '@portal/shared/limits';
import { pagedListPageKey } from './paged-list-key';

export interface PageResult<T> {
  items: T[];
  nextPageToken: string | null;
}

/**
 * List pagination (001 §4): the first page loads after a 500 ms debounce and again whenever `source`
 * changes; loaded pages stay cached (TanStack Query, keyed by their token); after a page loads the next
 * one is fetched ahead, and Next is enabled only when it has items; Previous only after the first page.
 * @param key the query key of the list, e.g. ['news', 'list', statuses]
 * @param fetchPage loads the page at a token (null: the first)
 */
export function usePagedList<T>(
  key: readonly unknown[],
  source: string,
  fetchPage: (token: string | null, signal: AbortSignal) => Promise<PageResult<T>>,
) {
  const queryClient = useQueryClient();
  // A first page already in the cache (a server-rendered page, issue 22) is shown at once; changes of the
  // source still wait for the debounce.
  const [debouncedSource, setDebouncedSource] = useState<string | null>(() =>
    queryClient.getQueryData(pagedListPageKey(key, source, null)) === undefined ? null : source,
  );
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  useEffect(() => {
    const timer = setTimeout(() => {
      setDebouncedSource(source);
      setTokens([null]);
    }, PAGINATION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [source]);

  const index = tokens.length - 1;
  const pageKey = (token: string | null) => pagedListPageKey(key, debouncedSource ?? '', token);
  const page = useQuery({
    queryKey: pageKey(tokens[index] ?? null),
    queryFn: ({ signal }) => fetchPage(tokens[index] ?? null, signal),
    enabled: debouncedSource !== null,
    placeholderData: keepPreviousData,
  });
  const nextToken = page.data?.nextPageToken ?? null;
  const next = useQuery({
    queryKey: pageKey(nextToken),
    queryFn: ({ signal }) => fetchPage(nextToken, signal),
    enabled: debouncedSource !== null && nextToken !== null && !page.isPlaceholderData,
  });
  return {
    items: page.data?.items ?? [],
    isLoading: debouncedSource === null || page.isPending,
    isError: page.isError,
    pageNumber: index + 1,
    hasPrevious: index > 0,
    hasNext: Boolean(nextToken && next.data && next.data.items.length > 0),
    goNext: () => nextToken && setTokens((t) => [...t, nextToken]),
    goPrevious: () => setTokens((t) => (t.length > 1 ? t.slice(0, -1) : t)),
    /** After a write: drop the cached pages and start again from the first. */
    refresh: async () => {
      setTokens([null]);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  };
}
