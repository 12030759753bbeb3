import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/shared/errors';
import { useDocumentTitle } from '../../../lib/document-title';
import { useUnsafeSiteIncidents } from '../api/list-unsafe-site-incidents';
import { LoadMoreButton } from '../../../components/load-more-button';

/**
 * Admin › Unsafe-site incidents (/admin/unsafe-site-incidents, needs CanManageOrganization): visits of
 * the unsafe-site warning, newest first, a page at a time. No props.
 */
export function UnsafeSiteIncidentsPage() {
  useDocumentTitle('Unsafe-site incidents');
  const incidents = useUnsafeSiteIncidents();
  const items = incidents.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Unsafe-site incidents
      </Typography>
      {incidents.isPending && <LinearProgress aria-label={MESSAGES.loading} />}
      {incidents.isError && <Alert severity="error">The incidents could not be loaded.</Alert>}
      <TableContainer>
        <Table size="small" aria-label="Unsafe-site incidents">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Blocked address</TableCell>
              <TableCell>Reported by</TableCell>
              <TableCell>Browser</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {incidents.data && items.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>{MESSAGES.noData}</TableCell>
              </TableRow>
            )}
            {items.map((incident) => (
              <TableRow key={incident.id}>
                <TableCell>{new Date(incident.createdAt).toLocaleString()}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{incident.address ?? 'Unknown'}</TableCell>
                <TableCell>{incident.reporterEmail ?? 'A visitor'}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word', maxWidth: 320 }}>
                  {incident.userAgent ?? ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <LoadMoreButton query={incidents} label="Load more" />
    </Box>
  );
}
