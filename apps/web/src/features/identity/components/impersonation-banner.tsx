import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { stopImpersonation, useImpersonation, useSession } from '../../../lib/session';

/**
 * The banner shown on every page while an admin acts as another user (001 §4 Impersonation; issue 5:
 * "a banner shows whom you act as, always"). Its button stops acting: the admin's own token comes back
 * and the browser returns to the stored impersonation path. No props.
 */
export function ImpersonationBanner() {
  const session = useSession();
  const kept = useImpersonation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isStopping, setIsStopping] = useState(false);
  if (!kept && !session.impersonator) return null;
  const who = session.identity
    ? `${session.identity.displayName} (${session.identity.email})`
    : 'another user';
  const onStop = async () => {
    if (!kept) {
      // Opened with someone else's impersonation token (query t): nothing of ours to go back to.
      await navigate(paths.logout);
      return;
    }
    setIsStopping(true);
    try {
      const path = await stopImpersonation(queryClient);
      await navigate(path ?? paths.home);
    } finally {
      setIsStopping(false);
    }
  };
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="region"
      aria-label="Impersonation"
      sx={{
        borderRadius: 0,
        alignItems: 'center',
        position: 'sticky',
        top: 0,
        zIndex: (t) => t.zIndex.appBar + 1,
      }}
      action={
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          onClick={() => void onStop()}
          disabled={isStopping}
        >
          Stop acting as this user
        </Button>
      }
    >
      You are acting as {who}.
      {session.impersonator ? ` Signed in as ${session.impersonator.displayName}.` : ''}
    </Alert>
  );
}
