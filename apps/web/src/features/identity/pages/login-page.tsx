import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../lib/document-title';

/** /login: shown for the moment the browser takes to leave for the sign-in page (createLoginLoader). */
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
