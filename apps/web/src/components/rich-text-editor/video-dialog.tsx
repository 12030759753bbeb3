import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { youTubeVideoIdOf } from '../../lib/youtube';
import { FormTextField } from '../form-text-field';

/** A YouTube address or bare video id, read as the video's id. */
const VideoFormSchema = z.object({
  video: z
    .string()
    .trim()
    .min(1, 'A YouTube address or video id is required.')
    .refine((value) => youTubeVideoIdOf(value) !== null, 'Enter a YouTube address or video id.'),
});
type VideoForm = z.infer<typeof VideoFormSchema>;

/**
 * The video dialog of the rich-text editor (001 §2 "video"): a YouTube address or video id, required.
 * Enter or Insert inserts it, else the schema's message shows under the field.
 * Props: `onClose`, `onInsert` (the video's id).
 */
export function VideoDialog({
  onClose,
  onInsert,
}: {
  onClose: () => void;
  onInsert: (videoId: string) => void;
}) {
  const titleId = useId();
  const formId = useId();
  const { control, handleSubmit } = useForm<VideoForm>({
    resolver: zodResolver(VideoFormSchema),
    defaultValues: { video: '' },
    shouldFocusError: true,
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Video</DialogTitle>
      <DialogContent>
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            // The dialog is a portal inside the editor's form: its submit is not the outer form's.
            event.stopPropagation();
            void handleSubmit(({ video }) => onInsert(youTubeVideoIdOf(video)!))(event);
          }}
        >
          <FormTextField
            control={control}
            name="video"
            label="YouTube address or video id"
            helperText="For example https://www.youtube.com/watch?v=…"
            required
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form={formId} variant="contained">
          Insert
        </Button>
      </DialogActions>
    </Dialog>
  );
}
