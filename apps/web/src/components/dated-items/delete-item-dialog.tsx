import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { MESSAGES } from '@portal/shared/errors';
import { ConfirmDialog } from '../confirm-dialog';

/**
 * Delete a news item, an event, a page or a section (001 §4 Delete, §5): the call is made only once the
 * acknowledgement box is ticked, else `requiredMessage` ('The checkbox is required to delete this
 * content.' unless given); the dialog closes and resets on cancel or success. Props: `title` (e.g.
 * 'Delete news'), `name`, `onDelete` (the call), `onDeleted`, `onClose`, optional `requiredMessage`.
 */
export function DeleteItemDialog({
  title,
  name,
  onDelete,
  onDeleted,
  onClose,
  requiredMessage = MESSAGES.deleteRequired,
}: {
  requiredMessage?: string;
  title: string;
  name: string;
  onDelete: () => Promise<unknown>;
  onDeleted: () => void | Promise<void>;
  onClose: () => void;
}) {
  const checkboxRef = useRef<HTMLInputElement>(null);
  const [isChecked, setIsChecked] = useState(false);
  const [isRequiredShown, setIsRequiredShown] = useState(false);
  const mutation = useMutation({ mutationFn: onDelete, meta: { silent: true }, onSuccess: onDeleted });
  return (
    <ConfirmDialog
      title={title}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      isPending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => {
        if (!isChecked) {
          setIsRequiredShown(true);
          checkboxRef.current?.focus();
          return;
        }
        mutation.mutate();
      }}
      onClose={onClose}
      isDestructive
    >
      <DialogContentText sx={{ mb: 1 }}>
        Delete <strong>{name}</strong>? This cannot be undone.
      </DialogContentText>
      <FormControl required error={isRequiredShown && !isChecked}>
        <FormControlLabel
          control={
            <Checkbox
              slotProps={{ input: { ref: checkboxRef, 'aria-required': true } }}
              checked={isChecked}
              onChange={(event) => setIsChecked(event.target.checked)}
            />
          }
          label="I understand that this cannot be undone."
        />
        {isRequiredShown && !isChecked && <FormHelperText role="alert">{requiredMessage}</FormHelperText>}
      </FormControl>
    </ConfirmDialog>
  );
}
