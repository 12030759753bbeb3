import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { EnvJson } from '@portal/shared/schemas/site';
import { paths } from '../../../config/paths';
import { getAccessToken } from '../../../lib/auth-token';
import { browser } from '../../../lib/browser';
import { useDocumentTitle } from '../../../lib/document-title';

/** A same-origin path (not `//host`), else null. */
function safePath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Courseware and courseware alias pages come back to themselves after sign-in (001 §2). */
function isCoursewarePath(path: string): boolean {
  return /^\/courseware(?:[/?#]|$)/.test(path);
}

/**
 * The address of the sign-in page for a sign-in started at `from` (001 §2 /login): `redirect` is `from`
 * when it is a courseware page, else the cyber range UI base address (or /courseware when none is
 * configured); `referrer` is the address the user was on.
 */
export function buildSignInUrl(from: string | null, rangeUiUrl = ''): string {
  const current = safePath(from) ?? paths.courseware;
  const target = isCoursewarePath(current) ? current : rangeUiUrl || paths.courseware;
  return `/auth/login?redirect=${encodeURIComponent(target)}&referrer=${encodeURIComponent(current)}`;
}

/**
 * Creates the loader of /login: signed-in users go home; others leave the app for the sign-in page.
 * Query `from` carries the address the Login button was pressed on.
 */
export function createLoginLoader(env: EnvJson) {
  return ({ request }: LoaderFunctionArgs) => {
    if (getAccessToken()) throw redirect(paths.home);
    const from = new URL(request.url).searchParams.get('from');
    browser.assign(buildSignInUrl(from, env.rangeUiUrl));
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
