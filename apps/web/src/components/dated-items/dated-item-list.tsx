import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { MESSAGES } from '@portal/shared/errors';
import { WEB_LINK, isLinkUrl } from '@portal/shared/links';
import { ContentStatusIcon } from '../content-status-icon';
import { ItemImage, clampedText, longDate, type DatedItem } from './dated-item-parts';
import type { usePagedList } from './use-paged-list';

/**
 * The news or events list (001 §2 News and events, §4 List pagination): the page title, an add button
 * for editors, rows with the image or date image, name, long-format date, clamped description, status
 * icon, edit and delete buttons by permission; Previous and Next; 'No matching results.' announced
 * when empty. A row with an external link opens it in a new tab; otherwise it appends the alias to the
 * current path. Props: `title`, `noun` ('news item' / 'event'), `list`, `canAdd`, `canEdit`,
 * `canDelete`, `onAdd`, `onEdit`, `onDelete`, `extra` (more text per row).
 */
export function DatedItemList<T extends DatedItem>({
  title,
  noun,
  list,
  canEdit,
  canDelete,
  onAdd,
  onEdit,
  onDelete,
  extra,
}: {
  title: string;
  noun: string;
  list: ReturnType<typeof usePagedList<T>>;
  canEdit: boolean;
  canDelete: boolean;
  onAdd: () => void;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
  extra?: (item: T) => ReactNode;
}) {
  const { pathname } = useLocation();
  const base = pathname.replace(/\/$/, '');
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
            Add {noun}
          </Button>
        )}
      </Stack>
      {list.isLoading && <LinearProgress aria-label={MESSAGES.loading} />}
      {list.isError && <Alert severity="error">The list could not be loaded.</Alert>}
      <Box role="status" aria-live="polite">
        {!list.isLoading && !list.isError && list.items.length === 0 && (
          <Typography sx={{ my: 2 }}>{MESSAGES.noMatchingResults}</Typography>
        )}
      </Box>
      <Stack component="ul" aria-label={title} spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.items.map((item) => (
          <Stack component="li" key={item.id} direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <ItemImage item={item} size={72} />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
                {item.externalLink && isLinkUrl(item.externalLink, WEB_LINK) ? (
                  <Link href={item.externalLink} target="_blank" rel="noopener noreferrer">
                    {item.name}
                  </Link>
                ) : (
                  <Link component={RouterLink} to={`${base}/${encodeURIComponent(item.urlAlias)}`}>
                    {item.name}
                  </Link>
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {longDate(item.date)}
                {extra?.(item)}
              </Typography>
              <Typography variant="body2">{clampedText(item.description)}</Typography>
            </Box>
            {canEdit && <ContentStatusIcon status={item.status} fontSize="small" />}
            {canEdit && (
              <IconButton aria-label={`Edit ${item.name}`} onClick={() => onEdit(item)}>
                <EditIcon />
              </IconButton>
            )}
            {canDelete && (
              <IconButton aria-label={`Delete ${item.name}`} onClick={() => onDelete(item)}>
                <DeleteIcon />
              </IconButton>
            )}
          </Stack>
        ))}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mt: 3 }} component="nav" aria-label={`${title} pages`}>
        <Button variant="outlined" disabled={!list.hasPrevious} onClick={list.goPrevious}>
          Previous
        </Button>
        <Button variant="outlined" disabled={!list.hasNext} onClick={list.goNext}>
          Next
        </Button>
      </Stack>
    </Box>
  );
}
