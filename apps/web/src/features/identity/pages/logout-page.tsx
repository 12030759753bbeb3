import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import type { EnvJson } from '@portal/shared/schemas/site';
import { paths } from '../../../config/paths';
import { getAccessToken } from '../../../lib/auth-token';
import { logout } from '../../../lib/session';
import { endSessions } from '../api/end-sessions';

/**
 * Creates the loader of /logout (001 §2 "Logs out and returns home", §4 Logout): the server ends every
 * session of the account (issue 9; a failure there, e.g. an already ended session, does not keep the
 * user signed in here), then the app clears timers, tokens, messages, claims and subscriptions and goes
 * home — the national variant to the home page, the state variant to the route it is given, which here
 * is home too.
 */
export function createLogoutLoader(queryClient: QueryClient, env: EnvJson) {
  return async () => {
    if (getAccessToken()) await endSessions().catch(() => undefined);
    return redirect(logout(queryClient, { brand: env.brand, route: paths.home }) ?? paths.home);
  };
}
