/**
 * GET /api/v1/files/{fileId}/preview → FilePreview (issue 37 "Preview in the browser"): the file's
 * preview kind and what the browser shows (sanitised HTML, text, a zip's listing, or a signed link of
 * its bytes). Needs the download permission; a preview is never counted as a download.
 */
import { useQuery } from '@tanstack/react-query';
import type { FilePreview } from '@portal/shared/schemas/preview';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** Fetches one file's preview. @throws ApiError 401, 403, 404 */
export function getFilePreview(fileId: string, signal?: AbortSignal): Promise<FilePreview> {
  return apiRequest(`/api/v1/files/${encodeURIComponent(fileId)}/preview`, {
    schema: lazySchema(() => import('@portal/shared/schemas/preview'), 'FilePreviewSchema'),
    signal,
  });
}

/**
 * One file's preview while its dialog is open. Not kept once closed (`gcTime` 0): the signed link of
 * its bytes lasts PREVIEW_LINK_TTL_S seconds, so a preview opened again asks for a fresh one.
 */
export function useFilePreview(fileId: string) {
  return useQuery({
    queryKey: ['files', fileId, 'preview'],
    queryFn: ({ signal }) => getFilePreview(fileId, signal),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}
