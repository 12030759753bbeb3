/**
 * The entry guard of the main layout (001 §2 "Entry guard"), run as the layout route's loader:
 * - query `s`: log in by single sign-on with that code and this tab's PKCE verifier (issue 20: a code
 *   this tab did not ask for, without a verifier, is dropped unused), remove `s` from the address, and
 *   re-enter; when someone is signed in already, only after asking (a link must not silently swap the
 *   account, issue 20);
 * - otherwise query `t`: store it as the bearer token, try to log in, and remove it; when someone is
 *   signed in already, only after asking (a link must not silently swap the account, issue 9);
 * - otherwise, when not logged in, a silent login: the stored token, if any, is checked (001 §4 login);
 * - a digits-only query `v` is stripped from the address.
 * The session (identity and permission flags) is thus loaded before anything renders.
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { exchangeSsoCode } from '../../features/identity/api/exchange-sso-code';
import {
  clearAccessToken,
  decodeJwtPayload,
  getAccessToken,
  setAccessToken,
  setAccessTokenFromJwt,
} from '../../lib/auth-token';
import { browser } from '../../lib/browser';
import { reportError } from '../../lib/error-reporting';
import { takePkceVerifier } from '../../lib/pkce-verifier';
import { ADOPT_TOKEN_QUESTION, bindSession, login } from '../../lib/session';

function addressOf(url: URL): string {
  return url.pathname + url.search + url.hash;
}

/** Creates the guard loader for one query client (and ties the session to it). */
export function createEntryGuard(queryClient: QueryClient) {
  bindSession(queryClient);
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const code = url.searchParams.get('s');
    const bearer = url.searchParams.get('t');
    if (code !== null) {
      url.searchParams.delete('s');
      const isAdopted = getAccessToken() === null || browser.confirm(ADOPT_TOKEN_QUESTION);
      const verifier = takePkceVerifier();
      if (!isAdopted || verifier === null) return redirect(addressOf(url));
      try {
        const token = await exchangeSsoCode(code, verifier);
        clearAccessToken(); // a new sign-in: no earlier session (or kept impersonation) stays
        setAccessToken(token);
        await login(queryClient);
      } catch (error) {
        reportError(error);
      }
      return redirect(addressOf(url));
    }
    if (bearer !== null) {
      url.searchParams.delete('t');
      const isAdopted = getAccessToken() === null || browser.confirm(ADOPT_TOKEN_QUESTION);
      if (isAdopted && decodeJwtPayload(bearer)) {
        clearAccessToken();
        if (setAccessTokenFromJwt(bearer)) await login(queryClient);
      }
      return redirect(addressOf(url));
    }
    const version = url.searchParams.get('v');
    if (version !== null && /^\d+$/.test(version)) {
      url.searchParams.delete('v');
      return redirect(addressOf(url));
    }
    if (getAccessToken()) await login(queryClient);
    return null;
  };
}

/** The query parameters the guard acts on: a sign-on code, a token, a version. */
export const ENTRY_GUARD_PARAMS: readonly string[] = ['s', 't', 'v'];

/** The guard runs again only when the address carries something for it. */
export function shouldRunEntryGuard({ nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return ENTRY_GUARD_PARAMS.some((key) => nextUrl.searchParams.has(key));
}
