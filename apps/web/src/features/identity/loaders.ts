/**
 * Loaders of the routes that sign in, sign out or leave the app (001 §2; issue 20), which the route table
 * in app/route-table.ts composes: each runs before its page (pages/login-page.tsx, logout-page.tsx,
 * leave-app-pages.tsx), which loads lazily and shows only for the moment the browser takes to leave, or
 * asks before signing out.
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { EnvJson } from '@portal/shared/schemas/site';
import { paths } from '../../config/paths';
import { getAccessToken, getImpersonation } from '../../lib/auth-token';
import { browser } from '../../lib/browser';
import { reportError } from '../../lib/error-reporting';
import { loadPermissions, login, logout } from '../../lib/session';
import { getSsoCode } from './api/get-sso-code';

/**
 * Creates the loader of /login: signed-in users go home; others leave the app for the sign-in page,
 * with the PKCE challenge of a verifier made here (RFC 7636; issue 20). Query `from` carries the
 * address the Login button was pressed on; `redirect`, where the sign-in page asked to return.
 */
export function createLoginLoader(env: EnvJson) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (getAccessToken()) throw redirect(paths.home);
    const query = new URL(request.url).searchParams;
    // Loaded with the first sign-in, so the app's entry does not carry it.
    const { signInUrl } = await import('./lib/sign-in-url');
    browser.assign(await signInUrl(query.get('from'), env.rangeUiUrl, query.get('redirect')));
    return null;
  };
}

/**
 * Creates the loader of /logout (001 §2 "Logs out and returns home", §4 Logout; issue 20): opening the
 * address signs nobody out, so a link or an image cannot. Signed in, the page asks first
 * (LogoutPage); signed out, what the browser still keeps is cleared and the user goes home.
 */
export function createLogoutLoader(queryClient: QueryClient, env: EnvJson) {
  return () => {
    if (getAccessToken()) return null;
    return redirect(logout(queryClient, { brand: env.brand, route: paths.home }) ?? paths.home);
  };
}

/** The address of the sign-up page: back to the courseware afterwards; `code` for the state variant. */
export function buildSignUpUrl(env: EnvJson): string {
  const query = new URLSearchParams({ redirect: paths.courseware });
  if (env.brand === 'state') query.set('code', 'state');
  return `/auth/signup?${query.toString()}`;
}

/** Creates the loader of /signup: leaves the app for the sign-in service's sign-up page. */
export function createSignupLoader(env: EnvJson) {
  return () => {
    browser.assign(buildSignUpUrl(env));
    return null;
  };
}

/** `base` with query `s` set to `code`. */
export function withSsoCode(base: string, code: string): string {
  const url = new URL(base, window.location.origin);
  url.searchParams.set('s', code);
  return url.toString();
}

/**
 * The loader of /exercises: signed in (and allowed to view the exercise area, 001 §6), a single-sign-on
 * code is fetched and the browser goes to the range UI with it as query `s`; otherwise to the range UI
 * plain. While an admin acts as another user the range UI is opened plain (the code would drop who
 * acts). Without a configured exercise area (RANGE_UI_URL unset) it stays, asks for no code, and the
 * page says so (issue 9).
 * @returns whether the page should say that no exercise area is configured
 */
export function createExercisesLoader(queryClient: QueryClient, env: EnvJson) {
  return async () => {
    const rangeUi = env.rangeUiUrl;
    if (!rangeUi) return { isNotConfigured: true };
    if (!getImpersonation() && (await login(queryClient))) {
      const permissions = await loadPermissions(queryClient);
      if (permissions.CanViewExerciseArea) {
        try {
          const { code } = await getSsoCode();
          browser.assign(withSsoCode(rangeUi, code));
          return null;
        } catch (error) {
          reportError(error);
        }
      }
    }
    browser.assign(rangeUi);
    return null;
  };
}
