import { useEffect, useRef, type RefObject } from 'react';
import { focusFirstInvalid, type FieldErrors } from './form-errors';

/**
 * Shows field errors, then focuses the first invalid field of the form (000 §5) after the render that
 * shows them and enables the fields again (once `isBusy` is false).
 * @returns the function that shows a new set of errors
 */
export function useShowErrors(
  formRef: RefObject<HTMLElement | null>,
  isBusy: boolean,
  setErrors: (errors: FieldErrors) => void,
): (errors: FieldErrors) => void {
  const pendingFocus = useRef<FieldErrors | null>(null);
  useEffect(() => {
    if (pendingFocus.current && !isBusy) {
      focusFirstInvalid(formRef.current, pendingFocus.current);
      pendingFocus.current = null;
    }
  });
  return (next: FieldErrors) => {
    pendingFocus.current = next;
    setErrors(next);
  };
}
