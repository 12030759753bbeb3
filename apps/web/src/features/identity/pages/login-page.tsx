import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { checkRedirect } from '@portal/shared/redirects';
import type { CodeChallengeParams } from '@portal/shared/schemas/identity';
import type { EnvJson } from '@portal/shared/schemas/site';
import { paths } from '../../../config/paths';
import { getAccessToken } from '../../../lib/auth-token';
import { browser } from '../../../lib/browser';
import { startPkce } from '../../../lib/pkce';
import { useDocumentTitle } from '../../../lib/document-title';

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
 * Creates the loader of /login: signed-in users go home; others leave the app for the sign-in page,
 * with the PKCE challenge of a verifier made here (RFC 7636; issue 20). Query `from` carries the
 * address the Login button was pressed on; `redirect`, where the sign-in page asked to return.
 */
export function createLoginLoader(env: EnvJson) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (getAccessToken()) throw redirect(paths.home);
    const query = new URL(request.url).searchParams;
    const pkce = await startPkce();
    browser.assign(buildSignInUrl(query.get('from'), env.rangeUiUrl, pkce, query.get('redirect')));
    return null;
  };
}

/** Shown for the moment the browser takes to leave for the sign-in page. */
export function LoginPage() {
  useDocumentTitle('Login');
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}
    >
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>Opening the sign-in page…</Typography>
    </Box>
  );
}
