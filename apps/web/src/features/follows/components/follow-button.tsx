import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { useFollowState, useSetFollow } from '../api/follows';

/** What following means, beside the button and in the offer after a download. */
export const FOLLOW_HINT = 'Get an e-mail digest when this item or anything under it changes.';

/**
 * Follow / Following for a signed-in person on an item page (issue 37 "Follow"): a toggle button
 * (`aria-pressed`); an item followed through its course says so with a link to the course instead. After
 * a download (`offer` turns true) it offers to follow the item, once, unless it is followed already.
 * Errors say what to do. Props: `contentId`, `offer`.
 */
export function FollowButton({ contentId, offer = false }: { contentId: string; offer?: boolean }) {
  const state = useFollowState(contentId, true);
  const setFollow = useSetFollow(contentId);
  const [isOfferDismissed, setIsOfferDismissed] = useState(false);
  const following = state.data?.following ?? false;
  const isOfferOpen = offer && state.isSuccess && !following && !isOfferDismissed;
  const dismissOffer = () => setIsOfferDismissed(true);

  if (state.isError) return null;
  const via = state.data?.via;
  return (
    <Box sx={{ my: 1.5 }}>
      {via ? (
        <Typography>
          <NotificationsActiveIcon fontSize="small" sx={{ verticalAlign: 'text-bottom', mr: 0.5 }} />
          You follow this item through{' '}
          <Link underline="always" href={`${paths.courseware}/${via.urlAlias}`}>
            {via.name}
          </Link>
          .
        </Typography>
      ) : state.isPending ? (
        // A placeholder while the state loads: a disabled button fading to enabled fails contrast mid-way.
        <Skeleton variant="rounded" width={112} height={36} aria-hidden />
      ) : (
        <Button
          variant={following ? 'contained' : 'outlined'}
          aria-pressed={following}
          disabled={setFollow.isPending}
          startIcon={following ? <NotificationsActiveIcon /> : <NotificationsNoneIcon />}
          onClick={() => setFollow.mutate(!following)}
          aria-describedby="follow-hint"
        >
          {following ? 'Following' : 'Follow'}
        </Button>
      )}
      <Typography id="follow-hint" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {FOLLOW_HINT}{' '}
        <Link underline="always" href={paths.account}>
          Choose how often on your account page.
        </Link>
      </Typography>
      {setFollow.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {setFollow.error.message} Try again, or reload the page.
        </Alert>
      )}
      <Snackbar open={isOfferOpen} onClose={dismissOffer}>
        <Alert
          severity="info"
          variant="filled"
          onClose={dismissOffer}
          action={
            <Button color="inherit" size="small" onClick={() => setFollow.mutate(true)}>
              Follow
            </Button>
          }
        >
          Follow this item to hear when it changes?
        </Alert>
      </Snackbar>
    </Box>
  );
}
