/**
 * Pages of the routes outside the layout that leave the app (001 §2): /signup for the sign-in service's
 * sign-up page, /exercises for the range UI (or, when none is configured, a page that says so; issue 9),
 * /conference for the conference site. Where each goes is decided by its loader (../loaders.ts).
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLoaderData } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';

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
