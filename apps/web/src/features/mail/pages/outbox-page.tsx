import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useDeferredValue, useState } from 'react';
import { MESSAGES } from '@portal/shared/errors';
import type { OutboxStatus } from '@portal/shared/schemas/mail';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCan } from '../../../lib/session';
import { useOutbox } from '../api/list-outbox';
import { GuardRedirect } from '../../../components/session-guard';
import { LoadMoreButton } from '../../../components/load-more-button';

const STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  logged: 'Logged (no mail server)',
};

/**
 * /admin/outbox — outgoing e-mail, newest first (DESIGN.md: the outbox is shown to admins; needs
 * CanManageOrganization, else home). A message opens to show its text. No props.
 */
export function OutboxPage() {
  useDocumentTitle('Outgoing e-mail');
  const canManage = useCan('CanManageOrganization');
  const [to, setTo] = useState('');
  const recipient = useDeferredValue(to.trim());
  const outbox = useOutbox(recipient.includes('@') ? recipient : '', canManage);
  const [open, setOpen] = useState<string | null>(null);
  if (!canManage) return <GuardRedirect to={paths.home} />;
  const items = outbox.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Outgoing e-mail
      </Typography>
      <TextField
        label="Recipient"
        placeholder="name@example.edu"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />
      {outbox.isPending && <LinearProgress aria-label={MESSAGES.loading} />}
      {outbox.isError && <Alert severity="error">The outgoing e-mail could not be loaded.</Alert>}
      <TableContainer>
        <Table size="small" aria-label="Outgoing e-mail">
          <TableHead>
            <TableRow>
              <TableCell>To</TableCell>
              <TableCell>Subject</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Written</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {outbox.data && items.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>{MESSAGES.noData}</TableCell>
              </TableRow>
            )}
            {items.map((mail) => (
              <Fragment key={mail.id}>
                <TableRow hover>
                  <TableCell>{mail.to}</TableCell>
                  <TableCell>
                    <Button
                      variant="text"
                      onClick={() => setOpen(open === mail.id ? null : mail.id)}
                      aria-expanded={open === mail.id}
                      sx={{ textTransform: 'none', p: 0, minWidth: 0, textAlign: 'left' }}
                    >
                      {mail.subject}
                    </Button>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={STATUS_LABELS[mail.status]}
                      color={
                        mail.status === 'failed' ? 'error' : mail.status === 'sent' ? 'success' : 'default'
                      }
                      title={mail.lastError ?? undefined}
                    />
                  </TableCell>
                  <TableCell>{new Date(mail.createdAt).toLocaleString()}</TableCell>
                </TableRow>
                {open === mail.id && (
                  <TableRow>
                    <TableCell colSpan={4}>
                      <Box
                        component="pre"
                        sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', m: 0, fontFamily: 'inherit' }}
                      >
                        {mail.text}
                      </Box>
                      {mail.attachments.length > 0 && (
                        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                          Attachments:{' '}
                          {mail.attachments.map((a) => `${a.filename} (${a.size} bytes)`).join(', ')}
                        </Typography>
                      )}
                      {mail.lastError && (
                        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
                          Last error: {mail.lastError}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <LoadMoreButton query={outbox} label="Show older e-mail" />
    </Box>
  );
}
