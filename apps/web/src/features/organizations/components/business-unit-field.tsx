/**
 * The business unit of an account on the admin user screen (001 §3 download data point; DESIGN.md
 * "Organizations": at most one): a select of every organization, or none; saved on change.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CATEGORY_GROUP_LABELS } from '@portal/shared/enums';
import { useOrganizations, useSetUserOrganization, useUserOrganization } from '../api/user-organization';

const NONE = '';

export function BusinessUnitField({ userId }: { userId: string }) {
  const organizations = useOrganizations();
  const current = useUserOrganization(userId);
  const change = useSetUserOrganization(userId);
  const value = current.data?.organization?.id ?? NONE;
  return (
    <TextField
      select
      label="Business unit"
      value={organizations.data ? value : NONE}
      disabled={!organizations.data || current.isPending || change.isPending}
      onChange={(event) => change.mutate(event.target.value === NONE ? null : event.target.value)}
      error={change.isError}
      helperText={change.isError ? change.error.message : 'The school or agency this user belongs to'}
      sx={{ minWidth: 280 }}
    >
      <MenuItem value={NONE}>None</MenuItem>
      {(organizations.data ?? []).map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name} ({CATEGORY_GROUP_LABELS[o.category]}
          {o.region ? `, ${o.region}` : ''})
        </MenuItem>
      ))}
    </TextField>
  );
}
