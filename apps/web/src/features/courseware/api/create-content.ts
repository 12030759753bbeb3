/**
 * POST /api/v1/content → { id, urlAlias, version } (000 §7 Create; CanUpdateContent). Errors are shown
 * by the form itself (field issues, alias conflicts), so the mutation is silent for the shell.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentWriteResponse, CreateContentRequest } from '@portal/shared/schemas/courseware';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { uploadContentFiles, type SaveContentInput, type SaveContentResult } from './upload-content-files';

/** Creates a content item. @throws ApiError invalid_input, conflict (alias taken), forbidden */
export function createContent(body: CreateContentRequest): Promise<ContentWriteResponse> {
  return apiRequest('/api/v1/content', {
    method: 'POST',
    body,
    schema: lazySchema(() => import('@portal/shared/schemas/courseware'), 'ContentWriteResponseSchema'),
  });
}

/**
 * Creates a content item, then uploads its picked files and refetches every courseware query. Rejects
 * (silently for the shell) only when the item is not created; files that failed come back in `failed`.
 */
export function useCreateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      pendingFiles,
      onProgress,
    }: SaveContentInput<CreateContentRequest>): Promise<SaveContentResult<ContentWriteResponse>> => {
      const saved = await createContent(body);
      const failed = await uploadContentFiles(saved.id, pendingFiles, onProgress);
      await queryClient.invalidateQueries({ queryKey: ['courseware'] });
      return { saved, failed };
    },
    meta: { silent: true },
  });
}
