/**
 * POST /api/v1/courseware-imports/{id}/cancel → the import, status `cancelled` (issue 38; needs
 * CanUpdateContent); 409 IMPORT_MESSAGES.notCancellable when it has already ended.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CoursewareImport } from '@portal/shared/schemas/imports';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { reportIfSessionEnded } from '../lib/session-ended';
import { importQueryKey } from './get-import';
import { IMPORTS_KEY } from './list-imports';

/** Cancels a queued or running import. @throws ApiError 409, 404 */
export function cancelImport(id: string): Promise<CoursewareImport> {
  return apiRequest(`/api/v1/courseware-imports/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    schema: lazySchema(() => import('@portal/shared/schemas/imports'), 'CoursewareImportSchema'),
  });
}

/** Cancels the import `id`; the page shows a refusal itself. The answer replaces the import on the page. */
export function useCancelImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelImport(id),
    meta: { silent: true },
    onSuccess: async (cancelled) => {
      queryClient.setQueryData(importQueryKey(id), cancelled);
      await queryClient.invalidateQueries({ queryKey: [IMPORTS_KEY, 'list'] });
    },
    onError: (error) => reportIfSessionEnded(error),
  });
}
