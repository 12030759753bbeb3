import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MESSAGES } from '@portal/shared/errors';
import { FILE_NAME_MAX } from '@portal/shared/limits';
import type { ContentFileInput } from '@portal/shared/schemas/courseware';
import { UPLOAD_MAX_BYTES } from '@portal/shared/schemas/files';
import { formatBytes } from '../../../lib/format';
import { newKey, type PendingFile } from '../lib/content-draft';
import { FIELD_ATTRIBUTE, type FieldErrors } from '../../../lib/form-errors';

const PERCENT = 100;

/** A display name from a file name: without its extension, cut to the file-name maximum (000 §5). */
function displayNameOf(filename: string): string {
  return filename.replace(/\.[^.]+$/, '').slice(0, FILE_NAME_MAX) || filename.slice(0, FILE_NAME_MAX);
}

/**
 * The files of edit mode (000 §2 "add file"): stored files can be renamed or removed; picked files wait
 * in the list (000 §3 "fileBlob for files not yet uploaded") and are uploaded through the file service
 * when the content is saved, each with its progress. A file over the upload limit is refused at once
 * ("The selected file is too large to upload.", 001 §5).
 * Props: `files`, `pendingFiles`, `errors`, `disabled`, `onFilesChange` (kept files, and the id of a
 * removed one), `onPendingChange`.
 */
export function FilesEditor({
  files,
  pendingFiles,
  errors,
  disabled,
  onFilesChange,
  onPendingChange,
}: {
  files: readonly ContentFileInput[];
  pendingFiles: readonly PendingFile[];
  errors: FieldErrors;
  disabled: boolean;
  onFilesChange: (files: ContentFileInput[], removedId?: string) => void;
  onPendingChange: (pending: PendingFile[]) => void;
}) {
  const [pickError, setPickError] = useState('');
  return (
    <Box component="section" aria-labelledby="files-editor-heading">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h2" id="files-editor-heading">
          Files
        </Typography>
        <Button component="label" startIcon={<AttachFileIcon />} disabled={disabled}>
          Add file
          <input
            type="file"
            hidden
            multiple
            aria-label="Add file"
            disabled={disabled}
            onChange={(event) => {
              const picked = [...(event.target.files ?? [])];
              event.target.value = '';
              const tooLarge = picked.filter((file) => file.size > UPLOAD_MAX_BYTES.file);
              setPickError(
                tooLarge.length > 0
                  ? `${MESSAGES.uploadTooLarge} (${tooLarge.map((f) => f.name).join(', ')})`
                  : '',
              );
              const accepted = picked.filter((file) => file.size <= UPLOAD_MAX_BYTES.file);
              onPendingChange([
                ...pendingFiles,
                ...accepted.map((file) => ({
                  key: newKey(),
                  file,
                  name: displayNameOf(file.name),
                  progress: null,
                  error: null,
                })),
              ]);
            }}
          />
        </Button>
      </Stack>
      {pickError && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {pickError}
        </Alert>
      )}
      {files.length === 0 && pendingFiles.length === 0 && (
        <Typography color="text.secondary">No files yet.</Typography>
      )}
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {files.map((file, index) => {
          const field = `files.${index}.name`;
          return (
            <Stack component="li" key={file.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label="File name"
                required
                value={file.name}
                disabled={disabled}
                onChange={(event) =>
                  onFilesChange(files.map((f, i) => (i === index ? { ...f, name: event.target.value } : f)))
                }
                error={Boolean(errors[field])}
                helperText={errors[field] ?? ' '}
                fullWidth
                slotProps={{
                  htmlInput: { maxLength: FILE_NAME_MAX, [FIELD_ATTRIBUTE]: field },
                  formHelperText: { role: errors[field] ? 'alert' : undefined },
                }}
              />
              <IconButton
                aria-label={`Remove file ${file.name}`}
                disabled={disabled}
                onClick={() =>
                  onFilesChange(
                    files.filter((_, i) => i !== index),
                    file.id,
                  )
                }
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
        {pendingFiles.map((pending, index) => {
          const field = `pendingFiles.${index}.name`;
          return (
            <Box component="li" key={pending.key}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label={`File name (${pending.file.name}, ${formatBytes(pending.file.size)})`}
                  required
                  value={pending.name}
                  disabled={disabled}
                  onChange={(event) =>
                    onPendingChange(
                      pendingFiles.map((p, i) =>
                        i === index ? { ...p, name: event.target.value, error: null } : p,
                      ),
                    )
                  }
                  error={Boolean(errors[field] || pending.error)}
                  helperText={errors[field] ?? pending.error ?? 'Uploaded when you save.'}
                  fullWidth
                  slotProps={{
                    htmlInput: { maxLength: FILE_NAME_MAX, [FIELD_ATTRIBUTE]: field },
                    formHelperText: { role: errors[field] || pending.error ? 'alert' : undefined },
                  }}
                />
                <IconButton
                  aria-label={`Remove file ${pending.name || pending.file.name}`}
                  disabled={disabled}
                  onClick={() => onPendingChange(pendingFiles.filter((_, i) => i !== index))}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
              {pending.progress !== null && (
                <LinearProgress
                  variant="determinate"
                  value={Math.round(pending.progress * PERCENT)}
                  aria-label={`Uploading ${pending.name}`}
                  sx={{ mt: 0.5 }}
                />
              )}
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
