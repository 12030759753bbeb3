/**
 * Routes outside the layout that leave the app (001 §2):
 * - /signup: the sign-in service's sign-up page; the state variant adds a `code` parameter;
 * - /exercises: signed in (and allowed to view the exercise area, 001 §6), a single-sign-on code is
 *   fetched and the browser goes to the range UI with it as query `s`; otherwise to the range UI plain.
 *   While an admin acts as another user the range UI is opened plain (the code would drop who acts).
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { QueryClient } from '@tanstack/react-query';
import type { EnvJson } from '@portal/shared/schemas/site';
import { paths } from '../../../config/paths';
import { getImpersonation } from '../../../lib/auth-token';
import { browser } from '../../../lib/browser';
import { useDocumentTitle } from '../../../lib/document-title';
import { reportError } from '../../../lib/error-reporting';
import { loadPermissions, login } from '../../../lib/session';
import { getSsoCode } from '../api/get-sso-code';

/** The address of the sign-up page: back to the courseware afterwards; `code` for the state variant. */
export function buildSignUpUrl(env: EnvJson): string {
  const query = new URLSearchParams({ redirect: paths.courseware });
  if (env.brand === 'state') query.set('code', 'state');
  return `/auth/signup?${query.toString()}`;
}

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

export function createExercisesLoader(queryClient: QueryClient, env: EnvJson) {
  return async () => {
    const rangeUi = env.rangeUiUrl || paths.home;
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

/** Shown for the moment the browser takes to leave. Props: `title`, `text`. */
function LeavingPage({ title, text }: { title: string; text: string }) {
  useDocumentTitle(title);
  return (
    <Box
      component="main"
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 8, justifyContent: 'center' }}
    >
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{text}</Typography>
    </Box>
  );
}

export function SignupLeavingPage() {
  return <LeavingPage title="Sign up" text="Opening the sign-up page…" />;
}

export function ExercisesLeavingPage() {
  return <LeavingPage title="Exercises" text="Opening the exercise area…" />;
}

export function ConferenceLeavingPage() {
  return <LeavingPage title="Conference" text="Opening the conference site…" />;
}
