import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ADDRESS_MAX } from '@portal/shared/limits';
import { WEB_OR_MAIL_LINK, linkUrlSchema } from '@portal/shared/schemas/common';
import { FormTextField } from '../form-text-field';
import { EditorFormDialog } from './editor-form-dialog';

/** A link's address: the shared link check (issue 20 "Links"), empty to remove the link. */
const LinkFormSchema = z.object({ href: linkUrlSchema(WEB_OR_MAIL_LINK, ADDRESS_MAX) });
type LinkForm = z.infer<typeof LinkFormSchema>;

/**
 * The link dialog of the rich-text editor (001 §2): one address, a web or e-mail address checked by the
 * shared link schema (the server's sanitiser checks it again); empty removes the link. Enter or Apply
 * applies it, else the schema's message shows under the field.
 * Props: `initial` (the selected link's address), `onClose`, `onApply` (the trimmed address, or '').
 */
export function LinkDialog({
  initial,
  onClose,
  onApply,
}: {
  initial: string;
  onClose: () => void;
  onApply: (href: string) => void;
}) {
  const { control, handleSubmit } = useForm<LinkForm>({
    resolver: zodResolver(LinkFormSchema),
    defaultValues: { href: initial },
    shouldFocusError: true,
  });
  return (
    <EditorFormDialog
      title="Link"
      submitLabel="Apply"
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(({ href }) => onApply(href))(event)}
    >
      <FormTextField
        control={control}
        name="href"
        label="Address"
        helperText="Leave empty to remove the link."
        fullWidth
        autoFocus
      />
    </EditorFormDialog>
  );
}
