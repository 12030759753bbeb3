/**
 * POST /api/v1/content/{id}/bundle → { fileId, name, status, isReused } (000 §7 File service Bundle;
 * needs CanViewFiles), POST /api/v1/content/{id}/cartridge the same for the IMS Common Cartridge
 * (issue 26), and the download built on them (000 §4): request the archive, poll the file status
 * (GET /api/v1/files/{fileId}) every ZIP_POLL_INTERVAL_MS until it is ready, then ask for a download
 * URL and have the browser save it (browser.download). An archive of an unchanged tree is ready at once.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ZIP_POLL_INTERVAL_MS } from '@portal/shared/limits';
import type { BundleFormat, BundleResponse } from '@portal/shared/schemas/files';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { browser } from '../../../lib/browser';
import { getDownloadUrl } from './get-download-url';
import { getFile } from './get-file';

/**
 * Asks for the zip (or the Common Cartridge, `format` imscc) of an item and all its children.
 * @throws ApiError 401, 403, 404, 422 (a zip of no files)
 */
export function requestBundle(
  contentId: string,
  signal?: AbortSignal,
  format: BundleFormat = 'zip',
): Promise<BundleResponse> {
  const endpoint = format === 'zip' ? 'bundle' : 'cartridge';
  return apiRequest(`/api/v1/content/${encodeURIComponent(contentId)}/${endpoint}`, {
    method: 'POST',
    schema: lazySchema(() => import('@portal/shared/schemas/files'), 'BundleResponseSchema'),
    signal,
  });
}

/** Where a zip download stands. */
export type BundleDownloadState =
  | { phase: 'idle' }
  /** Requested, or being built on the server. */
  | { phase: 'preparing'; name: string | null }
  /** The browser was sent to the archive. */
  | { phase: 'done'; name: string }
  /** `reason` says why, in words the user can act on (null when the server gave none). */
  | { phase: 'failed'; reason: string | null };

/** The bundle failed on the server (status failed). */
class BundleFailedError extends Error {
  readonly reason: string | null;
  constructor(reason: string | null) {
    super(reason ?? 'The archive could not be prepared.');
    this.reason = reason;
  }
}

/** Waits `ms`, or rejects when `signal` aborts. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * The zip (or Common Cartridge) download of a content item: `start()` requests the archive (ignored
 * while one is under way), `state` says whether it is being prepared, was handed to the browser, or
 * failed and why; `onDownloaded` runs once the browser has it. Polling stops when the page goes away.
 */
export function useBundleDownload(
  contentId: string,
  format: BundleFormat = 'zip',
  onDownloaded?: () => void,
) {
  const [state, setState] = useState<BundleDownloadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const mutation = useMutation({
    meta: { silent: true },
    mutationFn: async () => {
      const abort = new AbortController();
      controller.current = abort;
      let bundle = await requestBundle(contentId, abort.signal, format);
      setState({ phase: 'preparing', name: bundle.name });
      let status: string = bundle.status;
      while (status === 'pending') {
        await delay(ZIP_POLL_INTERVAL_MS, abort.signal);
        const file = await getFile(bundle.fileId, abort.signal);
        status = file.status;
        if (status === 'failed') throw new BundleFailedError(file.failureReason);
      }
      if (status === 'failed') throw new BundleFailedError(null);
      const link = await getDownloadUrl({ fileId: bundle.fileId, contentId });
      if (abort.signal.aborted) return bundle;
      browser.download(link.publicUrl);
      bundle = { ...bundle, status: 'ready' };
      return bundle;
    },
    onSuccess: (bundle) => {
      setState({ phase: 'done', name: bundle.name });
      onDownloaded?.();
    },
    onError: (error) => {
      if (controller.current?.signal.aborted) return;
      setState({
        phase: 'failed',
        reason:
          error instanceof BundleFailedError ? error.reason : error instanceof Error ? error.message : null,
      });
    },
  });

  const start = () => {
    if (mutation.isPending) return;
    setState({ phase: 'preparing', name: null });
    mutation.mutate();
  };
  return { state, start, isBusy: mutation.isPending };
}
