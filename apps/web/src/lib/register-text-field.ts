import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A react-hook-form registration as MUI TextField props: the ref goes to the input element
 * (`inputRef`), so `shouldFocusError` and `setFocus` focus the field itself.
 */
export function registerTextField<Name extends string>({ ref, ...rest }: UseFormRegisterReturn<Name>) {
  return { ...rest, inputRef: ref };
}
