/**
 * POST /api/v1/auth/impersonate { accountId } → a token acting as that user (001 §4 Impersonation, §7
 * "Authenticate with … optional target user id"). Needs CanImpersonate.
 */
import type { TokenResponse } from '@portal/shared/schemas/identity';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function impersonate(accountId: string): Promise<TokenResponse> {
  return apiRequest('/api/v1/auth/impersonate', {
    method: 'POST',
    body: { accountId },
    schema: lazySchema(() => import('@portal/shared/schemas/identity'), 'TokenResponseSchema'),
  });
}
