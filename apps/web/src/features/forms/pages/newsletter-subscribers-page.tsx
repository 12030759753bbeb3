import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MESSAGES } from '@portal/shared/errors';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCan } from '../../../lib/session';
import { SUBSCRIBERS_FILE, exportNewsletterSubscribers } from '../api/export-newsletter-subscribers';
import { useNewsletterSubscribers } from '../api/list-newsletter-subscribers';
import { GuardRedirect } from '../../../components/session-guard';
import { downloadProblem } from '../../../lib/save-download';
import { LoadMoreButton } from '../../../components/load-more-button';

/**
 * /admin/newsletter — newsletter subscribers, newest first, and their CSV export (issue 12; needs
 * CanManageOrganization, else home). No props.
 */
export function NewsletterSubscribersPage() {
  useDocumentTitle('Newsletter subscribers');
  const canManage = useCan('CanManageOrganization');
  const subscribers = useNewsletterSubscribers(canManage);
  const [exportError, setExportError] = useState('');
  if (!canManage) return <GuardRedirect to={paths.home} />;
  const items = subscribers.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Newsletter subscribers
        </Typography>
        <Button
          variant="outlined"
          data-download={SUBSCRIBERS_FILE.filename}
          onClick={() => {
            setExportError('');
            exportNewsletterSubscribers().catch((error: unknown) =>
              setExportError(downloadProblem(error, SUBSCRIBERS_FILE.filename)),
            );
          }}
        >
          Export CSV
        </Button>
      </Stack>
      {exportError && <Alert severity="error">{exportError}</Alert>}
      {subscribers.isPending && <LinearProgress aria-label={MESSAGES.loading} />}
      {subscribers.isError && <Alert severity="error">The subscribers could not be loaded.</Alert>}
      <TableContainer>
        <Table size="small" aria-label="Newsletter subscribers">
          <TableHead>
            <TableRow>
              <TableCell>Email</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Organization</TableCell>
              <TableCell>Job title</TableCell>
              <TableCell>Format</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Signed up</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {subscribers.data && items.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>{MESSAGES.noData}</TableCell>
              </TableRow>
            )}
            {items.map((s) => (
              <TableRow key={s.id}>
                <TableCell>{s.emailAddress}</TableCell>
                <TableCell>{s.name}</TableCell>
                <TableCell>{s.organization}</TableCell>
                <TableCell>{s.jobTitle}</TableCell>
                <TableCell>{s.emailFormat}</TableCell>
                <TableCell>{s.status}</TableCell>
                <TableCell>{new Date(s.createdAt).toLocaleDateString()}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <LoadMoreButton query={subscribers} label="Load more" />
    </Box>
  );
}
