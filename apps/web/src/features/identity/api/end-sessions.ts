/**
 * POST /api/v1/auth/logout → 204: ends every session of the account on the server at once (issue 9),
 * so a token copied elsewhere, or another browser, is signed out at its next request too.
 */
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export async function endSessions(): Promise<void> {
  await apiRequest('/api/v1/auth/logout', { method: 'POST', schema: z.null() });
}
