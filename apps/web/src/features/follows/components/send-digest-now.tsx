import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { FollowDigestSent } from '@portal/shared/schemas/follows';
import { useSendDigestNow } from '../api/follows';

/** What a "send now" did, in the words the admin reads. */
function outcomeText(outcome: FollowDigestSent, email: string): string {
  if (outcome.sent)
    return `Sent: a digest of ${outcome.items} changed ${outcome.items === 1 ? 'item' : 'items'} is on its way to ${email}.`;
  if (outcome.frequency === 'off') return 'Not sent: this person has turned their digests off.';
  return 'Not sent: nothing they follow has changed since their last digest.';
}

/**
 * An admin's "send the follow digest now" for one account (issue 37 "Follow"), for a person who asks
 * where their digest is: the changes since their last digest go at once, and the next one comes a period
 * later. The outcome is announced (a status region); a failure shows the server's message.
 * Props: `accountId`, `email` (the account's address, named in the outcome).
 */
export function SendDigestNow({ accountId, email }: { accountId: string; email: string }) {
  const send = useSendDigestNow(accountId);
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Digests of followed courseware come daily or weekly, as each person chooses on their account page.
      </Typography>
      <Button variant="outlined" disabled={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? 'Sending…' : 'Send their digest now'}
      </Button>
      <Box role="status" sx={{ mt: 1 }}>
        {send.data && <Typography>{outcomeText(send.data, email)}</Typography>}
      </Box>
      {send.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {send.error.message}
        </Alert>
      )}
    </Box>
  );
}
