import FolderZipIcon from '@mui/icons-material/FolderZip';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TreeFile } from '@portal/shared/schemas/courseware';
import { FILE_MESSAGES } from '@portal/shared/schemas/files';
import { formatBytes } from '../../../lib/format';
import { useBundleDownload } from '../api/request-bundle';

/** The text shown while the server builds the archive (issue 3). */
export const PREPARING_TEXT = 'Preparing the archive…';

/**
 * "Download all (zip)" of a content item (000 §1, §4 zip download). The page shows it to users with
 * CanViewFiles when the item or its children have files. A click asks the server for the archive; while
 * it is prepared the page says so and the button is disabled; when it is ready the browser downloads it;
 * a failure says what to do. Props: `contentId`, `files` (of the item's tree, for the count and size).
 */
export function BundleDownload({ contentId, files }: { contentId: string; files: readonly TreeFile[] }) {
  const { state, start, isBusy } = useBundleDownload(contentId);
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <Box component="section" aria-labelledby="bundle-heading">
      <Typography variant="h2" id="bundle-heading" sx={{ mb: 1 }}>
        Download all files
      </Typography>
      <Typography sx={{ mb: 1.5 }}>
        {files.length} {files.length === 1 ? 'file' : 'files'} ({formatBytes(totalBytes)}) of this item and
        the items below it, in folders as in the course, with a README and a manifest of checksums.
      </Typography>
      <Button
        variant="outlined"
        startIcon={<FolderZipIcon />}
        onClick={start}
        disabled={isBusy}
        aria-busy={isBusy}
      >
        Download all (zip)
      </Button>
      <Box role="status" aria-live="polite" sx={{ mt: 1.5 }}>
        {state.phase === 'preparing' && (
          <Box>
            <Typography>{PREPARING_TEXT}</Typography>
            <Typography variant="body2" color="text.secondary">
              A large item can take a few minutes. The download starts by itself when the archive is ready.
            </Typography>
            <LinearProgress aria-label={PREPARING_TEXT} sx={{ mt: 1, maxWidth: 360 }} />
          </Box>
        )}
        {state.phase === 'done' && (
          <Alert severity="success">The archive {state.name} is ready; your download has started.</Alert>
        )}
      </Box>
      {state.phase === 'failed' && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {FILE_MESSAGES.bundleFailed}
          {state.reason && (
            <Typography variant="body2" component="span" sx={{ display: 'block', mt: 0.5 }}>
              Reason: {state.reason}
            </Typography>
          )}
        </Alert>
      )}
    </Box>
  );
}
