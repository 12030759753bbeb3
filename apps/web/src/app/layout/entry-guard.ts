/**
 * The entry guard of the main layout (001 §2 "Entry guard"), run as the layout route's loader:
 * - query `s`: exchange the single-sign-on code for an access token, remove `s`, and re-enter;
 * - a digits-only query `v` is stripped from the address;
 * - with a token, the session (identity and permission flags) is loaded before anything renders.
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { exchangeSsoCode } from '../../features/identity/api/exchange-sso-code';
import { getAccessToken, setAccessToken } from '../../lib/auth-token';
import { reportError } from '../../lib/error-reporting';
import { sessionQueryOptions } from '../../lib/session';

function addressOf(url: URL): string {
  return url.pathname + url.search + url.hash;
}

/** Creates the guard loader for one query client. */
export function createEntryGuard(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const code = url.searchParams.get('s');
    if (code !== null) {
      url.searchParams.delete('s');
      try {
        setAccessToken(await exchangeSsoCode(code));
      } catch (error) {
        reportError(error);
      }
      return redirect(addressOf(url));
    }
    const version = url.searchParams.get('v');
    if (version !== null && /^\d+$/.test(version)) {
      url.searchParams.delete('v');
      return redirect(addressOf(url));
    }
    const token = getAccessToken();
    if (token) {
      try {
        await queryClient.ensureQueryData(sessionQueryOptions(token));
      } catch {
        // Reported by the query cache; a 401 has already ended the session.
      }
    }
    return null;
  };
}

/** The guard runs again only when the address carries something for it. */
export function shouldRunEntryGuard({ nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return nextUrl.searchParams.has('s') || nextUrl.searchParams.has('v');
}
