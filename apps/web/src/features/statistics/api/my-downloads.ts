/**
 * "My downloads" (issue 37): GET /api/v1/account/downloads — the items the signed-in person downloaded,
 * newest download first, paged by nextPageToken, each with whether it changed since.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

const schemas = () => import('@portal/shared/schemas/my-downloads');

/** The caller's downloaded items, page by page (load more with `fetchNextPage`). */
export function useMyDownloads() {
  return useInfiniteQuery({
    queryKey: ['my-downloads'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/api/v1/account/downloads', {
        query: { pageToken: pageParam },
        schema: lazySchema(schemas, 'MyDownloadListSchema'),
        signal,
      }),
    getNextPageParam: (last) => last.nextPageToken,
  });
}
