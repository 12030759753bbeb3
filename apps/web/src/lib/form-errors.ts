/**
 * Field errors of a form (000 §5): issues keyed by their field path ("name", "sections.0.name"), from
 * the shared zod schemas or from a server answer, and the focus of the first invalid field in page order.
 */
import { z } from 'zod';

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

/**
 * Field errors of a server answer: its issues name fields as "body.name"; they are mapped back to the
 * form's paths. Issues about fields the form does not show are left to the form-level message.
 */
export function fieldErrorsOfServer(details: unknown): FieldErrors {
  const parsed = z
    .object({ issues: z.array(z.object({ field: z.string(), message: z.string() })) })
    .safeParse(details);
  if (!parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.data.issues) {
    const key = issue.field.replace(/^body\.?/, '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The data attribute that marks each field of the form with its path, in page order. */
export const FIELD_ATTRIBUTE = 'data-field';

/**
 * Focuses the first field (in page order) that has an error (000 §5: "an invalid form focuses the first
 * invalid field"). Fields are marked with `data-field`; composite fields focus their first control.
 * @returns whether a field was focused
 */
export function focusFirstInvalid(container: HTMLElement | null, errors: FieldErrors): boolean {
  if (!container) return false;
  const fields = container.querySelectorAll<HTMLElement>(`[${FIELD_ATTRIBUTE}]`);
  for (const element of fields) {
    const key = element.getAttribute(FIELD_ATTRIBUTE) ?? '';
    const hasError = Object.keys(errors).some((path) => path === key || path.startsWith(`${key}.`));
    if (!hasError) continue;
    focusControlOf(element);
    return true;
  }
  return false;
}

/** Focuses a field's element, or for a composite field its first control. */
function focusControlOf(element: HTMLElement): void {
  const target = element.matches('input, textarea, select, button, [contenteditable="true"], [tabindex]')
    ? element
    : element.querySelector<HTMLElement>(
        'input:not([type="hidden"]), textarea, [contenteditable="true"], [role="combobox"], button, [tabindex]',
      );
  (target ?? element).focus();
}

/**
 * A focus target for react-hook-form's `field.ref` of a composite field (rich text, pickers, lists):
 * focusing it focuses the first control marked with `data-field` `path` or a path under it.
 */
export function focusTargetOf(path: string): { focus: () => void } {
  return {
    focus: () => {
      const element = document.querySelector<HTMLElement>(
        `[${FIELD_ATTRIBUTE}="${path}"], [${FIELD_ATTRIBUTE}^="${path}."]`,
      );
      if (element) focusControlOf(element);
    },
  };
}

/**
 * The messages of a react-hook-form error and the errors nested in it (an array's rows, an object's
 * fields), keyed by path under `path`: for parts that show several fields' messages at once.
 */
export function flatErrors(error: unknown, path: string): FieldErrors {
  const errors: FieldErrors = {};
  const walk = (node: unknown, at: string) => {
    if (!node || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && !(at in errors)) errors[at] = message;
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'ref' && key !== 'message' && key !== 'type' && key !== 'types')
        walk(child, at ? `${at}.${key}` : key);
    }
  };
  walk(error, path);
  return errors;
}

/** The first message of a react-hook-form error or of the errors nested in it (e.g. a list's rows). */
export function firstMessage(error: unknown): string | undefined {
  return Object.values(flatErrors(error, ''))[0];
}
