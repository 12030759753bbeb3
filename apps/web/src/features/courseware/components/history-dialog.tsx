import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Content } from '@portal/shared/schemas/courseware';
import type { ContentRevisionSummary } from '@portal/shared/schemas/revisions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatLongDateTime } from '../../../lib/format';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { contentRevisionsQueryOptions, restoreContentRevision } from '../api/content-revisions';
import { RevisionDiff } from './revision-diff';
import { RevisionList } from './revision-list';
import { LoadMoreButton } from '../../../components/load-more-button';

/** A revision as an option of the compare selects. */
const optionLabel = (r: ContentRevisionSummary) =>
  `Version ${r.version} · ${formatLongDateTime(r.changedTimestamp)}`;

/**
 * Two native selects choosing the revisions compared (older first by default). Versions run from 1 to
 * the newest without gaps, so every one is offered, also those on pages not loaded yet; a loaded one is
 * labelled with its date. Props: `revisions` (loaded, newest first), `from`, `to`, `onChange`.
 */
function ComparePicker({
  revisions,
  from,
  to,
  onChange,
}: {
  revisions: ContentRevisionSummary[];
  from: number;
  to: number;
  onChange: (from: number, to: number) => void;
}) {
  const newest = revisions[0]?.version ?? 0;
  const loaded = new Map(revisions.map((r) => [r.version, r]));
  const options = Array.from({ length: newest }, (_, k) => newest - k).map((version) => {
    const revision = loaded.get(version);
    return (
      <option key={version} value={version}>
        {revision ? optionLabel(revision) : `Version ${version}`}
      </option>
    );
  });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }}>
      <TextField
        select
        size="small"
        label="Compare"
        value={from}
        onChange={(event) => onChange(Number(event.target.value), to)}
        slotProps={{ select: { native: true } }}
        fullWidth
      >
        {options}
      </TextField>
      <TextField
        select
        size="small"
        label="With"
        value={to}
        onChange={(event) => onChange(from, Number(event.target.value))}
        slotProps={{ select: { native: true } }}
        fullWidth
      >
        {options}
      </TextField>
    </Stack>
  );
}

/**
 * An item's history (issue 37): its revisions, newest first and paged ("Load more"), the differences of
 * any two (by default the latest and the one before) and, for curators, Restore with a confirmation,
 * which saves the chosen revision as a new one and refreshes the item and the list.
 * Props: `content`, `canRestore` (the user may update the item), `onClose` (also on Escape).
 */
export function HistoryDialog({
  content,
  canRestore,
  onClose,
}: {
  content: Pick<Content, 'id' | 'name'>;
  canRestore: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const revisions = useInfiniteQuery(contentRevisionsQueryOptions(content.id));
  const items = revisions.data?.pages.flatMap((p) => p.items) ?? [];
  const [chosen, setChosen] = useState<{ from: number; to: number } | null>(null);
  const [restoring, setRestoring] = useState<ContentRevisionSummary | null>(null);
  const [restored, setRestored] = useState<string | null>(null);
  const restore = useMutation({
    mutationFn: (version: number) => restoreContentRevision(content.id, version),
    meta: { silent: true },
    onSuccess: async (saved, version) => {
      // The item and its history (both under the courseware key) are read again.
      await queryClient.invalidateQueries({ queryKey: ['courseware'] });
      setChosen(null);
      setRestoring(null);
      setRestored(`Version ${version} was restored as version ${saved.version}.`);
    },
  });
  const from = chosen?.from ?? items[1]?.version;
  const to = chosen?.to ?? items[0]?.version;
  const canCompare = from !== undefined && to !== undefined;
  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
        <DialogTitle id={titleId}>History of {content.name}</DialogTitle>
        <DialogContent>
          {restored && (
            <Alert severity="success" sx={{ mb: 2 }}>
              {restored}
            </Alert>
          )}
          {revisions.isPending && (
            <Stack role="status">
              <Typography component="span" sx={visuallyHidden}>
                Loading the revisions…
              </Typography>
              <Skeleton height={120} />
            </Stack>
          )}
          {revisions.isError && <Alert severity="error">{revisions.error.message}</Alert>}
          {revisions.isSuccess && items.length < 2 && <Alert severity="info">No earlier revisions.</Alert>}
          {canCompare && (
            <Stack component="section" aria-label="Differences">
              <ComparePicker
                revisions={items}
                from={from}
                to={to}
                onChange={(nextFrom, nextTo) => setChosen({ from: nextFrom, to: nextTo })}
              />
              {from === to ? (
                <Alert severity="info">Choose two different revisions to compare.</Alert>
              ) : (
                <RevisionDiff contentId={content.id} from={from} to={to} />
              )}
            </Stack>
          )}
          {items.length > 0 && (
            <RevisionList
              revisions={items}
              currentVersion={items[0]?.version}
              onRestore={canRestore ? setRestoring : undefined}
            />
          )}
          <LoadMoreButton query={revisions} label="Load more" sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      {restoring && (
        <ConfirmDialog
          title="Restore this revision"
          confirmLabel="Restore"
          pendingLabel="Restoring…"
          isPending={restore.isPending}
          error={restore.error}
          onConfirm={() => restore.mutate(restoring.version)}
          onClose={() => {
            restore.reset();
            setRestoring(null);
          }}
        >
          <DialogContentText>
            Restore version {restoring.version} of <strong>{content.name}</strong> (
            {formatLongDateTime(restoring.changedTimestamp)})? It is saved as a new revision; later revisions
            stay in the history.
          </DialogContentText>
        </ConfirmDialog>
      )}
    </>
  );
}
