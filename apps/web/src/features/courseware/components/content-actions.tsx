import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RestoreIcon from '@mui/icons-material/Restore';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { Content } from '@portal/shared/schemas/courseware';
import { useCan } from '../../../lib/session';
import { DeleteContentDialog } from './delete-content-dialog';
import { RestoreContentDialog } from './restore-content-dialog';

/**
 * The curator's buttons on a content page (000 §2, §4, §6): Edit for CanUpdateContent (hidden for
 * archived items, which offer Restore instead) and Delete for CanDeleteContent, with their dialogs.
 * Nothing renders for other users. Props: `content`, `onEdit`.
 */
export function ContentActions({
  content,
  onEdit,
}: {
  content: Pick<Content, 'id' | 'name' | 'status' | 'version'>;
  onEdit?: () => void;
}) {
  const canUpdate = useCan('CanUpdateContent');
  const canDelete = useCan('CanDeleteContent');
  const [dialog, setDialog] = useState<'delete' | 'restore' | null>(null);
  const isArchived = content.status === 'archived';
  if (!canUpdate && !canDelete) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', my: 1.5 }}>
      {canUpdate && !isArchived && onEdit && (
        <Button variant="contained" startIcon={<EditIcon />} onClick={onEdit}>
          Edit
        </Button>
      )}
      {canUpdate && isArchived && (
        <Button variant="contained" startIcon={<RestoreIcon />} onClick={() => setDialog('restore')}>
          Restore
        </Button>
      )}
      {canDelete && (
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteIcon />}
          onClick={() => setDialog('delete')}
        >
          Delete
        </Button>
      )}
      {dialog === 'delete' && <DeleteContentDialog content={content} onClose={() => setDialog(null)} />}
      {dialog === 'restore' && <RestoreContentDialog content={content} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
