import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import {
  CONTENT_CATEGORIES,
  CONTENT_CATEGORY_LABELS,
  CONTENT_TAGS,
  CONTENT_TAG_LABELS,
  EDUCATION_LEVELS,
  EDUCATION_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
} from '@portal/shared/enums';
import { MENU_MAX_HEIGHTS } from '@portal/shared/limits';
import { FIELD_ATTRIBUTE } from '../../../lib/form-errors';
import type { ContentDraft } from '../lib/content-draft';

/** The draft's fields that are lists over one enumeration (000 §2 edit mode: categories and levels). */
type EnumListField = 'categories' | 'tags' | 'educationLevels' | 'experienceLevels';

/** Each enumeration list of the edit form, in page order: its field, label, values and their labels. */
const ENUM_FIELDS = {
  categories: { label: 'Categories', values: CONTENT_CATEGORIES, labels: CONTENT_CATEGORY_LABELS },
  tags: { label: 'Tags', values: CONTENT_TAGS, labels: CONTENT_TAG_LABELS },
  educationLevels: { label: 'Education levels', values: EDUCATION_LEVELS, labels: EDUCATION_LEVEL_LABELS },
  experienceLevels: {
    label: 'Experience levels',
    values: EXPERIENCE_LEVELS,
    labels: EXPERIENCE_LEVEL_LABELS,
  },
} as const satisfies Record<
  EnumListField,
  { label: string; values: readonly string[]; labels: Record<string, string> }
>;

/** The enumeration list fields in the order the edit form shows them. */
export const ENUM_LIST_FIELDS = Object.keys(ENUM_FIELDS) as EnumListField[];

/**
 * A multi-select of the content edit form over one enumeration (categories, tags, education levels,
 * experience levels), shown as chips and kept in the enumeration's order.
 * Props: `control` (the edit form's), `name` (which list), `disabled`.
 */
export function EnumSelectField({
  control,
  name,
  disabled,
}: {
  control: Control<ContentDraft>;
  name: EnumListField;
  disabled: boolean;
}) {
  const labelId = useId();
  const { label, values, labels } = ENUM_FIELDS[name];
  const labelOf = (value: string) => (labels as Record<string, string>)[value] ?? value;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControl fullWidth disabled={disabled}>
          <InputLabel id={labelId}>{label}</InputLabel>
          <Select<string[]>
            labelId={labelId}
            label={label}
            multiple
            value={[...field.value]}
            inputRef={field.ref}
            inputProps={{ [FIELD_ATTRIBUTE]: name }}
            onChange={(event) => {
              const value = event.target.value;
              const next = typeof value === 'string' ? value.split(',') : value;
              // Kept in enumeration order.
              field.onChange((values as readonly string[]).filter((v) => next.includes(v)));
            }}
            renderValue={(chosen) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {chosen.map((value) => (
                  <Chip key={value} size="small" label={labelOf(value)} />
                ))}
              </Box>
            )}
            MenuProps={{ slotProps: { paper: { sx: { maxHeight: MENU_MAX_HEIGHTS[1] } } } }}
          >
            {values.map((value) => (
              <MenuItem key={value} value={value}>
                {labelOf(value)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
    />
  );
}
