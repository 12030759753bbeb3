import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FOLLOW_DIGEST_FREQUENCIES, type FollowDigestFrequency } from '@portal/shared/limits';
import { FollowDigestSettingsSchema, type FollowDigestSettings } from '@portal/shared/schemas/follows';
import { paths } from '../../../config/paths';
import { formatLongDate } from '../../../lib/format';
import { useFollowDigest, useFollows, useSetFollow, useSetFollowDigest } from '../api/follows';
import { LoadMoreButton } from '../../../components/load-more-button';

const FREQUENCY_LABELS: Record<FollowDigestFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  off: 'Never: send no digest',
};

/** How often the digest comes: a react-hook-form over the shared FollowDigestSettingsSchema. */
function DigestForm({ current }: { current: FollowDigestSettings }) {
  const save = useSetFollowDigest();
  const form = useForm<FollowDigestSettings>({
    resolver: zodResolver(FollowDigestSettingsSchema),
    defaultValues: current,
  });
  useEffect(() => form.reset(current), [current, form]);
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <Controller
        name="frequency"
        control={form.control}
        render={({ field }) => (
          <>
            <FormLabel id="digest-frequency-label">E-mail digest of changes</FormLabel>
            <RadioGroup row aria-labelledby="digest-frequency-label" {...field}>
              {FOLLOW_DIGEST_FREQUENCIES.map((frequency) => (
                <FormControlLabel
                  key={frequency}
                  value={frequency}
                  control={<Radio />}
                  label={FREQUENCY_LABELS[frequency]}
                />
              ))}
            </RadioGroup>
          </>
        )}
      />
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 1 }}>
        {save.isPending ? 'Saving…' : 'Save digest'}
      </Button>
      {save.isSuccess && !form.formState.isDirty && (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          Saved: {FREQUENCY_LABELS[save.data.frequency].toLowerCase()}.
        </Alert>
      )}
      {save.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {save.error.message} Try again.
        </Alert>
      )}
    </Box>
  );
}

/** One followed item with Unfollow. */
function FollowedRow({
  item,
}: {
  item: { contentId: string; name: string; urlAlias: string; followedAt: string };
}) {
  const unfollow = useSetFollow(item.contentId);
  return (
    <ListItem
      sx={{ pr: 14 }}
      secondaryAction={
        <Button disabled={unfollow.isPending} onClick={() => unfollow.mutate(false)}>
          Unfollow
        </Button>
      }
    >
      <ListItemText
        primary={<Link href={`${paths.courseware}/${item.urlAlias}`}>{item.name}</Link>}
        secondary={
          unfollow.isError ? unfollow.error.message : `followed since ${formatLongDate(item.followedAt)}`
        }
      />
    </ListItem>
  );
}

/**
 * The account page's "Following" section (issue 37 "Follow"): how often the digest comes, and every
 * item the person follows with Unfollow, page by page. Props: `enabled` (signed in).
 */
export function FollowSettings({ enabled }: { enabled: boolean }) {
  const digest = useFollowDigest(enabled);
  const follows = useFollows(enabled);
  if (digest.isPending || follows.isPending)
    return <CircularProgress size={24} aria-label="Loading what you follow" />;
  if (digest.isError || follows.isError)
    return <Alert severity="error">What you follow could not be loaded. Reload the page to try again.</Alert>;
  const items = follows.data.pages.flatMap((page) => page.items);
  return (
    <>
      <DigestForm current={digest.data} />
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          You follow nothing yet. Press Follow on an item or a course to hear when it changes.
        </Typography>
      ) : (
        <List dense aria-label="Items you follow" sx={{ mt: 1 }}>
          {items.map((item) => (
            <FollowedRow key={item.contentId} item={item} />
          ))}
        </List>
      )}
      <LoadMoreButton query={follows} label="Show more" sx={{}} />
    </>
  );
}
