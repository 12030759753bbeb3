import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ROLES, ROLE_LABELS } from '@portal/shared/enums';
import { MESSAGES } from '@portal/shared/errors';
import { PERMISSIONS } from '@portal/shared/permissions';
import {
  GRANTABLE_CLAIM_TYPES,
  GrantClaimRequestSchema,
  type AdminUser,
} from '@portal/shared/schemas/identity';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerIssues } from '../../../lib/form-errors';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { useChangeUser, useUser } from '../api/admin-users';
import { BusinessUnitField } from '../../organizations/components/business-unit-field';
import { LtiIdentities } from '../../lti/components/lti-identities';
import { SendDigestNow } from '../../follows/components/send-digest-now';

/** Claims as text: type, value and scopes. */
function claimText(claim: { type: string; value: string; scopes?: string[] }): string {
  return `${claim.type}: ${claim.value}${claim.scopes?.length ? ` (${claim.scopes.join(', ')})` : ''}`;
}

/** The grant form's fields: scopes typed comma separated, read into the shared request's list. */
const GrantClaimFormSchema = GrantClaimRequestSchema.extend({
  scopes: z
    .string()
    .transform((text) => {
      const scopes = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return scopes.length ? scopes : undefined;
    })
    .pipe(GrantClaimRequestSchema.shape.scopes),
});

/**
 * The form granting one single claim (001 §6): claim type, value and comma-separated scopes, checked by
 * the shared request schema before it is sent; the schema's and the server's field issues show under
 * the fields and the first takes the focus. A granted claim empties value and scopes.
 * Props: `user` (the account the claim is granted to).
 */
function GrantClaimForm({ user }: { user: AdminUser }) {
  const change = useChangeUser(user.id);
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(GrantClaimFormSchema),
    defaultValues: { type: GRANTABLE_CLAIM_TYPES[0], value: '', scopes: '' },
    shouldFocusError: true,
  });
  const onSubmit = handleSubmit((claim) =>
    change.mutate(
      { kind: 'grantClaim', claim },
      {
        onSuccess: () => reset({ type: claim.type, value: '', scopes: '' }),
        onError: (error) => applyServerIssues(setError, error, { fields: ['type', 'value', 'scopes'] }),
      },
    ),
  );
  return (
    <Box component="form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Grant a claim">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <FormTextField
          control={control}
          name="type"
          select
          label="Claim type"
          size="small"
          sx={{ minWidth: 200 }}
        >
          {GRANTABLE_CLAIM_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="value"
          label="Value"
          size="small"
          required
          helperText="e.g. content:patch, courses:list, true"
        />
        <FormTextField
          control={control}
          name="scopes"
          label="Scopes"
          size="small"
          helperText="Comma separated; empty for any"
        />
        <Button type="submit" variant="outlined" disabled={change.isPending} sx={{ mt: { sm: 0.25 } }}>
          Grant claim
        </Button>
      </Stack>
    </Box>
  );
}

