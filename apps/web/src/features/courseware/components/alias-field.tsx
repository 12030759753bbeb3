import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { FIELD_ATTRIBUTE } from '../../../lib/form-errors';
import { aliasOf, type ContentDraft } from '../lib/content-draft';

/**
 * The URL alias field of the content edit form (000 §2): in create mode it shows the alias made from the
 * name until it is edited. Props: `control` (the edit form's), `mode`, `disabled`, `onEdited` (called on
 * the first change, so the alias stops following the name).
 */
export function AliasField({
  control,
  mode,
  disabled,
  onEdited,
}: {
  control: Control<ContentDraft>;
  mode: 'create' | 'edit';
  disabled: boolean;
  onEdited: () => void;
}) {
  const [name, isAliasEdited] = useWatch({ control, name: ['name', 'isAliasEdited'] });
  return (
    <Controller
      control={control}
      name="urlAlias"
      render={({ field, fieldState }) => (
        <TextField
          label="URL alias"
          required={mode === 'edit'}
          name={field.name}
          value={aliasOf({ urlAlias: field.value, name, isAliasEdited })}
          inputRef={field.ref}
          disabled={disabled}
          onChange={(event) => {
            field.onChange(event.target.value.toLowerCase());
            onEdited();
          }}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={
            fieldState.error?.message ??
            (mode === 'create' && !isAliasEdited
              ? 'Made from the name until you change it.'
              : 'Lower-case letters, digits and hyphens; / between parts.')
          }
          fullWidth
          slotProps={{
            htmlInput: { [FIELD_ATTRIBUTE]: 'urlAlias', spellCheck: false },
            formHelperText: { role: fieldState.error ? 'alert' : undefined },
            input: { startAdornment: <InputAdornment position="start">/courseware/</InputAdornment> },
          }}
        />
      )}
    />
  );
}
