import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useLoaderData } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import type { LtiStartState } from '../loaders';

/** /lti/start: shown for the moment the browser takes to sign in from an LMS, or why it cannot. */
export function LtiStartPage() {
  useDocumentTitle('Opening the courseware');
  const state = useLoaderData() as LtiStartState | null;
  if (state?.error) return <Alert severity="error">{state.error}</Alert>;
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}
    >
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>Signing you in from your course…</Typography>
    </Box>
  );
}
