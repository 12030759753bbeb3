import FolderZipIcon from '@mui/icons-material/FolderZip';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { ReactNode } from 'react';
import type { TreeFile } from '@portal/shared/schemas/courseware';
import { FILE_MESSAGES } from '@portal/shared/errors';
import type { BundleFormat } from '@portal/shared/schemas/files';
import { formatBytes } from '../../../lib/format';
import { useBundleDownload } from '../api/request-bundle';

/** The text shown while the server builds the archive (issue 3). */
export const PREPARING_TEXT = 'Preparing the archive…';

/** The LMSs that import the Common Cartridge export (issue 26), as the page names them. */
export const CARTRIDGE_IMPORTERS = 'Canvas, Moodle, Blackboard and D2L Brightspace';
/** The text shown while the server builds the cartridge. */
export const PREPARING_CARTRIDGE_TEXT = 'Preparing the Common Cartridge…';
/** What the page says when the cartridge failed (the zip's words are FILE_MESSAGES.bundleFailed). */
export const CARTRIDGE_FAILED = 'The Common Cartridge could not be prepared. Please try again later.';

/**
 * One archive's button with its progress, result and failure: requested on click, the page says it is
 * being prepared (`preparing`) and disables the button, the browser downloads it when ready, a failure
 * says what to do (`failed`, and the server's reason). Props: the item, the archive's `format`, the
 * button's `label` and `icon`.
 */
function ArchiveAction(props: {
  contentId: string;
  format: BundleFormat;
  label: string;
  icon: ReactNode;
  preparing: string;
  failed: string;
  onDownloaded?: () => void;
}) {
  const { state, start, isBusy } = useBundleDownload(props.contentId, props.format, props.onDownloaded);
  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={props.icon}
        onClick={start}
        disabled={isBusy}
        aria-busy={isBusy}
        data-download={`.${props.format}`}
      >
        {props.label}
      </Button>
      <Box role="status" aria-live="polite" sx={{ mt: 1.5 }}>
        {state.phase === 'preparing' && (
          <Box>
            <Typography>{props.preparing}</Typography>
            <Typography variant="body2" color="text.secondary">
              A large item can take a few minutes. The download starts by itself when the archive is ready.
            </Typography>
            <LinearProgress aria-label={props.preparing} sx={{ mt: 1, maxWidth: 360 }} />
          </Box>
        )}
        {state.phase === 'done' && (
          <Alert severity="success">The archive {state.name} is ready; your download has started.</Alert>
        )}
      </Box>
      {state.phase === 'failed' && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {props.failed}
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

/**
 * "Download all (zip)" of a content item (000 §1, §4 zip download) and beside it "Export to LMS
 * (Common Cartridge)" (issue 26). The page shows them to users with CanViewFiles when the item or its
 * children have files; each has its own progress. Props: `contentId`, `files` (of the item's tree, for
 * the count and size), `onDownloaded` (runs after either archive reached the browser).
 */
export function BundleDownload({
  contentId,
  files,
  onDownloaded,
}: {
  contentId: string;
  files: readonly TreeFile[];
  onDownloaded?: () => void;
}) {
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <Box component="section" aria-labelledby="bundle-heading">
      <Typography variant="h2" id="bundle-heading" sx={{ mb: 1 }}>
        Download all files
      </Typography>
      <Typography sx={{ mb: 1.5 }}>
        {files.length} {files.length === 1 ? 'file' : 'files'} ({formatBytes(totalBytes)}) of this item and
        the items below it, in folders as in the course, with a README and a manifest of checksums.{' '}
        {CARTRIDGE_IMPORTERS} import the Common Cartridge as a course.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <ArchiveAction
          contentId={contentId}
          format="zip"
          label="Download all (zip)"
          icon={<FolderZipIcon />}
          preparing={PREPARING_TEXT}
          failed={FILE_MESSAGES.bundleFailed}
          onDownloaded={onDownloaded}
        />
        <ArchiveAction
          contentId={contentId}
          format="imscc"
          label="Export to LMS (Common Cartridge)"
          icon={<DownloadIcon />}
          preparing={PREPARING_CARTRIDGE_TEXT}
          failed={CARTRIDGE_FAILED}
          onDownloaded={onDownloaded}
        />
      </Box>
    </Box>
  );
}
