import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { focusTargetOf } from '../lib/form-errors';
import { RichTextEditor } from './rich-text-editor/rich-text-editor';

/**
 * The rich-text editor (001 §2) bound to a react-hook-form form (STYLE.md "Forms"): its HTML is the
 * field's value, its error shows under it, and the form's focus of the first invalid field
 * (`shouldFocusError`, `setFocus`) reaches its editable area, found by its `data-field` path.
 * Props: `control`, `name`, `label`, `required`, `disabled`.
 */
export function FormRichTextEditor<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        field.ref(focusTargetOf(name));
        return (
          <RichTextEditor
            label={label}
            field={name}
            required={required}
            disabled={disabled}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        );
      }}
    />
  );
}