function UserDetails({
  user,
  canImpersonate,
  onImpersonate,
}: {
  user: AdminUser;
  canImpersonate: boolean;
  onImpersonate: (user: AdminUser) => void;
}) {
  const change = useChangeUser(user.id);
  const singles = user.claims.filter((c) => c.grantedBy === null);
  const granted = PERMISSIONS.filter((p) => p !== 'IsLogin' && user.permissions[p]);
  const mayActAs = canImpersonate && user.roles.length > 0 && !user.permissions.CanImpersonate;
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        {user.email} · {user.isEmailVerified ? 'e-mail confirmed' : 'e-mail not confirmed'}
        {user.hasPassword ? '' : ' · no password yet (invited)'}
      </Typography>

      <Box component="section" aria-labelledby="user-roles-heading">
        <Typography id="user-roles-heading" variant="h3" sx={{ mb: 1, fontSize: '1.1rem' }}>
          Roles
        </Typography>
        <FormGroup row>
          {ROLES.map((role) => (
            <FormControlLabel
              key={role}
              label={ROLE_LABELS[role]}
              control={
                <Checkbox
                  checked={user.roles.includes(role)}
                  disabled={change.isPending}
                  onChange={(event) =>
                    change.mutate({ kind: event.target.checked ? 'grantRole' : 'removeRole', role })
                  }
                />
              }
            />
          ))}
        </FormGroup>
      </Box>

      <BusinessUnitField userId={user.id} />

      <Box component="section" aria-labelledby="user-lti-heading">
        <Typography id="user-lti-heading" variant="h3" sx={{ mb: 1, fontSize: '1.1rem' }}>
          LMS links
        </Typography>
        <LtiIdentities accountId={user.id} />
      </Box>

      <Box component="section" aria-labelledby="user-digest-heading">
        <Typography id="user-digest-heading" variant="h3" sx={{ mb: 1, fontSize: '1.1rem' }}>
          Follow digest
        </Typography>
        <SendDigestNow accountId={user.id} email={user.email} />
      </Box>

      <Box component="section" aria-labelledby="user-claims-heading">
        <Typography id="user-claims-heading" variant="h3" sx={{ mb: 1, fontSize: '1.1rem' }}>
          Single claims
        </Typography>
        {singles.length === 0 ? (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {MESSAGES.noData}
          </Typography>
        ) : (
          <Table size="small" aria-labelledby="user-claims-heading" sx={{ mb: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>Type</TableCell>
                <TableCell>Value</TableCell>
                <TableCell>Scopes</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {singles.map((claim) => (
                <TableRow key={claim.id}>
                  <TableCell>{claim.type}</TableCell>
                  <TableCell>{claim.value}</TableCell>
                  <TableCell>{claim.scopes?.join(', ') || 'any'}</TableCell>
                  <TableCell align="right">
                    <IconButton
                      aria-label={`Remove claim ${claimText(claim)}`}
                      onClick={() => change.mutate({ kind: 'removeClaim', claimId: claim.id })}
                      disabled={change.isPending}
                      size="small"
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <GrantClaimForm user={user} />
      </Box>

      <Box component="section" aria-labelledby="user-permissions-heading">
        <Typography id="user-permissions-heading" variant="h3" sx={{ mb: 1, fontSize: '1.1rem' }}>
          Permissions
        </Typography>
        {granted.length === 0 ? (
          <Typography color="text.secondary">None: this user can only sign in.</Typography>
        ) : (
          <Box
            component="ul"
            aria-label="Permissions granted"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
          >
            {granted.map((p) => (
              <li key={p}>
                <Chip
                  label={p}
                  size="small"
                  color="success"
                  variant="outlined"
                  sx={{ color: 'success.dark' }}
                />
              </li>
            ))}
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Claims in effect: {user.effectiveClaims.length} (the roles&apos; claims included).
        </Typography>
      </Box>

      {mayActAs && (
        <Box>
          <Button variant="contained" color="warning" onClick={() => onImpersonate(user)}>
            Act as {user.displayName}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/**
 * One user's roles, single claims and permission flags, with grant and remove controls (001 §6), and
 * "Act as" for admins who may impersonate (001 §4). Props: `userId` (null: closed), `onClose`,
 * `canImpersonate`, `onImpersonate`.
 */
export function UserDetailsDialog({
  userId,
  onClose,
  canImpersonate,
  onImpersonate,
}: {
  userId: string | null;
  onClose: () => void;
  canImpersonate: boolean;
  onImpersonate: (user: AdminUser) => void;
}) {
  const user = useUser(userId, userId !== null);
  return (
    <Dialog
      open={userId !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="user-details-title"
    >
      <DialogTitle id="user-details-title" sx={{ pr: 6 }}>
        {user.data?.displayName ?? 'User'}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {user.isPending && <CircularProgress aria-label={MESSAGES.loading} />}
        {user.isError && <Alert severity="error">This user could not be loaded.</Alert>}
        {user.data && (
          <UserDetails user={user.data} canImpersonate={canImpersonate} onImpersonate={onImpersonate} />
        )}
      </DialogContent>
    </Dialog>
  );
}
