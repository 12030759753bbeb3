import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Suspense, lazy } from 'react';
import { MESSAGES } from '@portal/shared/errors';
import type { ContentFile } from '@portal/shared/schemas/courseware';
import { LoginButton } from '../../../components/login-button';
import { formatBytes } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useDownloadFile } from '../api/get-download-url';

// The Preview button and its dialog load only for those who may download (issue 37); a default export,
// as the item page's first load has no room for the named-export wrapper.
const FilePreviewButton = lazy(() => import('./preview/file-preview-button'));

/** "PDF · 1.2 MB" from a file's name and size. */
function fileFacts(file: ContentFile): string {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(file.filename)?.[1]?.toUpperCase();
  return [extension, formatBytes(file.size)].filter(Boolean).join(' · ');
}

/** The stored file name with its extension, e.g. "3_xss.md", shown beside the label. */
function FileName({ file }: { file: ContentFile }) {
  return (
    <Typography
      component="span"
      variant="body2"
      data-testid="file-filename"
      sx={{
        color: 'text.secondary',
        fontFamily: 'monospace',
        textTransform: 'none',
        overflowWrap: 'anywhere',
      }}
    >
      {file.filename}
    </Typography>
  );
}

/**
 * Tells a curator that a file's text is not searched, and why (issue 20: the document took too long,
 * needed too much memory, or could not be read). The API gives the reason only to those who may update
 * content.
 */
function TextNotExtracted({ reason }: { reason: string }) {
  return (
    <Typography
      variant="caption"
      role="note"
      sx={{ flexBasis: '100%', color: 'warning.dark', pl: 1 }}
      data-testid="file-text-not-extracted"
    >
      Text not extracted: {reason}
    </Typography>
  );
}

/**
 * The files of a content item (000 §2, §6): with CanViewFiles each name is a download button; without
 * it the names are plain text with a login prompt, and signed-out users also get a Login button. Each
 * entry shows its label and, beside it, the file name it downloads as ("3_xss.md"); the download
 * button is named by both ("Lab handout, 3_xss.md"). A content editor also sees, under a file, when
 * its text could not be read for search. Those who may download also get each file's Preview (issue 37).
 * Props: `contentId`, `files`, `onDownloaded` (runs after a file reached the browser).
 */
export function ContentFiles({
  contentId,
  files,
  onDownloaded,
}: {
  contentId: string;
  files: readonly ContentFile[];
  onDownloaded?: () => void;
}) {
  const canViewFiles = useCan('CanViewFiles');
  const isLoggedIn = useCan('IsLogin');
  const canUpdateContent = useCan('CanUpdateContent');
  const { download, pendingFileId } = useDownloadFile(contentId, onDownloaded);
  if (files.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="files-heading">
      <Typography variant="h2" id="files-heading" sx={{ mb: 1 }}>
        Files
      </Typography>
      {!canViewFiles && (
        <Alert
          severity="info"
          sx={{ mb: 1.5 }}
          action={isLoggedIn ? undefined : <LoginButton size="small" variant="outlined" color="inherit" />}
        >
          {MESSAGES.loginToViewFiles}
        </Alert>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {files.map((file) => (
          <Box
            component="li"
            key={file.id}
            sx={{
              display: 'flex',
              // A curator's note on the file takes a line of its own under it.
              flexWrap: canUpdateContent && file.textNotExtracted ? 'wrap' : 'nowrap',
              alignItems: 'center',
              gap: 1,
              py: 0.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            {canViewFiles ? (
              <Button
                onClick={() => download(file.id)}
                data-download={file.filename}
                startIcon={
                  pendingFileId === file.id ? (
                    <CircularProgress size={18} aria-hidden="true" />
                  ) : (
                    <DownloadIcon />
                  )
                }
                aria-busy={pendingFileId === file.id}
                aria-label={`${file.name}, ${file.filename}`}
                sx={{
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  overflowWrap: 'anywhere',
                  flexWrap: 'wrap',
                  columnGap: 1,
                }}
              >
                <span data-testid="file-name">{file.name}</span>
                <FileName file={file} />
              </Button>
            ) : (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, px: 1 }}>
                <InsertDriveFileIcon fontSize="small" color="action" aria-hidden="true" />
                <Typography component="span" data-testid="file-name" sx={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Typography>
                <FileName file={file} />
              </Box>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto', flexShrink: 0 }}>
              {fileFacts(file)}
            </Typography>
            {canViewFiles && (
              <Suspense>
                <FilePreviewButton file={file} onDownload={() => download(file.id)} />
              </Suspense>
            )}
            {canUpdateContent && file.textNotExtracted && <TextNotExtracted reason={file.textNotExtracted} />}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
