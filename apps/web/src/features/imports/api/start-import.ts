/**
 * POST /api/v1/courseware-imports/{id}/start { acceptWarnings } → 202 the import, status `queued`
 * (issue 38; needs CanUpdateContent). Refused with 422 IMPORT_MESSAGES.hasErrors or .acceptWarnings, and
 * 409 IMPORT_MESSAGES.busy (another import of the course runs) or .notPreviewed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CoursewareImport, StartImportRequest } from '@portal/shared/schemas/imports';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { reportIfSessionEnded } from '../lib/session-ended';
import { importQueryKey } from './get-import';
import { IMPORTS_KEY } from './list-imports';

/** Confirms a previewed import. @throws ApiError 409, 422, 404 */
export function startImport(id: string, request: StartImportRequest): Promise<CoursewareImport> {
  return apiRequest(`/api/v1/courseware-imports/${encodeURIComponent(id)}/start`, {
    method: 'POST',
    body: request,
    schema: lazySchema(() => import('@portal/shared/schemas/imports'), 'CoursewareImportSchema'),
  });
}

/** Starts the import `id`; the page shows a refusal itself. The answer replaces the import on the page. */
export function useStartImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StartImportRequest) => startImport(id, request),
    meta: { silent: true },
    onSuccess: async (started) => {
      queryClient.setQueryData(importQueryKey(id), started);
      await queryClient.invalidateQueries({ queryKey: [IMPORTS_KEY, 'list'] });
    },
    onError: (error) => reportIfSessionEnded(error),
  });
}
