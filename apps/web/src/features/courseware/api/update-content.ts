/**
 * PUT /api/v1/content/{id} → { id, urlAlias, version } (000 §7 "update by id: full content"). The body
 * carries the version the form was loaded with; a 409 says someone else saved meanwhile.
 */
import type { ContentWriteResponse, UpdateContentRequest } from '@portal/shared/schemas/courseware';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** Saves the full editable content. @throws ApiError conflict (stale version or alias taken), invalid_input */
export function updateContent(id: string, body: UpdateContentRequest): Promise<ContentWriteResponse> {
  return apiRequest(`/api/v1/content/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: lazySchema(() => import('@portal/shared/schemas/courseware'), 'ContentWriteResponseSchema'),
  });
}
