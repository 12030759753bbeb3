/**
 * POST /api/v1/contributors and PUT /api/v1/contributors/{id} → Contributor (000 §7 create and update
 * contributor; CanUpdateContent).
 */
import type { Contributor, ContributorInput } from '@portal/shared/schemas/contributors';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** Creates a contributor, or updates one when `id` is given. @throws ApiError invalid_input, not_found */
export function saveContributor(input: ContributorInput, id?: string): Promise<Contributor> {
  return id
    ? apiRequest(`/api/v1/contributors/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: input,
        schema: lazySchema(() => import('@portal/shared/schemas/contributors'), 'ContributorSchema'),
      })
    : apiRequest('/api/v1/contributors', {
        method: 'POST',
        body: input,
        schema: lazySchema(() => import('@portal/shared/schemas/contributors'), 'ContributorSchema'),
      });
}
