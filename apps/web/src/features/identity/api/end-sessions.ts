/**
 * POST /api/v1/auth/logout → 204: ends every session of the account on the server at once (issue 9),
 * so a token copied elsewhere, or another browser, is signed out at its next request too.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { useEnv } from '../../../lib/env';
import { logout } from '../../../lib/session';

export async function endSessions(): Promise<void> {
  await apiRequest('/api/v1/auth/logout', {
    method: 'POST',
    schema: lazySchema(() => import('@portal/shared/schemas/common'), 'NoContentSchema'),
  });
}

/**
 * Signing out on the user's own press (the account menu's Logout, the /logout page's Sign out; 001 §4
 * Logout): every session of the account ends on the server (a failure there, e.g. an already ended
 * session, does not keep the user signed in here), then timers, tokens, messages, claims and
 * subscriptions are cleared and the app goes home (001 §2: the national variant home, the state variant
 * the route given, here home too).
 * @returns `signOut`, and `isSigningOut` while it runs
 */
export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const env = useEnv();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const signOut = async () => {
    setIsSigningOut(true);
    await endSessions().catch(() => undefined);
    const target = logout(queryClient, { brand: env.brand, route: paths.home }) ?? paths.home;
    await navigate(target, { replace: true });
  };
  return { signOut, isSigningOut };
}
