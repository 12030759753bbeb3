/**
 * POST /api/v1/content → { id, urlAlias, version } (000 §7 Create; CanUpdateContent). Errors are shown
 * by the form itself (field issues, alias conflicts), so the mutation is silent for the shell.
 */
import type { ContentWriteResponse, CreateContentRequest } from '@portal/shared/schemas/courseware';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** Creates a content item. @throws ApiError invalid_input, conflict (alias taken), forbidden */
export function createContent(body: CreateContentRequest): Promise<ContentWriteResponse> {
  return apiRequest('/api/v1/content', {
    method: 'POST',
    body,
    schema: lazySchema(() => import('@portal/shared/schemas/courseware'), 'ContentWriteResponseSchema'),
  });
}
