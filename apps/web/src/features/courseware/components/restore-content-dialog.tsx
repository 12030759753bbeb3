import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { Content } from '@portal/shared/schemas/courseware';
import { updateContentStatus } from '../api/update-content-status';

/**
 * The restore confirmation (000 §2 dialogs, §4): restoring an archived item sets its status to
 * unpublished, so only editors see it until it is published again. Props: `content`, `onClose`.
 */
export function RestoreContentDialog({
  content,
  onClose,
}: {
  content: Pick<Content, 'id' | 'name' | 'version'>;
  onClose: () => void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => updateContentStatus(content.id, { status: 'unpublished', version: content.version }),
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['courseware'] });
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Restore content</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Restore <strong>{content.name}</strong>? It becomes unpublished: only editors can see it until it is
          published.
        </DialogContentText>
        {mutation.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {mutation.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
          {mutation.isPending ? 'Restoring…' : 'Restore'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
