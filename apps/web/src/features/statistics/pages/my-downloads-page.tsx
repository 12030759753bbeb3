import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { CONTENT_CATEGORY_LABELS } from '@portal/shared/enums';
import type { DownloadKind } from '@portal/shared/schemas/my-downloads-limits';
import type { MyDownload } from '@portal/shared/schemas/my-downloads';
import ChangedSinceDownloadChip from '../../../components/changed-since-download-chip';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatLongDateTime } from '../../../lib/format';
import { useMyDownloads } from '../api/my-downloads';
import { LoadMoreButton } from '../../../components/load-more-button';

const KIND_LABELS: Record<DownloadKind, string> = {
  file: 'a file',
  bundle: 'the zip bundle',
  cartridge: 'the Common Cartridge',
};

/** One downloaded item: its name linking to it, its categories, the last download, the chip. */
function DownloadRow({ item }: { item: MyDownload }) {
  const categories = item.categories.map((c) => CONTENT_CATEGORY_LABELS[c]).join(', ');
  return (
    <ListItem divider sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}>
      <ListItemText
        primary={<Link href={paths.content(item.urlAlias)}>{item.name}</Link>}
        secondary={`${categories ? `${categories} · ` : ''}last downloaded ${KIND_LABELS[item.lastDownloadKind]} on ${formatLongDateTime(item.lastDownloadedAt)}`}
      />
      {item.changedSinceDownload && <ChangedSinceDownloadChip urlAlias={item.urlAlias} />}
    </ListItem>
  );
}

/**
 * /account/downloads — My downloads (issue 37; faculty and up, CanViewFiles): every item the person
 * downloaded (a file, the zip bundle, the cartridge), newest first, when last and as what, with
 * "Changed since you downloaded it" linking to what changed. Loading, empty and error states; more with
 * Show more. No props.
 */
export function MyDownloadsPage() {
  useDocumentTitle('My downloads');
  const downloads = useMyDownloads();
  const items = downloads.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        My downloads
      </Typography>
      {downloads.isPending ? (
        <CircularProgress size={24} aria-label="Loading your downloads" />
      ) : downloads.isError ? (
        <Alert severity="error">Your downloads could not be loaded. Reload the page to try again.</Alert>
      ) : items.length === 0 ? (
        <Typography color="text.secondary">
          You have downloaded nothing yet. Files, zip bundles and cartridges you download from an item’s page
          are listed here, and marked when the item changes.
        </Typography>
      ) : (
        <List aria-label="Items you downloaded">
          {items.map((item) => (
            <DownloadRow key={item.contentId} item={item} />
          ))}
        </List>
      )}
      <LoadMoreButton query={downloads} label="Show more" sx={{}} />
    </Box>
  );
}
