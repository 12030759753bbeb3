import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { CoursewareImport } from '@portal/shared/schemas/imports';
import { formatBytes } from '../../../lib/format';
import { useCancelImport } from '../api/cancel-import';

const PERCENT = 100;

/** `done` of `total` as a whole percentage; 0 while the total is not known. */
function percentOf(done: number, total: number): number {
  return total > 0 ? Math.min(PERCENT, Math.round((done / total) * PERCENT)) : 0;
}

/** One labelled bar of the progress: indeterminate while the import is queued. */
function ProgressBar(props: {
  id: string;
  label: string;
  isQueued: boolean;
  value: number;
  valueText: string;
}) {
  return (
    <>
      <Typography id={props.id}>{props.label}</Typography>
      <LinearProgress
        variant={props.isQueued ? 'indeterminate' : 'determinate'}
        value={props.value}
        aria-labelledby={props.id}
        aria-valuetext={props.isQueued ? 'Waiting to start' : props.valueText}
        sx={{ my: 1 }}
      />
    </>
  );
}

/**
 * How far a queued or running import is (issue 38): one bar for the items written of those to write and
 * one for the bytes, each with its figures (a queued import's bars wait), and "Cancel import". The page
 * asks for the progress every IMPORT_POLL_INTERVAL_MS. Props: `imported`, an import queued or running.
 */
export function ImportProgress({ imported }: { imported: CoursewareImport }) {
  const cancel = useCancelImport(imported.id);
  const { items, itemsTotal, bytes, bytesTotal } = imported.progress;
  const isQueued = imported.status === 'queued';
  const itemsText = `${items} of ${itemsTotal} items`;
  const bytesText = `${formatBytes(bytes)} of ${formatBytes(bytesTotal)}`;
  return (
    <Box component="section" aria-labelledby="import-progress-heading" sx={{ mt: 3, maxWidth: 560 }}>
      <Typography variant="h2" id="import-progress-heading" sx={{ mb: 1 }}>
        Progress
      </Typography>
      <ProgressBar
        id="import-progress-items"
        label={`Items: ${itemsText}`}
        isQueued={isQueued}
        value={percentOf(items, itemsTotal)}
        valueText={itemsText}
      />
      <ProgressBar
        id="import-progress-bytes"
        label={`Files: ${bytesText}`}
        isQueued={isQueued}
        value={percentOf(bytes, bytesTotal)}
        valueText={bytesText}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        You may leave this page: the import goes on, and this page shows where it stands when you come back.
      </Typography>
      <Button variant="outlined" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
        {cancel.isPending ? 'Cancelling…' : 'Cancel import'}
      </Button>
      {cancel.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {cancel.error.message}
        </Alert>
      )}
    </Box>
  );
}
