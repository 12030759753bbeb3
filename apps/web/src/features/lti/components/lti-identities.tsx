import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { LtiIdentity } from '@portal/shared/schemas/lti';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatLongDateTime } from '../../../lib/format';
import { useLtiIdentities, useUnlinkLtiIdentity } from '../api/identities';

/**
 * The LMS users linked to an account, each with Unlink (issue 33): the caller's own (`accountId`
 * omitted, the account page) or an account's as an admin sees it (the users page's dialog). An unlinked
 * LMS user must prove the account again at their next launch, which the confirmation says.
 */
export function LtiIdentities({
  accountId = null,
  enabled = true,
}: {
  accountId?: string | null;
  enabled?: boolean;
}) {
  const identities = useLtiIdentities(accountId, enabled);
  const unlink = useUnlinkLtiIdentity(accountId);
  const [chosen, setChosen] = useState<LtiIdentity | null>(null);
  const whose = accountId === null ? 'your' : 'this';

  if (identities.isPending) return <CircularProgress size={24} aria-label="Loading LMS links" />;
  if (identities.isError)
    return <Alert severity="error">The LMS links could not be loaded. Reload the page to try again.</Alert>;
  if (identities.data.items.length === 0)
    return (
      <Typography color="text.secondary">
        No LMS is linked to {whose} account. A link is made when{' '}
        {accountId === null ? 'you open' : 'its owner opens'} the portal from a course in Canvas, Moodle or
        another LMS and {accountId === null ? 'prove' : 'proves'} the account once.
      </Typography>
    );
  return (
    <>
      <List dense aria-label="LMS links">
        {identities.data.items.map((identity) => (
          <ListItem
            key={identity.id}
            // Room for the Unlink button, wider than the icon MUI leaves room for.
            sx={{ pr: 12 }}
            secondaryAction={
              <Button color="error" onClick={() => setChosen(identity)}>
                Unlink
              </Button>
            }
          >
            <ListItemText
              primary={identity.platformName}
              secondary={[
                identity.email ?? `LMS user ${identity.subject}`,
                `linked ${formatLongDateTime(identity.linkedAt)}`,
                identity.lastLaunchAt ? `last opened ${formatLongDateTime(identity.lastLaunchAt)}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      {chosen && (
        <ConfirmDialog
          title={`Unlink ${chosen.platformName}?`}
          confirmLabel="Unlink"
          pendingLabel="Unlinking…"
          isPending={unlink.isPending}
          error={unlink.error}
          isDestructive
          onConfirm={() => unlink.mutate(chosen.id, { onSuccess: () => setChosen(null) })}
          onClose={() => {
            unlink.reset();
            setChosen(null);
          }}
        >
          {chosen.platformName} will no longer sign in to {whose} account. The next time the portal is opened
          from there, the account must be proved again with its password or an e-mailed link.
        </ConfirmDialog>
      )}
    </>
  );
}
