/**
 * POST /api/v1/auth/token { code, code_verifier } → { accessToken, expiresAt }: exchanges the
 * single-sign-on code that the sign-in page put in query `s` for an access token (001 §2 entry guard;
 * DESIGN.md "Sign-in"), with the PKCE verifier this tab made before it left to sign in (issue 20).
 */
import type { TokenResponse } from '@portal/shared/schemas/identity';
import type { TokenRequest } from '@portal/shared/schemas/sign-in';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/**
 * Exchanges a single-use code for an access token.
 * @param codeVerifier the PKCE verifier whose S256 challenge the code was minted for
 * @throws ApiError 401 for an unknown, used or expired code or a wrong verifier; 400 for a malformed one
 */
export function exchangeSsoCode(code: string, codeVerifier: string): Promise<TokenResponse> {
  return apiRequest('/api/v1/auth/token', {
    method: 'POST',
    body: { code, code_verifier: codeVerifier } satisfies TokenRequest,
    schema: lazySchema(() => import('@portal/shared/schemas/identity'), 'TokenResponseSchema'),
    withToken: false,
  });
}
