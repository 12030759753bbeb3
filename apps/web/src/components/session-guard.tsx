/**
 * Guards that wait for the session (issue 34): a server-rendered page is drawn for a visitor and hydrated
 * before the stored session has signed in, so a guard that decided then would send a signed-in curator away
 * and drop what the address asked for (`/courseware?creating=1`). These draw a neutral state until the
 * session is known (`useSession().isKnown`), then decide.
 */
import Box from '@mui/material/Box';
import { Navigate } from 'react-router';
import { MESSAGES } from '@portal/shared/errors';
import { useSession } from '../lib/session';

/**
 * The neutral state of a page whose view depends on the caller, while the session is read: a polite status
 * that says the page is loading, and nothing of the page (no heading, no form). No props.
 */
export function SessionPending() {
  return (
    <Box role="status" sx={{ py: 4, color: 'text.secondary' }}>
      {MESSAGES.loading}…
    </Box>
  );
}

/**
 * Where a page sends a caller who may not see it (or use what its address asks for): to `to`, replacing the
 * address, once the session is known; SessionPending until then. The page decides from `useCan` or
 * `useSession`, which re-render it as the session becomes known, so it drops this guard before the guard
 * would redirect a caller the known session lets in. Props: `to`, an app path.
 */
export function GuardRedirect({ to }: { to: string }) {
  return useSession().isKnown ? <Navigate to={to} replace /> : <SessionPending />;
}
