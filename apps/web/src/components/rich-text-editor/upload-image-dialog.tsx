import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MESSAGES } from '@portal/shared/errors';
import { ALT_TEXT_MAX, IMAGE_MAX_BYTES } from '@portal/shared/limits';
import { FormTextField } from '../form-text-field';
import { EditorFormDialog } from './editor-form-dialog';
import { ALT_TEXT_HINT, AltTextSchema } from './image-dialog';
import { uploadImage } from './paste';

const UploadImageFormSchema = z.object({ alt: AltTextSchema });
type UploadImageForm = z.infer<typeof UploadImageFormSchema>;

/**
 * The upload dialog of a pasted image (001 §2): shows the file's name (`pasted-image.png`) and the
 * image, asks for its alt text (required, at most 1000), uploads it as a public image and inserts it.
 * Over the image limit it says 'The selected file is too large to upload.'; a failed upload says why
 * above the fields and the dialog stays open.
 * Props: `file` (the pasted image), `onClose`, `onInsert` (the uploaded image's address and alt text).
 */
export function UploadImageDialog({
  file,
  onClose,
  onInsert,
}: {
  file: File;
  onClose: () => void;
  onInsert: (image: { src: string; alt: string }) => void;
}) {
  const isTooLarge = file.size > IMAGE_MAX_BYTES;
  const [uploadError, setUploadError] = useState(isTooLarge ? MESSAGES.uploadTooLarge : '');
  const [progress, setProgress] = useState<number | null>(null);
  const [preview] = useState(() => URL.createObjectURL(file));
  useEffect(() => () => URL.revokeObjectURL(preview), [preview]);
  const { control, handleSubmit } = useForm<UploadImageForm>({
    resolver: zodResolver(UploadImageFormSchema),
    defaultValues: { alt: '' },
    shouldFocusError: true,
  });
  const isUploading = progress !== null;
  const upload = async ({ alt }: UploadImageForm) => {
    setProgress(0);
    try {
      onInsert({ src: await uploadImage(file, setProgress), alt });
    } catch (caught) {
      setUploadError(caught instanceof Error ? caught.message : String(caught));
      setProgress(null);
    }
  };
  return (
    <EditorFormDialog
      title="Upload image"
      submitLabel="Upload"
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(upload)(event)}
      isBusy={isUploading}
      isSubmitDisabled={isTooLarge}
    >
      {uploadError && (
        <Alert severity="error" role="alert">
          {uploadError}
        </Alert>
      )}
      <TextField
        label="File name"
        value={file.name}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <Box
        component="img"
        src={preview}
        alt=""
        sx={{ maxWidth: '100%', maxHeight: 160, objectFit: 'contain', alignSelf: 'flex-start' }}
      />
      <FormTextField
        control={control}
        name="alt"
        label="Alt text"
        required
        helperText={ALT_TEXT_HINT}
        maxLength={ALT_TEXT_MAX}
        fullWidth
        autoFocus
      />
      {isUploading && (
        <LinearProgress variant="determinate" value={progress * 100} aria-label="Upload progress" />
      )}
    </EditorFormDialog>
  );
}
