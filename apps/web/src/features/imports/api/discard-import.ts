/**
 * DELETE /api/v1/courseware-imports/{id} → 204 (issue 38; needs CanUpdateContent): drops a preview that
 * was never started, with its staged package.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { reportIfSessionEnded } from '../lib/session-ended';
import { importQueryKey } from './get-import';
import { IMPORTS_KEY } from './list-imports';

/** Discards a previewed import. @throws ApiError 409, 404 */
export function discardImport(id: string): Promise<null> {
  return apiRequest(`/api/v1/courseware-imports/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: lazySchema(() => import('@portal/shared/schemas/common'), 'NoContentSchema'),
  });
}

/** Discards the import `id`, then `onDiscarded` runs (the page goes back to the list). */
export function useDiscardImport(id: string, onDiscarded: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => discardImport(id),
    meta: { silent: true },
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: importQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: [IMPORTS_KEY, 'list'] });
      onDiscarded();
    },
    onError: (error) => reportIfSessionEnded(error),
  });
}
