/**
 * GET /api/v1/files/{fileId}/download-url?from={contentId} → { publicUrl, name } (000 §7 file service;
 * needs CanViewFiles). The browser then saves `publicUrl` (browser.download), a signed short-lived link
 * that streams the file. Single-file downloads ignore clicks while one runs and wait
 * SINGLE_DOWNLOAD_WAIT_MS after (000 §4).
 */
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { SINGLE_DOWNLOAD_WAIT_MS } from '@portal/shared/limits';
import type { DownloadUrlResponse } from '@portal/shared/schemas/files';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { browser } from '../../../lib/browser';

/** Asks for a download link of one file, recording the item it was downloaded from. */
export function getDownloadUrl({
  fileId,
  contentId,
}: {
  fileId: string;
  contentId: string;
}): Promise<DownloadUrlResponse> {
  return apiRequest(`/api/v1/files/${encodeURIComponent(fileId)}/download-url`, {
    schema: lazySchema(() => import('@portal/shared/schemas/files'), 'DownloadUrlResponseSchema'),
    query: { from: contentId },
  });
}

/**
 * Downloads one file of a content item: `download(fileId)` is ignored while a download is running and
 * for SINGLE_DOWNLOAD_WAIT_MS after it; `pendingFileId` names the file being fetched.
 */
export function useDownloadFile(contentId: string, onDownloaded?: () => void) {
  const isBusy = useRef(false);
  const mutation = useMutation({
    mutationFn: (fileId: string) => getDownloadUrl({ fileId, contentId }),
    onSuccess: (result) => {
      browser.download(result.publicUrl);
      onDownloaded?.();
    },
    onSettled: () => {
      setTimeout(() => {
        isBusy.current = false;
      }, SINGLE_DOWNLOAD_WAIT_MS);
    },
  });
  const download = (fileId: string) => {
    if (isBusy.current) return;
    isBusy.current = true;
    mutation.mutate(fileId);
  };
  return { download, pendingFileId: mutation.isPending ? mutation.variables : undefined };
}
