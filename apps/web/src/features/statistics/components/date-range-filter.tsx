/**
 * The dashboard's date range filter (001 §4, §5): two date pickers (from, and to — the day after the
 * last day shown), checked by the shared DateRangeSchema with the specification's messages; presets
 * (last 7 days, last 30 days, this year) and a switch that compares with the previous period.
 * A valid range is applied at once through `onApply`.
 */
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '@portal/shared/limits';
import { DateRangeSchema, type DateRange } from '@portal/shared/schemas/statistics';
import { presetRange, type PresetId } from '../lib/dashboard-range';

const PRESETS: readonly { id: PresetId; label: string }[] = [
  { id: 'last7', label: 'Last 7 days' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'thisYear', label: 'This year' },
];

/** The first year written with four digits: a year typed digit by digit is complete from here. */
const FIRST_FOUR_DIGIT_YEAR = 1000;

const FIELDS: readonly { name: keyof DateRange; label: string }[] = [
  { name: 'from', label: 'From' },
  { name: 'to', label: 'To' },
];

export interface DateRangeFilterProps {
  /** The applied range. */
  value: DateRange;
  onApply: (range: DateRange) => void;
  /** Today in the viewer's zone, for the presets. */
  today: string;
  compare: boolean;
  onCompareChange: (compare: boolean) => void;
}

export function DateRangeFilter({ value, onApply, today, compare, onCompareChange }: DateRangeFilterProps) {
  const { control, handleSubmit, reset, trigger, getValues } = useForm<DateRange>({
    resolver: zodResolver(DateRangeSchema),
    defaultValues: value,
  });
  // A range applied from outside (a preset) becomes the form's values.
  useEffect(() => reset(value), [value, reset]);
  const apply = () => void handleSubmit(onApply)();
  // While a date is typed, each complete date is checked and applied without moving the focus (a
  // failed handleSubmit would focus the field and lose the next keystrokes of the same year).
  const applyTyped = async () => {
    if (await trigger()) onApply(getValues());
  };

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Stack
        component="form"
        aria-label="Date range filter"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'flex-start' }, mb: 3 }}
      >
        {FIELDS.map(({ name, label }) => (
          <Controller
            key={name}
            name={name}
            control={control}
            render={({ field, fieldState }) => (
              <DatePicker
                label={label}
                format={DATE_FORMAT}
                value={field.value ? dayjs(field.value) : null}
                inputRef={field.ref}
                onChange={(date) => {
                  field.onChange(date && date.isValid() ? date.format(DATE_FORMAT) : '');
                  // A year being typed passes through 0002, 0020, 0202: only a whole year is applied.
                  if (date?.isValid() && date.year() >= FIRST_FOUR_DIGIT_YEAR) void applyTyped();
                }}
                slotProps={{
                  textField: {
                    name,
                    onBlur: field.onBlur,
                    error: Boolean(fieldState.error),
                    helperText: fieldState.error?.message ?? ' ',
                  },
                }}
              />
            )}
          />
        ))}
        <Stack direction="row" spacing={1} role="group" aria-label="Presets" sx={{ pt: 1 }}>
          {PRESETS.map((preset) => (
            <Button
              key={preset.id}
              variant="outlined"
              size="small"
              onClick={() => onApply(presetRange(preset.id, today))}
            >
              {preset.label}
            </Button>
          ))}
        </Stack>
        <FormControlLabel
          sx={{ pt: 0.5 }}
          control={<Switch checked={compare} onChange={(event) => onCompareChange(event.target.checked)} />}
          label="Compare with the previous period"
        />
      </Stack>
    </LocalizationProvider>
  );
}
