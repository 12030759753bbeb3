import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { youTubeVideoIdOf } from '../../lib/youtube';
import { FormTextField } from '../form-text-field';
import { EditorFormDialog } from './editor-form-dialog';

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
  const { control, handleSubmit } = useForm<VideoForm>({
    resolver: zodResolver(VideoFormSchema),
    defaultValues: { video: '' },
    shouldFocusError: true,
  });
  return (
    <EditorFormDialog
      title="Video"
      submitLabel="Insert"
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(({ video }) => onInsert(youTubeVideoIdOf(video)!))(event)}
    >
      <FormTextField
        control={control}
        name="video"
        label="YouTube address or video id"
        helperText="For example https://www.youtube.com/watch?v=…"
        required
        fullWidth
        autoFocus
      />
    </EditorFormDialog>
  );
}
