import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { WEB_LINK, isLinkUrl } from '@portal/shared/links';
import { HtmlContent } from '../html-content';
import { ItemImage, type DatedItem } from './dated-item-parts';

/**
 * The detail of a news item or an event (001 §2): image or date image, name, date, description, the
 * external link when set, `children` (the event's location and calendar file), and edit and delete
 * buttons by permission. Props: `item`, `dateText`, `canEdit`, `canDelete`, `onEdit`, `onDelete`.
 */
export function DatedItemDetail({
  item,
  dateText,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
  children,
}: {
  item: DatedItem;
  dateText: string;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <Box component="article">
      <Stack direction="row" spacing={3} sx={{ alignItems: 'flex-start', mb: 2 }}>
        <ItemImage item={item} size={120} />
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {item.name}
          </Typography>
          <Typography color="text.secondary">{dateText}</Typography>
        </Box>
        {canEdit && (
          <Button startIcon={<EditIcon />} onClick={onEdit}>
            Edit
          </Button>
        )}
        {canDelete && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
            Delete
          </Button>
        )}
      </Stack>
      <HtmlContent html={item.description} />
      {children}
      {item.externalLink && isLinkUrl(item.externalLink, WEB_LINK) && (
        <Typography sx={{ mt: 2 }}>
          <Link href={item.externalLink} target="_blank" rel="noopener noreferrer">
            Read more (opens in a new tab)
          </Link>
        </Typography>
      )}
    </Box>
  );
}
