/**
 * GET /api/v1/files/{fileId} → File (000 §3 File: id, name, status, publicUrl, icon, visibility, metadata
 * type; plus the reason a bundle failed). A zip bundle is polled here until it is no longer pending
 * (000 §4).
 */
import type { FileInfo } from '@portal/shared/schemas/files';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** Fetches one file's record. @throws ApiError 401, 403, 404 */
export function getFile(fileId: string, signal?: AbortSignal): Promise<FileInfo> {
  return apiRequest(`/api/v1/files/${encodeURIComponent(fileId)}`, {
    schema: lazySchema(() => import('@portal/shared/schemas/files'), 'FileSchema'),
    signal,
  });
}
