import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { MESSAGES } from '@portal/shared/errors';
import { longDateTime } from '../../../components/dated-items/dated-item-parts';
import { pageRevisionsQueryOptions, restoreRevision } from '../api/page-revisions';
import { PAGE_REVISION_CHANGE_LABELS, type Page } from '../api/page-types';
import { LoadMoreButton } from '../../../components/load-more-button';

/**
 * A page's revisions, newest first (issue 11 "History": what changed, who saved it and when), each
 * with Restore.
 * Props: `page`, `onRestored` (the page as restored), `onClose`.
 */
export function RevisionsDialog({
  page,
  onRestored,
  onClose,
}: {
  page: Page;
  onRestored: (page: Page) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const revisions = useInfiniteQuery(pageRevisionsQueryOptions(page.id));
  const restore = useMutation({
    mutationFn: (revisionId: string) => restoreRevision(page.id, revisionId),
    onSuccess: onRestored,
  });
  const items = revisions.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Revisions of {page.title}</DialogTitle>
      <DialogContent>
        {revisions.isPending && <Skeleton height={120} />}
        {revisions.isError && <Alert severity="error">{revisions.error.message}</Alert>}
        {revisions.isSuccess && items.length === 0 && <Alert severity="info">{MESSAGES.noData}</Alert>}
        <List aria-label="Revisions">
          {items.map((revision) => (
            <ListItem
              key={revision.id}
              divider
              secondaryAction={
                <Button
                  size="small"
                  disabled={restore.isPending}
                  onClick={() => restore.mutate(revision.id)}
                  aria-label={`Restore the revision of ${longDateTime(revision.createdTimestamp)}`}
                >
                  Restore
                </Button>
              }
            >
              <ListItemText
                primary={longDateTime(revision.createdTimestamp)}
                secondary={`${PAGE_REVISION_CHANGE_LABELS[revision.change]} by ${revision.authorName} · ${revision.title}`}
              />
            </ListItem>
          ))}
        </List>
        <LoadMoreButton query={revisions} label="Show older revisions" sx={{ mt: 1 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
