import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useUnsubscribeFollowDigest } from '../api/follows';

/** Shown when the address holds no token. */
const NO_TOKEN = 'This unsubscribe link is not complete. Sign in to change your digest on your account page.';

/**
 * /follows/unsubscribe?token= — the "Stop these digests" link of a digest e-mail (issue 37); no sign-in
 * needed. The digests stop on a button press, not on opening the link, so mail scanners that open links
 * change nothing (mail clients use the one-click POST of List-Unsubscribe). No props.
 */
export function FollowUnsubscribePage() {
  useDocumentTitle('Stop the digests');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeFollowDigest();
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Stop the digests
      </Typography>
      {unsubscribe.isSuccess ? (
        <Alert severity="success" role="status">
          Done: you will get no more digests of followed courseware. You still follow your items; turn the
          digest on again on{' '}
          <Link underline="always" href={paths.account}>
            your account page
          </Link>
          .
        </Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>Stop the e-mail digests of changes to courseware you follow.</Typography>
          {(unsubscribe.isError || !token) && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {unsubscribe.error?.message ?? NO_TOKEN}
            </Alert>
          )}
          <Button
            variant="contained"
            disabled={!token || unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            Stop the digests
          </Button>
        </>
      )}
    </Box>
  );
}
