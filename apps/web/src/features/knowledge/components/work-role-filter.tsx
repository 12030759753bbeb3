import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { WorkRole } from '@portal/shared/schemas/work-roles';
import { filterByWords } from '../../../lib/filter-by-words';
import { useWorkRoles } from '../api/get-work-roles';

const roleText = (role: WorkRole) => `${role.id} ${role.name}`;

/**
 * The work-role filter of the courseware search (issue 25): one NICE work role, searchable by code and
 * title, grouped by category. Its list is fetched when it first opens (or when `value` is set, to show
 * the role's title). Loaded lazily by the search panel, so it adds nothing to the page's first load.
 * Props: `value` (a work role id, '' for none), `onChange` (id or ''), `isOpenedOnMount` (mounts focused
 * with its list open: it replaces a stand-in that was clicked, issue 34).
 */
export default function WorkRoleFilter({
  value,
  onChange,
  isOpenedOnMount = false,
}: {
  value: string;
  onChange: (id: string) => void;
  isOpenedOnMount?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(isOpenedOnMount);
  const [hasOpened, setHasOpened] = useState(isOpenedOnMount);
  const roles = useWorkRoles(hasOpened || value !== '');
  const options = roles.data ?? [];
  const selected = options.find((r) => r.id === value) ?? null;
  return (
    <Autocomplete<WorkRole, false, false, false>
      size="small"
      options={options}
      value={selected}
      loading={roles.isFetching}
      open={isOpen}
      onOpen={() => {
        setIsOpen(true);
        setHasOpened(true);
      }}
      onClose={() => setIsOpen(false)}
      onChange={(_event, next) => onChange(next?.id ?? '')}
      groupBy={(role) => role.categoryName}
      filterOptions={(all, { inputValue }) => filterByWords(all, inputValue, roleText)}
      getOptionLabel={roleText}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderOption={(props, role) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ fontSize: '0.875rem' }}>
            <span>
              <strong>{role.id}</strong> {role.name}{' '}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                ({role.statementCount} TKS)
              </Box>
            </span>
          </Box>
        );
      }}
      renderInput={(params) => <TextField {...params} label="NICE work role" autoFocus={isOpenedOnMount} />}
    />
  );
}
