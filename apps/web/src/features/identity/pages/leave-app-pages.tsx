/**
 * Routes outside the layout that leave the app (001 §2):
 * - /signup: the sign-in service's sign-up page; the state variant adds a `code` parameter;
 * - /exercises: signed in (and allowed to view the exercise area, 001 §6), a single-sign-on code is
 *   fetched and the browser goes to the range UI with it as query `s`; otherwise to the range UI plain;
 *   without a configured range UI the page says the exercise area is not configured (issue 9).
 *   While an admin acts as another user the range UI is opened plain (the code would drop who acts).
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { QueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLoaderData } from 'react-router';
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

/**
 * The loader of /exercises. Without a configured exercise area (RANGE_UI_URL unset) it stays, asks for
 * no code, and the page says so.
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
  const data = useLoaderData<{ isNotConfigured: true } | null>();
  if (data?.isNotConfigured) return <ExerciseAreaNotConfigured />;
  return <LeavingPage title="Exercises" text="Opening the exercise area…" />;
}

/** /exercises when no exercise area is configured: says so, with a way home. */
function ExerciseAreaNotConfigured() {
  useDocumentTitle('Exercises');
  return (
    <Box component="main" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        Exercises
      </Typography>
      <Typography role="status" sx={{ mb: 2 }}>
        The exercise area is not configured.
      </Typography>
      <Link component={RouterLink} to={paths.home}>
        Go to the home page
      </Link>
    </Box>
  );
}

/** /conference when CONFERENCE_URL is set: leaves for the conference site. */
export function ConferenceLeavingPage() {
  return <LeavingPage title="Conference" text="Opening the conference site…" />;
}
