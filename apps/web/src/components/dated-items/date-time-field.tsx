import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';

/**
 * The date picker of the news and event dialogs (001 §5 Date picker): date and time with am/pm; a value
 * is emitted only when both date and time exist (a valid date-time), as ISO 8601 with its offset.
 * Props: `label`, `value` (ISO or ''), `onChange`, `error`, `inputRef`, `required`.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  error,
  inputRef,
  required = false,
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  error?: string;
  inputRef?: React.Ref<HTMLInputElement>;
  required?: boolean;
}) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DateTimePicker
        label={label}
        ampm
        value={value ? dayjs(value) : null}
        onChange={(next) => {
          if (next && next.isValid()) onChange(next.format());
        }}
        inputRef={inputRef}
        slotProps={{
          textField: {
            required,
            error: Boolean(error),
            helperText: error,
            slotProps: { formHelperText: { role: error ? 'alert' : undefined } },
          },
        }}
      />
    </LocalizationProvider>
  );
}
