import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { FIELD_ATTRIBUTE } from '../lib/form-errors';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * A text field bound to a react-hook-form form (STYLE.md "Forms"): its error sits under the field with
 * an alert role (001 §5), after `errorPrefix` when given (001 §4 contact form); required fields carry
 * the asterisk; the field's ref lets the form focus the first invalid field, and its input carries its
 * path in `data-field`.
 * Props: `control` (of any form, also one whose schema transforms its values), `name`, `label`, `maxLength` (typing stops there; the schema says so too), and any
 * TextField prop.
 */
export function FormTextField<T extends FieldValues, TContext, TTransformed extends FieldValues>({
  control,
  name,
  maxLength,
  errorPrefix = '',
  helperText,
  ...props
}: Omit<TextFieldProps, 'name'> & {
  control: Control<T, TContext, TTransformed>;
  name: FieldPath<T>;
  maxLength?: number;
  errorPrefix?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error) || props.error}
          helperText={fieldState.error ? `${errorPrefix}${fieldState.error.message ?? ''}` : helperText}
          slotProps={{
            ...props.slotProps,
            htmlInput: { ...props.slotProps?.htmlInput, maxLength, [FIELD_ATTRIBUTE]: name },
            formHelperText: { role: fieldState.error || props.error ? 'alert' : undefined },
          }}
        />
      )}
    />
  );
}
