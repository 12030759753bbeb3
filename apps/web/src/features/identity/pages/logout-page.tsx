import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import type { EnvJson } from '@portal/shared/schemas/site';
import { paths } from '../../../config/paths';
import { logout } from '../../../lib/session';

/**
 * Creates the loader of /logout (001 §2 "Logs out and returns home", §4 Logout): clears timers, tokens,
 * messages, claims and subscriptions, then goes home — the national variant to the home page, the state
 * variant to the route it is given, which here is home too.
 */
export function createLogoutLoader(queryClient: QueryClient, env: EnvJson) {
  return () => redirect(logout(queryClient, { brand: env.brand, route: paths.home }) ?? paths.home);
}
