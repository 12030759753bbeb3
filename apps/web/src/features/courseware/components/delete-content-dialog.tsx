import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@portal/shared/errors';
import type { Content } from '@portal/shared/schemas/courseware';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { deleteContent, descendantCountQueryOptions } from '../api/delete-content';

/** "It takes 3 descendant items with it, and their files." */
function descendantText(count: number): string {
  if (count === 0) return 'It has no child items.';
  const items = count === 1 ? '1 descendant item' : `${count} descendant items`;
  return `Its ${items} and all their files will be deleted with it. Nothing is left behind.`;
}

/**
 * The delete confirmation (000 §2 dialogs, §4, §5; CanDeleteContent): says how many descendants go
 * with the item, and makes the call only when the checkbox is ticked; otherwise it shows
 * "The checkbox is required to delete this content." After the delete it goes to the parent item, or
 * to /courseware for a top-level item. Props: `content`, `onClose`.
 */
export function DeleteContentDialog({
  content,
  onClose,
}: {
  content: Pick<Content, 'id' | 'name'>;
  onClose: () => void;
}) {
  const checkboxRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isChecked, setIsChecked] = useState(false);
  const [isRequiredShown, setIsRequiredShown] = useState(false);
  const count = useQuery(descendantCountQueryOptions(content.id));
  const mutation = useMutation({
    mutationFn: () => deleteContent(content.id),
    meta: { silent: true },
    onSuccess: async (result) => {
      queryClient.removeQueries({ queryKey: ['courseware', 'content'] });
      await queryClient.invalidateQueries({ queryKey: ['courseware'] });
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      navigate(result.parent ? paths.content(result.parent.urlAlias || result.parent.id) : paths.courseware, {
        replace: true,
      });
    },
  });

  const onDelete = () => {
    if (!isChecked) {
      setIsRequiredShown(true);
      checkboxRef.current?.focus();
      return;
    }
    mutation.mutate();
  };

  return (
    <ConfirmDialog
      title="Delete content"
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      isPending={mutation.isPending}
      error={mutation.error}
      onConfirm={onDelete}
      onClose={onClose}
      isDestructive
      maxWidth="sm"
    >
      <DialogContentText sx={{ mb: 1 }}>
        Delete <strong>{content.name}</strong>? This cannot be undone.
      </DialogContentText>
      {count.isPending ? (
        <Skeleton width="80%" />
      ) : count.isError ? (
        <Alert severity="warning">
          How many child items go with it could not be checked. Everything below this item is deleted with it.
        </Alert>
      ) : (
        <DialogContentText data-testid="descendant-count">
          {descendantText(count.data.descendantCount)}
        </DialogContentText>
      )}
      <FormControl error={isRequiredShown && !isChecked} sx={{ mt: 2 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={isChecked}
              onChange={(event) => setIsChecked(event.target.checked)}
              slotProps={{ input: { ref: checkboxRef, 'aria-required': true } }}
            />
          }
          label="I understand that this content and everything in it will be deleted."
        />
        {isRequiredShown && !isChecked && (
          <FormHelperText role="alert">{MESSAGES.deleteRequired}</FormHelperText>
        )}
      </FormControl>
    </ConfirmDialog>
  );
}
