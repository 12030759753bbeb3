/**
 * GET /api/v1/courseware-imports?pageToken → the imports, newest first, IMPORTS_PAGE_SIZE a page, without
 * their preview trees (issue 38; needs CanUpdateContent).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** The key every query of the imports starts with: a change to one refreshes the list. */
export const IMPORTS_KEY = 'courseware-imports';

export function importsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [IMPORTS_KEY, 'list'],
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/api/v1/courseware-imports', {
        query: { pageToken: pageParam ?? undefined },
        schema: lazySchema(() => import('@portal/shared/schemas/imports'), 'CoursewareImportListSchema'),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextPageToken,
  });
}

/** The recent imports, paged by nextPageToken; `enabled` only while the session may read them. */
export function useImports(enabled: boolean) {
  return useInfiniteQuery({ ...importsQueryOptions(), enabled });
}
