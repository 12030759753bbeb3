/**
 * POST /api/v1/pages/{pageId}/sections and PUT /api/v1/pages/{pageId}/sections/{id} (SectionRequest →
 * Page), DELETE /api/v1/pages/{pageId}/sections/{id} (→ Page), PUT /api/v1/pages/{pageId}/layout
 * (PageLayoutRequest: the full order of section ids and group names with the page's version → Page;
 * 409 stale) (001 §7 "List, create, update, delete sections"; "Reordering sections and groups goes
 * through update actions"; CanUpdateContent).
 */
import { apiRequest, lazySchema } from '../../../lib/api-client';
import type { PageLayoutRequest, SectionRequest } from '@portal/shared/schemas/pages';

export function saveSection(pageId: string, sectionId: string | null, body: SectionRequest) {
  return sectionId
    ? apiRequest(`/api/v1/pages/${pageId}/sections/${sectionId}`, {
        method: 'PUT',
        body,
        schema: lazySchema(() => import('@portal/shared/schemas/pages'), 'PageSchema'),
      })
    : apiRequest(`/api/v1/pages/${pageId}/sections`, {
        method: 'POST',
        body,
        schema: lazySchema(() => import('@portal/shared/schemas/pages'), 'PageSchema'),
      });
}

export function deleteSection(pageId: string, sectionId: string) {
  return apiRequest(`/api/v1/pages/${pageId}/sections/${sectionId}`, {
    method: 'DELETE',
    schema: lazySchema(() => import('@portal/shared/schemas/pages'), 'PageSchema'),
  });
}

export function saveLayout(pageId: string, body: PageLayoutRequest) {
  return apiRequest(`/api/v1/pages/${pageId}/layout`, {
    method: 'PUT',
    body,
    schema: lazySchema(() => import('@portal/shared/schemas/pages'), 'PageSchema'),
  });
}
