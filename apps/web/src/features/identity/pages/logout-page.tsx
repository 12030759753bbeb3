import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { brandOf } from '../../../config/brand';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useEnv } from '../../../lib/env';
import { useSignOut } from '../api/end-sessions';

/**
 * The page of /logout for a signed-in user (its loader, createLogoutLoader, sends others home): "Sign out
 * of <site>?" with a Sign out button, which ends every session of the account (POST
 * /api/v1/auth/logout, `useSignOut`) and goes home; and Cancel, which goes home signed in.
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
