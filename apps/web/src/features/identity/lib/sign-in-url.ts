/**
 * The address of the built-in sign-in page for a sign-in started in the app (001 §2 /login; issue 20):
 * where it returns, where it was started, and the PKCE challenge. Loaded by the /login route when it runs.
 */
import { checkRedirect } from '@portal/shared/redirects';
import type { CodeChallengeParams } from '@portal/shared/schemas/sign-in';
import { paths } from '../../../config/paths';
import { startPkce } from '../../../lib/pkce';

/** A path of this portal, checked by the shared redirect check (never `//host`), else null. */
function portalPath(value: string | null): string | null {
  return checkRedirect(value, { publicBaseUrl: window.location.origin })?.href ?? null;
}

/** Courseware and courseware alias pages come back to themselves after sign-in (001 §2). */
function isCoursewarePath(path: string): boolean {
  return /^\/courseware(?:[/?#]|$)/.test(path);
}

/**
 * The address of the sign-in page for a sign-in started at `from` (001 §2 /login): `redirect` is `from`
 * when it is a courseware page, else the cyber range UI base address (or /courseware when none is
 * configured); `referrer` is the address the user was on. A `redirect` given to /login (by the sign-in
 * page, when it was opened without the app: a bookmark, an e-mail link) is used instead, once checked
 * by the shared redirect check (this portal or the exercise area). `pkce` is the challenge of the
 * verifier this tab keeps (lib/pkce.ts).
 */
export function buildSignInUrl(
  from: string | null,
  rangeUiUrl = '',
  pkce?: CodeChallengeParams,
  redirect: string | null = null,
): string {
  const current = portalPath(from) ?? paths.courseware;
  const asked = checkRedirect(redirect, {
    publicBaseUrl: window.location.origin,
    exerciseAreaUrl: rangeUiUrl || null,
  })?.href;
  const target = asked ?? (isCoursewarePath(current) ? current : rangeUiUrl || paths.courseware);
  const query = new URLSearchParams({ redirect: target, referrer: current, ...pkce });
  return `/auth/login?${query.toString()}`;
}

/**
 * Starts a sign-in: a new PKCE verifier is kept in this tab (lib/pkce.ts) and the sign-in page's
 * address carries its challenge (see buildSignInUrl for `from`, `rangeUiUrl` and `redirect`).
 */
export async function signInUrl(
  from: string | null,
  rangeUiUrl: string,
  redirect: string | null,
): Promise<string> {
  return buildSignInUrl(from, rangeUiUrl, await startPkce(), redirect);
}
