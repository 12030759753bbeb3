import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ADDRESS_MAX } from '@portal/shared/limits';
import { WEB_OR_MAIL_LINK, linkUrlSchema } from '@portal/shared/schemas/common';
import { FormTextField } from '../form-text-field';

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
  const titleId = useId();
  const formId = useId();
  const { control, handleSubmit } = useForm<LinkForm>({
    resolver: zodResolver(LinkFormSchema),
    defaultValues: { href: initial },
    shouldFocusError: true,
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Link</DialogTitle>
      <DialogContent>
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            // The dialog is a portal inside the editor's form: its submit is not the outer form's.
            event.stopPropagation();
            void handleSubmit(({ href }) => onApply(href))(event);
          }}
        >
          <FormTextField
            control={control}
            name="href"
            label="Address"
            helperText="Leave empty to remove the link."
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form={formId} variant="contained">
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
