import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '@portal/shared/errors';
import { LtiDeepLinkingChoiceSchema, type LtiDeepLinkingChoice } from '@portal/shared/schemas/lti';
import { searchContent } from '../../../lib/api/search-content';
import { browser } from '../../../lib/browser';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { contentQueryOptions } from '../../courseware/api/get-content';
import { useDeepLinkingLaunch, useRespondToDeepLinking } from '../api/deep-linking';

/** The server's message of a failed call (the API client's errors carry it), else `fallback`. */
const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message) || fallback;

/** An item as the picker lists it. */
interface PickedItem {
  id: string;
  name: string;
  category: string;
}

/** One row: a checkbox for the item, and a button to open its contents (the tree). */
function ItemRow({
  item,
  isChosen,
  onToggle,
  onOpen,
  detail,
}: {
  item: PickedItem;
  isChosen: boolean;
  onToggle: (item: PickedItem) => void;
  onOpen?: (item: PickedItem) => void;
  detail?: string | null;
}) {
  return (
    <ListItem divider sx={{ gap: 1, flexWrap: 'wrap' }}>
      <FormControlLabel
        sx={{ flex: 1, mr: 0 }}
        control={<Checkbox checked={isChosen} onChange={() => onToggle(item)} />}
        label={
          <span>
            {item.name}
            {detail && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                · {detail}
              </Typography>
            )}
          </span>
        }
      />
      {item.category && <Chip size="small" label={item.category} />}
      {onOpen && (
        <Button size="small" onClick={() => onOpen(item)} aria-label={`Show the contents of ${item.name}`}>
          Contents
        </Button>
      )}
    </ListItem>
  );
}

/** The items inside one item (the courseware tree), one level. */
function Contents({
  path,
  onPath,
  isChosen,
  onToggle,
}: {
  path: PickedItem[];
  onPath: (path: PickedItem[]) => void;
  isChosen: (id: string) => boolean;
  onToggle: (item: PickedItem) => void;
}) {
  const current = path.at(-1)!;
  const content = useQuery(contentQueryOptions(current.id));
  return (
    <Box>
      <Breadcrumbs aria-label="Courseware tree" sx={{ mb: 1 }}>
        <Link component="button" type="button" onClick={() => onPath([])}>
          Search
        </Link>
        {path.map((item, i) =>
          i === path.length - 1 ? (
            <Typography key={item.id} color="text.primary">
              {item.name}
            </Typography>
          ) : (
            <Link key={item.id} component="button" type="button" onClick={() => onPath(path.slice(0, i + 1))}>
              {item.name}
            </Link>
          ),
        )}
      </Breadcrumbs>
      {content.isPending && <LinearProgress aria-label={MESSAGES.loading} />}
      {content.isError && <Alert severity="error">This item could not be loaded.</Alert>}
      {content.data && (
        <List aria-label={`Contents of ${current.name}`}>
          <ItemRow
            item={current}
            isChosen={isChosen(current.id)}
            onToggle={onToggle}
            detail="this item, whole"
          />
          {content.data.children.length === 0 && (
            <ListItem>
              <Typography color="text.secondary">Nothing inside this item.</Typography>
            </ListItem>
          )}
          {content.data.children.map((child) => {
            const item = { id: child.id, name: child.name, category: child.category };
            return (
              <ItemRow
                key={child.id}
                item={item}
                isChosen={isChosen(child.id)}
                onToggle={onToggle}
                onOpen={(opened) => onPath([...path, opened])}
              />
            );
          })}
        </List>
      )}
    </Box>
  );
}

/**
 * /lti/deep-linking/:launchId — the courseware picker of an LMS's deep-linking launch (issue 26): the
 * portal's own search and tree, signed in as the launching faculty member. The chosen items (one, or
 * several where the platform takes several) are signed into the response, and the browser goes to the
 * page that hands it back to the platform. `launchId`: the launch, from the address.
 */
