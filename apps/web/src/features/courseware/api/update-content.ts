/**
 * PUT /api/v1/content/{id} → { id, urlAlias, version } (000 §7 "update by id: full content"). The body
 * carries the version the form was loaded with; a 409 says someone else saved meanwhile.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentWriteResponse, UpdateContentRequest } from '@portal/shared/schemas/courseware';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { uploadContentFiles, type SaveContentInput, type SaveContentResult } from './upload-content-files';

/** Saves the full editable content. @throws ApiError conflict (stale version or alias taken), invalid_input */
export function updateContent(id: string, body: UpdateContentRequest): Promise<ContentWriteResponse> {
  return apiRequest(`/api/v1/content/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: lazySchema(() => import('@portal/shared/schemas/courseware'), 'ContentWriteResponseSchema'),
  });
}

/**
 * Saves a content item (by id), then uploads its picked files and refetches every courseware query.
 * Rejects (silently for the shell) only when the item is not saved; files that failed come back in
 * `failed`.
 */
export function useUpdateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
      pendingFiles,
      onProgress,
    }: SaveContentInput<UpdateContentRequest> & { id: string }): Promise<
      SaveContentResult<ContentWriteResponse>
    > => {
      const saved = await updateContent(id, body);
      const failed = await uploadContentFiles(saved.id, pendingFiles, onProgress);
      await queryClient.invalidateQueries({ queryKey: ['courseware'] });
      return { saved, failed };
    },
    meta: { silent: true },
  });
}
