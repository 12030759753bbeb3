/**
 * POST /api/v1/auth/sso → { code }: a single-use single-sign-on code for the exercise area (001 §2
 * /exercises, §7 "Get a single-sign-on token"). Needs CanViewExerciseArea; refused while impersonating.
 */
import type { SsoCodeResponse } from '@portal/shared/schemas/identity';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function getSsoCode(): Promise<SsoCodeResponse> {
  return apiRequest('/api/v1/auth/sso', {
    method: 'POST',
    schema: lazySchema(() => import('@portal/shared/schemas/identity'), 'SsoCodeResponseSchema'),
  });
}
