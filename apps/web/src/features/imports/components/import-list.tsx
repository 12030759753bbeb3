import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/shared/errors';
import { LoadMoreButton } from '../../../components/load-more-button';
import { paths } from '../../../config/paths';
import { formatLongDateTime } from '../../../lib/format';
import { useImports } from '../api/list-imports';
import {
  FORMAT_LABELS,
  STATUS_COLORS,
  STATUS_LABELS,
  itemCountsText,
  problemCountsText,
} from '../lib/import-labels';

/** What the list says before the first import. */
export const NO_IMPORTS_TEXT = 'No course has been imported yet. Upload a package above to start.';

/**
 * The recent imports of the course import page (issue 38), newest first: each with its package (a link
 * to the import), kind, state, when and by whom it was uploaded, its items and its problems; "More
 * imports" fetches the next page by nextPageToken. Props: `enabled`, whether the session may list them.
 */
export function ImportList({ enabled }: { enabled: boolean }) {
  const imports = useImports(enabled);
  const items = imports.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Box component="section" aria-labelledby="recent-imports-heading" sx={{ mt: 4 }}>
      <Typography variant="h2" id="recent-imports-heading" sx={{ mb: 1.5 }}>
        Recent imports
      </Typography>
      {imports.isPending && <LinearProgress aria-label={MESSAGES.loading} />}
      {imports.isError && (
        <Alert severity="error">The recent imports could not be loaded. Please try again later.</Alert>
      )}
      {imports.data && items.length === 0 && <Typography>{NO_IMPORTS_TEXT}</Typography>}
      {items.length > 0 && (
        <TableContainer>
          <Table size="small" aria-labelledby="recent-imports-heading">
            <TableHead>
              <TableRow>
                <TableCell>Package</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Uploaded</TableCell>
                <TableCell>Items</TableCell>
                <TableCell>Problems</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell>
                    <Link href={paths.courseImportOf(item.id)}>{item.packageName}</Link>
                    <Typography variant="body2" color="text.secondary">
                      {FORMAT_LABELS[item.format]}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={STATUS_LABELS[item.status]}
                      color={STATUS_COLORS[item.status]}
                    />
                  </TableCell>
                  <TableCell>
                    {formatLongDateTime(item.createdAt)}
                    {item.createdBy && (
                      <Typography variant="body2" color="text.secondary">
                        by {item.createdBy.name}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{itemCountsText(item.counts)}</TableCell>
                  <TableCell>{problemCountsText(item.counts)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <LoadMoreButton query={imports} label="More imports" />
    </Box>
  );
}
