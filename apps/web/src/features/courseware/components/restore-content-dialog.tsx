import DialogContentText from '@mui/material/DialogContentText';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Content } from '@portal/shared/schemas/courseware';
import { ConfirmDialog } from '../../../components/confirm-dialog';
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
    <ConfirmDialog
      title="Restore content"
      confirmLabel="Restore"
      pendingLabel="Restoring…"
      isPending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => mutation.mutate()}
      onClose={onClose}
    >
      <DialogContentText>
        Restore <strong>{content.name}</strong>? It becomes unpublished: only editors can see it until it is
        published.
      </DialogContentText>
    </ConfirmDialog>
  );
}
