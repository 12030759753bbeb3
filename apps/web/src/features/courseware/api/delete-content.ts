/**
 * DELETE /api/v1/content/{id} → { deletedCount, parent } and GET /api/v1/content/{id}/descendant-count
 * → { descendantCount } (000 §7 Delete; CanDeleteContent). The item goes with all its descendants.
 */
import { queryOptions } from '@tanstack/react-query';
import type { DeleteContentResponse } from '@portal/shared/schemas/courseware';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** Deletes an item and its descendants. */
export function deleteContent(id: string): Promise<DeleteContentResponse> {
  return apiRequest(`/api/v1/content/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: lazySchema(() => import('@portal/shared/schemas/courseware'), 'DeleteContentResponseSchema'),
  });
}

/** How many items a delete takes with it, asked when the dialog opens. */
export function descendantCountQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['courseware', 'descendant-count', id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/content/${encodeURIComponent(id)}/descendant-count`, {
        schema: lazySchema(
          () => import('@portal/shared/schemas/courseware'),
          'DescendantCountResponseSchema',
        ),
        signal,
      }),
    staleTime: 0,
  });
}
