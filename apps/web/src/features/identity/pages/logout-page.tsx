import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QueryClient } from '@tanstack/react-query';
import { Link as RouterLink, redirect } from 'react-router';
import type { EnvJson } from '@portal/shared/schemas/site';
import { brandOf } from '../../../config/brand';
import { paths } from '../../../config/paths';
import { getAccessToken } from '../../../lib/auth-token';
import { useDocumentTitle } from '../../../lib/document-title';
import { useEnv } from '../../../lib/env';
import { logout } from '../../../lib/session';
import { useSignOut } from '../api/end-sessions';

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

/**
 * The page of /logout for a signed-in user: "Sign out of <site>?" with a Sign out button, which ends
 * every session of the account (POST /api/v1/auth/logout, `useSignOut`) and goes home; and Cancel,
 * which goes home signed in.
 */
export function LogoutPage() {
  useDocumentTitle('Sign out');
  const env = useEnv();
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Box component="section" aria-labelledby="logout-title" sx={{ py: 6, maxWidth: 520, mx: 'auto' }}>
      <Typography id="logout-title" variant="h4" component="h1" sx={{ mb: 3 }}>
        Sign out of {brandOf(env.brand).name}?
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={() => void signOut()} disabled={isSigningOut}>
          Sign out
        </Button>
        <Button component={RouterLink} to={paths.home} disabled={isSigningOut}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}
