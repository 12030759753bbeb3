import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { paths } from '../../../config/paths';
import { clearAccessToken } from '../../../lib/auth-token';

/**
 * Creates the loader of /logout (001 §2, §4 Logout): clears the token and every cached answer that may
 * depend on who was signed in (the knowledge list is public and kept), then goes to /courseware.
 */
export function createLogoutLoader(queryClient: QueryClient) {
  return () => {
    clearAccessToken();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'knowledge' });
    return redirect(paths.courseware);
  };
}
