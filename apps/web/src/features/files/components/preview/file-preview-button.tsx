/**
 * The Preview button of one file row (issue 37 "Preview in the browser"), loaded only for those who may
 * download files; its dialog, the PDF reader and the highlighter load when it is first pressed.
 */
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import { Suspense, lazy, useState } from 'react';
import type { ContentFile } from '@portal/shared/schemas/courseware';

const FilePreviewDialog = lazy(async () => ({
  default: (await import('./file-preview-dialog')).FilePreviewDialog,
}));

/**
 * "Preview" beside a file's download button; opens the file's preview dialog, and focus comes back
 * here when it closes. Props: `file` (its label and file name name the button), `onDownload` (the
 * row's download, counted as one).
 */
export default function FilePreviewButton({
  file,
  onDownload,
}: {
  file: ContentFile;
  onDownload: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const { id: fileId, name, filename } = file;
  return (
    <>
      <Button
        size="small"
        startIcon={<VisibilityIcon />}
        aria-label={`Preview ${name}, ${filename}`}
        aria-haspopup="dialog"
        onClick={() => setIsOpen(true)}
        sx={{ flexShrink: 0 }}
      >
        Preview
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <FilePreviewDialog
            fileId={fileId}
            name={name}
            filename={filename}
            onDownload={onDownload}
            onClose={() => setIsOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
