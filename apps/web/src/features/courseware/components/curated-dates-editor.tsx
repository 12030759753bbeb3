import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '@portal/shared/limits';
import type { ContentFields } from '@portal/shared/schemas/courseware';
import { FIELD_ATTRIBUTE, type FieldErrors } from '../../../lib/form-errors';

type Dates = ContentFields['lastCuratedTimestamps'];

const PICKERS: readonly { key: keyof Dates; label: string }[] = [
  { key: 'courseware', label: 'Courseware last curated' },
  { key: 'environment', label: 'Environment last curated' },
];

/**
 * The last-curated date pickers of edit mode (000 §2, §3 lastCuratedTimestamps, §5): YYYY-MM-DD, not
 * later than today, clearable. A date typed only in part is kept as typed so the form's validation
 * names it. Props: `value`, `onChange`, `errors`, `disabled`.
 */
export function CuratedDatesEditor({
  value,
  onChange,
  errors,
  disabled,
}: {
  value: Dates;
  onChange: (dates: Dates) => void;
  errors: FieldErrors;
  disabled: boolean;
}) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Box component="section" aria-labelledby="curated-editor-heading">
        <Typography variant="h2" id="curated-editor-heading" sx={{ mb: 1.5 }}>
          Last curated
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {PICKERS.map(({ key, label }) => {
            const field = `lastCuratedTimestamps.${key}`;
            const current = value[key];
            return (
              <Box key={key} {...{ [FIELD_ATTRIBUTE]: field }} sx={{ flex: 1 }}>
                <DatePicker
                  label={label}
                  format={DATE_FORMAT}
                  value={current ? dayjs(current) : null}
                  disableFuture
                  disabled={disabled}
                  onChange={(date) =>
                    onChange({
                      ...value,
                      [key]:
                        date === null ? null : date.isValid() ? date.format(DATE_FORMAT) : 'invalid date',
                    })
                  }
                  slotProps={{
                    field: { clearable: true },
                    textField: {
                      fullWidth: true,
                      error: Boolean(errors[field]),
                      helperText: errors[field] ?? DATE_FORMAT,
                    },
                  }}
                />
              </Box>
            );
          })}
        </Stack>
      </Box>
    </LocalizationProvider>
  );
}
