/** Field errors and field marks shared by the app's forms (000 §5: the first invalid field is focused). */
import type { z } from 'zod';

/** Field path → first message. */
export type FieldErrors = Record<string, string>;

/** Issues of a zod error as field errors (first message per field). */
export function fieldErrorsOf(issues: z.ZodError['issues']): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The data attribute that marks each field of the form with its path, in page order. */
export const FIELD_ATTRIBUTE = 'data-field';