export function DeepLinkingPage({ launchId }: { launchId: string }) {
  useDocumentTitle('Choose courseware');
  const session = useSession();
  const launch = useDeepLinkingLaunch(launchId, session.isLoggedIn);
  const respond = useRespondToDeepLinking(launchId);
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const [path, setPath] = useState<PickedItem[]>([]);
  const [chosen, setChosen] = useState<PickedItem[]>([]);
  const { handleSubmit, setValue, formState } = useForm<LtiDeepLinkingChoice>({
    resolver: zodResolver(LtiDeepLinkingChoiceSchema),
    defaultValues: { contentIds: [] },
  });
  const results = useQuery({
    queryKey: ['lti', 'picker-search', q],
    queryFn: ({ signal }) => searchContent({ q: q || undefined }, signal),
    placeholderData: keepPreviousData,
    enabled: launch.isSuccess,
  });
  if (!session.isLoggedIn)
    return (
      <Alert severity="error">
        This choice needs you signed in from your course. Open the tool again from your LMS.
      </Alert>
    );
  if (launch.isPending) return <LinearProgress aria-label={MESSAGES.loading} />;
  if (launch.isError)
    return (
      <Alert severity="error">
        {messageOf(launch.error, 'This choice has expired. Open the tool again from your course.')}
      </Alert>
    );
  const { platformName, acceptMultiple, title } = launch.data;
  const isChosen = (id: string) => chosen.some((item) => item.id === id);
  const onToggle = (item: PickedItem) => {
    const next = isChosen(item.id)
      ? chosen.filter((c) => c.id !== item.id)
      : acceptMultiple
        ? [...chosen, item]
        : [item];
    setChosen(next);
    setValue(
      'contentIds',
      next.map((c) => c.id),
      { shouldValidate: formState.isSubmitted },
    );
  };
  const onSubmit = handleSubmit((choice) =>
    respond.mutate(choice, { onSuccess: ({ returnPath }) => browser.assign(returnPath) }),
  );
  return (
    <Box component="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Choose courseware for {platformName}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {title ? `${title}: ` : ''}
        {acceptMultiple
          ? 'choose one or more items; each becomes a link in your course.'
          : 'choose one item; it becomes a link in your course.'}
      </Typography>
      {path.length === 0 ? (
        <Box>
          <TextField
            label="Search courseware"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            fullWidth
            sx={{ mb: 1 }}
          />
          {results.isFetching && <LinearProgress aria-label={MESSAGES.loading} />}
          {results.isError && <Alert severity="error">The search could not be run.</Alert>}
          <List aria-label="Search results">
            {results.data?.items.length === 0 && (
              <ListItem>
                <Typography color="text.secondary">{MESSAGES.noData}</Typography>
              </ListItem>
            )}
            {results.data?.items.map((summary) => (
              <ItemRow
                key={summary.id}
                item={{ id: summary.id, name: summary.name, category: summary.category }}
                detail={summary.courseName}
                isChosen={isChosen(summary.id)}
                onToggle={onToggle}
                onOpen={(item) => setPath([item])}
              />
            ))}
          </List>
        </Box>
      ) : (
        <Contents path={path} onPath={setPath} isChosen={isChosen} onToggle={onToggle} />
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{
          mt: 2,
          alignItems: { sm: 'center' },
          position: 'sticky',
          bottom: 0,
          bgcolor: 'background.paper',
          py: 1,
        }}
      >
        <Typography role="status" sx={{ flex: 1 }}>
          {chosen.length === 0 ? 'Nothing chosen yet.' : `Chosen: ${chosen.map((c) => c.name).join(', ')}`}
        </Typography>
        <Button type="submit" variant="contained" disabled={respond.isPending}>
          Add to {platformName}
        </Button>
      </Stack>
      {formState.errors.contentIds && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {formState.errors.contentIds.message}
        </Alert>
      )}
      {respond.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {messageOf(respond.error, 'Your choice could not be sent. Try again.')}
        </Alert>
      )}
    </Box>
  );
}
