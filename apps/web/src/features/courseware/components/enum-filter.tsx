import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { MENU_MAX_HEIGHTS } from '@portal/shared/limits';

/**
 * A multi-select over an enumeration (education levels, categories…) for the search panel (000 §2),
 * with the facet count of each value beside it when the last search returned counts.
 * Props: `label`, `options` (value and label), `selected`, `counts` (value → count), `onChange`,
 * `isOpenedOnMount` (mounts focused with its list open: it replaces a stand-in that was clicked, issue 34).
 */
export function EnumFilter<T extends string>({
  label,
  options,
  selected,
  counts,
  onChange,
  isOpenedOnMount = false,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  selected: readonly T[];
  counts?: Record<string, number>;
  onChange: (values: T[]) => void;
  isOpenedOnMount?: boolean;
}) {
  const labelId = useId();
  const labelOf = (value: T) => options.find((option) => option.value === value)?.label ?? value;
  return (
    <FormControl fullWidth size="small">
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<T[]>
        labelId={labelId}
        label={label}
        multiple
        defaultOpen={isOpenedOnMount}
        autoFocus={isOpenedOnMount}
        value={[...selected]}
        onChange={(event) => {
          const value = event.target.value;
          // A multiple select reports an array; autofill may report a comma string.
          onChange((typeof value === 'string' ? value.split(',') : value) as T[]);
        }}
        renderValue={(values) => (values.length === 1 ? labelOf(values[0]!) : `${values.length} selected`)}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: MENU_MAX_HEIGHTS[1] } } } }}
      >
        {options.map((option) => {
          const count = counts?.[option.value];
          return (
            <MenuItem key={option.value} value={option.value} dense>
              <Checkbox
                checked={selected.includes(option.value)}
                size="small"
                sx={{ p: 0.5, mr: 1 }}
                tabIndex={-1}
              />
              <ListItemText primary={option.label} />
              {counts && (
                <Box
                  component="span"
                  sx={{ ml: 2, color: 'text.secondary', fontSize: '0.875rem' }}
                  aria-label={`${count ?? 0} items`}
                >
                  {count ?? 0}
                </Box>
              )}
            </MenuItem>
          );
        })}
      </Select>
    </FormControl>
  );
}
