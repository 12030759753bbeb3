import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type FormEvent, type ReactNode } from 'react';

/**
 * The frame of every dialog of the rich-text editor (link, image, video, pasted-image upload): a titled
 * dialog whose fields are one form, with Cancel and a submit button. The dialog is a portal inside the
 * editor's own form, so its submit is stopped here and never reaches the outer form.
 * Props: `title`, `submitLabel`, `onClose`, `onSubmit` (the form's submit event, e.g. a
 * react-hook-form `handleSubmit(…)`), `isBusy` (no closing or cancelling, e.g. while uploading),
 * `isSubmitDisabled`, `children` (the fields).
 */
export function EditorFormDialog({
  title,
  submitLabel,
  onClose,
  onSubmit,
  isBusy = false,
  isSubmitDisabled = false,
  children,
}: {
  title: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  isBusy?: boolean;
  isSubmitDisabled?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const formId = useId();
  return (
    <Dialog open onClose={isBusy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={formId}
          noValidate
          spacing={2}
          sx={{ mt: 1 }}
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            event.stopPropagation();
            onSubmit(event);
          }}
        >
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={isBusy || isSubmitDisabled}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
