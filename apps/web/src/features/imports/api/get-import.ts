/**
 * GET /api/v1/courseware-imports/{id} → the import with its preview, progress, summary and error
 * (issue 38; needs CanUpdateContent). While it is queued or running the page asks again every
 * IMPORT_POLL_INTERVAL_MS.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { IMPORT_ACTIVE_STATUSES, IMPORT_POLL_INTERVAL_MS } from '@portal/shared/schemas/imports-limits';
import type { CoursewareImport } from '@portal/shared/schemas/imports';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { IMPORTS_KEY } from './list-imports';

/** Whether an import is still to finish (queued or running). */
export function isImportActive(status: CoursewareImport['status']): boolean {
  return (IMPORT_ACTIVE_STATUSES as readonly string[]).includes(status);
}

export function importQueryKey(id: string) {
  return [IMPORTS_KEY, 'one', id] as const;
}

export function importQueryOptions(id: string) {
  return queryOptions({
    queryKey: importQueryKey(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/courseware-imports/${encodeURIComponent(id)}`, {
        schema: lazySchema(() => import('@portal/shared/schemas/imports'), 'CoursewareImportSchema'),
        signal,
      }),
    // The page says itself that an import does not exist.
    meta: { ignoreNotFound: true },
    // Progress changes under the page: asked again while the import is under way, never otherwise.
    refetchInterval: (query) =>
      query.state.data && isImportActive(query.state.data.status) ? IMPORT_POLL_INTERVAL_MS : false,
    staleTime: 0,
  });
}

/** One import; `enabled` only while the session may read it. */
export function useImport(id: string, enabled: boolean) {
  return useQuery({ ...importQueryOptions(id), enabled });
}
