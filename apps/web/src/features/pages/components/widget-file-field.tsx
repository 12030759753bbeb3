import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { MESSAGES } from '@portal/shared/errors';
import { ALT_TEXT_MAX } from '@portal/shared/limits';
import {
  FILE_MESSAGES,
  IMAGE_MIME_TYPES,
  UPLOAD_MAX_BYTES,
  isImageKind,
  type UploadKind,
} from '@portal/shared/schemas/files';

const BYTES_PER_MB = 1024 * 1024;

/** The preferred size of each image kind (001 §5 Images and files). */
const IMAGE_HINTS: Record<UploadKind, string> = {
  image: '640x300 or SVG preferred',
  avatar: '204x204 preferred',
  logo: '290x80 preferred',
  file: '',
};

/** The picker's hint (001 §5): the accepted types and the largest size in MB. */
export function fileHintOf(kind: UploadKind): string {
  const megabytes = `${+(UPLOAD_MAX_BYTES[kind] / BYTES_PER_MB).toFixed(2)} MB`;
  return isImageKind(kind)
    ? `PNG, JPEG, GIF, WebP or SVG, up to ${megabytes}; ${IMAGE_HINTS[kind]}.`
    : `Any type, up to ${megabytes}.`;
}

/** A widget's file as the picker edits it: stored (`fileId`) or picked and not yet uploaded (`blob`). */
export interface PickedFile {
  fileId: string | null;
  filename: string;
  mimeType: string;
  alt: string;
  /** The address of a stored file, for the preview. */
  url: string | null;
  blob: File | null;
  /** The upload kind of the widget's slot (its byte limit), for a picked file. */
  uploadKind: UploadKind;
}

/**
 * A widget's file picker (001 §5 Images and files): a Choose button, the hint of types and size, the
 * chosen file's name (and preview, for images) and, for images, the alt text. A file of the wrong type
 * shows the invalid-type message; one over its kind's limit clears the input with 'The selected file is
 * too large to upload.' Props: `label`, `kind`, `value`, `onChange`, `isRequired`, `errors` (from the
 * form: `file`, `alt`), `field` (the form path, for focusing).
 */
export function WidgetFileField({
  label,
  kind,
  value,
  onChange,
  isRequired = false,
  errors = {},
  field,
}: {
  label: string;
  kind: UploadKind;
  value: PickedFile | null;
  onChange: (value: PickedFile | null) => void;
  isRequired?: boolean;
  errors?: { file?: string; alt?: string };
  field: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [pickError, setPickError] = useState('');
  const labelId = useId();
  const hintId = useId();
  const isImage = isImageKind(kind);
  const blob = value?.blob ?? null;
  const preview = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const onPick = (file: File | undefined) => {
    const input = inputRef.current;
    if (!file) return;
    if (isImage && !(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
      if (input) input.value = '';
      return setPickError(FILE_MESSAGES.imageTypeRequired);
    }
    if (file.size > UPLOAD_MAX_BYTES[kind]) {
      if (input) input.value = '';
      return setPickError(MESSAGES.uploadTooLarge);
    }
    setPickError('');
    onChange({
      fileId: null,
      filename: file.name,
      mimeType: file.type || 'application/octet-stream',
      alt: value?.alt ?? '',
      url: null,
      blob: file,
      uploadKind: kind,
    });
  };
  const fileError = pickError || errors.file;
  const shown = preview ?? value?.url ?? null;
  return (
    <Box data-field={field}>
      <FormLabel
        id={labelId}
        required={isRequired}
        error={Boolean(fileError)}
        sx={{ display: 'block', mb: 0.5 }}
      >
        {label}
      </FormLabel>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" size="small">
          {value ? `Replace ${isImage ? 'image' : 'file'}` : `Choose ${isImage ? 'image' : 'file'}`}
          <input
            ref={inputRef}
            type="file"
            hidden
            aria-labelledby={labelId}
            aria-describedby={hintId}
            accept={isImage ? IMAGE_MIME_TYPES.join(',') : undefined}
            onChange={(event) => onPick(event.currentTarget.files?.[0])}
          />
        </Button>
        {value && (
          <>
            {isImage && shown && (
              <Box
                component="img"
                src={shown}
                alt=""
                sx={{ height: 48, maxWidth: 120, objectFit: 'contain' }}
              />
            )}
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {value.filename}
            </Typography>
            {!isRequired && (
              <Button
                size="small"
                onClick={() => {
                  if (inputRef.current) inputRef.current.value = '';
                  onChange(null);
                }}
              >
                Remove
              </Button>
            )}
          </>
        )}
      </Stack>
      <FormHelperText id={hintId} error={Boolean(fileError)} role={fileError ? 'alert' : undefined}>
        {fileError || fileHintOf(kind)}
      </FormHelperText>
      {isImage && value && (
        <TextField
          label={`Alt text of ${label.toLowerCase()}`}
          required
          size="small"
          fullWidth
          value={value.alt}
          onChange={(event) => onChange({ ...value, alt: event.target.value })}
          error={Boolean(errors.alt)}
          helperText={errors.alt ?? `${value.alt.length}/${ALT_TEXT_MAX}`}
          sx={{ mt: 1 }}
          slotProps={{
            htmlInput: { maxLength: ALT_TEXT_MAX },
            formHelperText: { role: errors.alt ? 'alert' : undefined },
          }}
        />
      )}
    </Box>
  );
}
