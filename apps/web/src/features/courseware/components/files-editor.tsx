import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  useFieldArray,
  useWatch,
  type Control,
  type UseFormGetValues,
  type UseFormSetValue,
} from 'react-hook-form';
import { MESSAGES } from '@portal/shared/errors';
import { FILE_NAME_MAX } from '@portal/shared/limits';
import { UPLOAD_MAX_BYTES } from '@portal/shared/schemas/files';
import { formatBytes } from '../../../lib/format';
import { FormTextField } from '../../../components/form-text-field';
import type { ContentDraft } from '../lib/content-draft';

const PERCENT = 100;

/** A display name from a file name: without its extension, cut to the file-name maximum (000 §5). */
function displayNameOf(filename: string): string {
  return filename.replace(/\.[^.]+$/, '').slice(0, FILE_NAME_MAX) || filename.slice(0, FILE_NAME_MAX);
}

/** A picked file's row: its name, its upload progress while saving, and why its upload failed. */
function PendingFileRow({
  control,
  index,
  disabled,
  onRemove,
}: {
  control: Control<ContentDraft>;
  index: number;
  disabled: boolean;
  onRemove: () => void;
}) {
  const pending = useWatch({ control, name: `pendingFiles.${index}` });
  return (
    <Box component="li">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <FormTextField
          control={control}
          name={`pendingFiles.${index}.name`}
          label={`File name (${pending.file.name}, ${formatBytes(pending.file.size)})`}
          required
          disabled={disabled}
          error={pending.error ? true : undefined}
          helperText={pending.error ?? 'Uploaded when you save.'}
          fullWidth
          maxLength={FILE_NAME_MAX}
        />
        <IconButton
          aria-label={`Remove file ${pending.name || pending.file.name}`}
          disabled={disabled}
          onClick={onRemove}
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
}

/**
 * The files of edit mode (000 §2 "add file"): stored files can be renamed or removed (a removed one is
 * listed in `deletedFileIds`); picked files wait in the list (000 §3 "fileBlob for files not yet
 * uploaded") and are uploaded through the file service when the content is saved, each with its
 * progress. A file over the upload limit is refused at once ("The selected file is too large to
 * upload.", 001 §5). Both lists are field arrays of the content form.
 * Props: `control`, `getValues`, `setValue` (the content form), `disabled`.
 */
export function FilesEditor({
  control,
  getValues,
  setValue,
  disabled,
}: {
  control: Control<ContentDraft>;
  getValues: UseFormGetValues<ContentDraft>;
  setValue: UseFormSetValue<ContentDraft>;
  disabled: boolean;
}) {
  const [pickError, setPickError] = useState('');
  const files = useFieldArray({ control, name: 'files', keyName: 'key' });
  const pendingFiles = useFieldArray({ control, name: 'pendingFiles', keyName: 'key' });
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
              pendingFiles.append(
                accepted.map((file) => ({
                  file,
                  name: displayNameOf(file.name),
                  progress: null,
                  error: null,
                })),
                { shouldFocus: false },
              );
            }}
          />
        </Button>
      </Stack>
      {pickError && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {pickError}
        </Alert>
      )}
      {files.fields.length === 0 && pendingFiles.fields.length === 0 && (
        <Typography color="text.secondary">No files yet.</Typography>
      )}
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {files.fields.map((file, index) => (
          <Stack component="li" key={file.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <FormTextField
              control={control}
              name={`files.${index}.name`}
              label="File name"
              required
              disabled={disabled}
              helperText=" "
              fullWidth
              maxLength={FILE_NAME_MAX}
            />
            <IconButton
              aria-label={`Remove file ${file.name}`}
              disabled={disabled}
              onClick={() => {
                files.remove(index);
                setValue('deletedFileIds', [...getValues('deletedFileIds'), file.id]);
              }}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        {pendingFiles.fields.map(({ key }, index) => (
          <PendingFileRow
            key={key}
            control={control}
            index={index}
            disabled={disabled}
            onRemove={() => pendingFiles.remove(index)}
          />
        ))}
      </Stack>
    </Box>
  );
}
