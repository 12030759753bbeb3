import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

/**
 * The layout of a confirmation (000 §2 dialogs): a title, the body, an error from the last attempt,
 * Cancel and the confirming button. While the action runs, the dialog cannot be dismissed and the
 * button shows `pendingLabel`.
 */
export function ConfirmDialog({
  title,
  confirmLabel,
  pendingLabel,
  isPending,
  error,
  onConfirm,
  onClose,
  isDestructive = false,
  maxWidth = 'xs',
  children,
}: {
  title: string;
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** The failure of the last attempt, shown above the buttons. */
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
  /** Shows the confirming button in the error colour. */
  isDestructive?: boolean;
  maxWidth?: 'xs' | 'sm';
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        <Button
          color={isDestructive ? 'error' : 'primary'}
          variant="contained"
          onClick={onConfirm}
          disabled={isPending}
        >
          {isPending ? pendingLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
