/**
 * The preview dialog of one file (issue 37 "Preview in the browser"): the file's name as its title,
 * Download beside it, the note that previewing is not a download, and the preview itself by its kind.
 * Escape and Close close it; focus returns to the Preview button that opened it (MUI's focus trap).
 */
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useFilePreview } from '../../api/get-file-preview';
import { PreviewBody } from './preview-body';

/** What the dialog says under its title: the statistics count downloads only (issue 37). */
export const PREVIEW_NOT_A_DOWNLOAD = 'Previewing does not count as a download.';

/**
 * Props: `fileId`, `name` (the file's label), `filename` (the name it downloads as), `onDownload` (the
 * file row's download, counted as one), `onClose`.
 */
export function FilePreviewDialog({
  fileId,
  name,
  filename,
  onDownload,
  onClose,
}: {
  fileId: string;
  name: string;
  filename: string;
  onDownload: () => void;
  onClose: () => void;
}) {
  const preview = useFilePreview(fileId);
  const titleId = `file-preview-title-${fileId}`;
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { height: { md: '90vh' } } } }}
    >
      <DialogTitle
        id={titleId}
        component="div"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', pr: 7 }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 auto' }}>
          <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {filename}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={onDownload}>
          Download
        </Button>
        <IconButton
          aria-label="Close the preview"
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" role="note" color="text.secondary" sx={{ mb: 1.5 }}>
          {PREVIEW_NOT_A_DOWNLOAD}
        </Typography>
        {preview.isPending && (
          <Box role="status">
            <Typography variant="body2">Loading the preview…</Typography>
            <LinearProgress aria-hidden="true" sx={{ mt: 1 }} />
          </Box>
        )}
        {preview.isError && (
          <Alert severity="error">
            The preview could not be loaded: {preview.error.message} You can still download the file.
          </Alert>
        )}
        {preview.data && <PreviewBody preview={preview.data} />}
      </DialogContent>
    </Dialog>
  );
}
