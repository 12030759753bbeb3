/**
 * POST /api/v1/auth/token { code } → { accessToken, expiresAt }: exchanges the single-sign-on code that
 * the sign-in page put in query `s` for an access token (001 §2 entry guard; DESIGN.md "Sign-in").
 */
import { TokenResponseSchema, type TokenResponse } from '@portal/shared/schemas/identity';
import { apiRequest } from '../../../lib/api-client';

/**
 * Exchanges a single-use code for an access token.
 * @throws ApiError 401 for an unknown, used or expired code; 400 for a malformed one
 */
export function exchangeSsoCode(code: string): Promise<TokenResponse> {
  return apiRequest('/api/v1/auth/token', {
    method: 'POST',
    body: { code },
    schema: TokenResponseSchema,
    withToken: false,
  });
}
