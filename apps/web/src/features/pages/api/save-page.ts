/**
 * POST /api/v1/pages (CreatePageRequest → 201 Page), PATCH /api/v1/pages/{id} (UpdatePageRequest →
 * Page) and DELETE /api/v1/pages/{id} (→ 204) (001 §7 Page client; CanUpdateContent, delete
 * CanDeletePage). A used link answers 409 with the one link message.
 */
import { apiRequest, lazySchema } from '../../../lib/api-client';
import type { CreatePageRequest, UpdatePageRequest } from '@portal/shared/schemas/pages';

export function createPage(body: CreatePageRequest) {
  return apiRequest('/api/v1/pages', {
    method: 'POST',
    body,
    schema: lazySchema(() => import('@portal/shared/schemas/pages'), 'PageSchema'),
  });
}

export function updatePage(id: string, body: UpdatePageRequest) {
  return apiRequest(`/api/v1/pages/${id}`, {
    method: 'PATCH',
    body,
    schema: lazySchema(() => import('@portal/shared/schemas/pages'), 'PageSchema'),
  });
}

export function deletePage(id: string) {
  return apiRequest(`/api/v1/pages/${id}`, {
    method: 'DELETE',
    schema: lazySchema(() => import('@portal/shared/schemas/common'), 'NoContentSchema'),
  });
}
