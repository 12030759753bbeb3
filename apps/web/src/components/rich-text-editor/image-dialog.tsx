import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ADDRESS_MAX, ALT_TEXT_MAX } from '@portal/shared/limits';
import { IMAGE_LINK, linkUrlSchema } from '@portal/shared/schemas/common';
import { FormTextField } from '../form-text-field';
import { EditorFormDialog } from './editor-form-dialog';

/** An image's alt text: required, at most `ALT_TEXT_MAX` characters (001 §5). */
export const AltTextSchema = z
  .string()
  .trim()
  .min(1, 'Alt text is required.')
  .max(ALT_TEXT_MAX, `Alt text may be at most ${ALT_TEXT_MAX} characters.`);

/** The hint under an alt text field. */
export const ALT_TEXT_HINT = 'Describe the image for people who cannot see it.';

/** An image by address (the shared link check, issue 20 "Links") with its alt text. */
const ImageFormSchema = z.object({
  src: linkUrlSchema(IMAGE_LINK, ADDRESS_MAX).min(1, 'The image address is required.'),
  alt: AltTextSchema,
});
type ImageForm = z.infer<typeof ImageFormSchema>;

/**
 * The image dialog of the rich-text editor (001 §2, §5): address and alt text, both required; the
 * address is a web address or a path on this site, the alt text at most 1000 characters. An invalid
 * insert shows the schema's messages under the fields and focuses the first.
 * Props: `onClose`, `onInsert` (the trimmed address and alt text).
 */
export function ImageDialog({
  onClose,
  onInsert,
}: {
  onClose: () => void;
  onInsert: (image: { src: string; alt: string }) => void;
}) {
  const { control, handleSubmit } = useForm<ImageForm>({
    resolver: zodResolver(ImageFormSchema),
    defaultValues: { src: '', alt: '' },
    shouldFocusError: true,
  });
  return (
    <EditorFormDialog
      title="Image"
      submitLabel="Insert"
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(onInsert)(event)}
    >
      <FormTextField
        control={control}
        name="src"
        label="Image address"
        required
        helperText=" "
        fullWidth
        autoFocus
      />
      <FormTextField
        control={control}
        name="alt"
        label="Alt text"
        required
        helperText={ALT_TEXT_HINT}
        maxLength={ALT_TEXT_MAX}
        fullWidth
      />
    </EditorFormDialog>
  );
}
