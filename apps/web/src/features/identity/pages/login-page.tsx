import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { EnvJson } from '@portal/shared/schemas/site';
import { paths } from '../../../config/paths';
import { getAccessToken } from '../../../lib/auth-token';
import { browser } from '../../../lib/browser';
import { useDocumentTitle } from '../../../lib/document-title';

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
    const { signInUrl } = await import('../lib/sign-in-url');
    browser.assign(await signInUrl(query.get('from'), env.rangeUiUrl, query.get('redirect')));
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
