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
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROLE_LABELS } from '@portal/shared/enums';
import { MESSAGES } from '@portal/shared/errors';
import { EMAIL_MAX } from '@portal/shared/limits';
import type { AdminUser } from '@portal/shared/schemas/identity';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { reportError } from '../../../lib/error-reporting';
import { startImpersonation, useCan } from '../../../lib/session';
import { useUsers } from '../api/admin-users';
import { impersonate } from '../api/impersonate';
import { UserDetailsDialog } from '../components/user-details-dialog';
import { GuardRedirect } from '../../../components/session-guard';
import { LoadMoreButton } from '../../../components/load-more-button';

/**
 * /admin/users — the users and claims admin (001 §6; needs CanManageOrganization, else home): search
 * users, open one to grant and remove roles and single claims and see the permission flags they give,
 * and, for admins who may, act as that user (001 §4 Impersonation; the way back is this page). No props.
 */
export function UsersAdminPage() {
  useDocumentTitle('Users and claims');
  const canManage = useCan('CanManageOrganization');
  const canImpersonate = useCan('CanImpersonate');
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const users = useUsers(query, canManage);
  const [selected, setSelected] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  if (!canManage) return <GuardRedirect to={paths.home} />;

  const onImpersonate = async (user: AdminUser) => {
    try {
      const token = await impersonate(user.id);
      const returnPath = location.pathname + location.search;
      setSelected(null);
      // Leave the admin page first: its queries, refetched as the other user, would be refused (403),
      // and a 403 ends the session (001 §8).
      await navigate(paths.home);
      await startImpersonation(queryClient, token, returnPath);
    } catch (error) {
      reportError(error);
    }
  };

  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Users and claims
      </Typography>
      <TextField
        label="Search users"
        placeholder="Name or e-mail"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        slotProps={{ htmlInput: { maxLength: EMAIL_MAX } }}
      />
      {users.isPending && <LinearProgress aria-label={MESSAGES.loading} />}
      {users.isError && <Alert severity="error">The users could not be loaded.</Alert>}
      {users.data && (
        <TableContainer>
          <Table size="small" aria-label="Users">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell>Roles</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>{MESSAGES.noData}</TableCell>
                </TableRow>
              )}
              {rows.map((user) => (
                <TableRow key={user.id} hover>
                  <TableCell>
                    <Button
                      variant="text"
                      onClick={() => setSelected(user.id)}
                      sx={{ textTransform: 'none', p: 0, minWidth: 0, textAlign: 'left' }}
                    >
                      {user.displayName}
                    </Button>
                  </TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      {user.roles.map((role) => (
                        <Chip key={role} label={ROLE_LABELS[role]} size="small" />
                      ))}
                    </Box>
                  </TableCell>
                  <TableCell>
                    {!user.hasPassword ? 'Invited' : user.isEmailVerified ? 'Active' : 'E-mail not confirmed'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <LoadMoreButton query={users} label="Show more users" />
      <UserDetailsDialog
        userId={canManage ? selected : null}
        onClose={() => setSelected(null)}
        canImpersonate={canImpersonate}
        onImpersonate={(user) => void onImpersonate(user)}
      />
    </Box>
  );
}
