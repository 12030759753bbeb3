import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEvent, type ReactNode } from 'react';

/**
 * An outlined text field drawn as MUI's TextField draws one (label, notched outline, helper text), for
 * the parts of a public page's first load: TextField also imports Select, Menu, Popover and Modal for
 * its `select` mode, about 20 kB gzip that such a page does not use (issue 22).
 * Props: `label`, `value`, `onChange`, `name` (sent by a form submitted without JavaScript),
 * `placeholder`, `error`, `helperText` (an alert when `error`), `maxLength`, `startAdornment`, `size`,
 * `disabled`, `fullWidth`.
 */
export function OutlinedField({
  label,
  value,
  onChange,
  name,
  placeholder,
  error = false,
  helperText,
  maxLength,
  startAdornment,
  size = 'medium',
  disabled = false,
  fullWidth = false,
}: {
  label: string;
  value: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  name?: string;
  placeholder?: string;
  error?: boolean;
  helperText?: ReactNode;
  maxLength?: number;
  startAdornment?: ReactNode;
  size?: 'small' | 'medium';
  disabled?: boolean;
  fullWidth?: boolean;
}) {
  const id = useId();
  const helperId = helperText === undefined ? undefined : `${id}-helper-text`;
  return (
    <FormControl size={size} error={error} disabled={disabled} fullWidth={fullWidth}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        value={value}
        onChange={onChange}
        readOnly={onChange === undefined}
        placeholder={placeholder}
        startAdornment={startAdornment}
        inputProps={{ maxLength }}
        aria-describedby={helperId}
      />
      {helperText !== undefined && (
        <FormHelperText id={helperId} role={error ? 'alert' : undefined}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
