/** PATCH /api/v1/content/{id}/status { status, version } (000 §7 "only status"; 000 §4 restore). */
import type { ContentWriteResponse, UpdateContentStatusRequest } from '@portal/shared/schemas/courseware';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** Changes only the status. @throws ApiError conflict when the item changed since it was loaded */
export function updateContentStatus(
  id: string,
  body: UpdateContentStatusRequest,
): Promise<ContentWriteResponse> {
  return apiRequest(`/api/v1/content/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    body,
    schema: lazySchema(() => import('@portal/shared/schemas/courseware'), 'ContentWriteResponseSchema'),
  });
}
