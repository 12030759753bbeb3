/**
 * Field errors of a form (000 §5): issues keyed by their field path ("name", "sections.0.name"), from
 * the shared zod schemas or from a server answer (`applyServerIssues`, which focuses the first field the
 * server names through react-hook-form), and focus targets for composite fields.
 */
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';

/** Field path → first message. */
export type FieldErrors = Record<string, string>;

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

/**
 * Shows a server answer's field issues (a 400 with `details.issues`, 000 §5) under the form's fields:
 * one `setError` per field, the first with `shouldFocus` so the first field the server names takes the
 * focus (its control must be enabled when this runs). Every form that sends to the server calls this
 * in its failure path; anything else in the answer is left to the form-level message.
 * @param setError the form's `setError` (react-hook-form)
 * @param error what the request threw: an `AppError` (the API client's `ApiError`) or anything else
 * @param options `fieldOf` maps a request field to the form field that shows it (`contributorIds` →
 *   `contributors`; nested paths keep their tail); `fields` lists the form's fields: issues of other
 *   fields are skipped and an issue inside a listed field (`emails.3`) shows at that field; `skip`
 *   names issues the caller handles itself (`version` of a conflict)
 * @returns the issues shown, keyed by form path (empty when the answer named no field of the form)
 */
export function applyServerIssues<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  options: { fieldOf?: Record<string, string>; fields?: readonly string[]; skip?: readonly string[] } = {},
): FieldErrors {
  if (!(error instanceof AppError)) return {};
  const shown: FieldErrors = {};
  for (const [path, message] of Object.entries(fieldErrorsOfServer(error.details))) {
    const [head = '', ...rest] = path.split('.');
    if (options.skip?.includes(head)) continue;
    const formHead = options.fieldOf?.[head] ?? head;
    if (options.fields && !options.fields.includes(formHead)) continue;
    const fullPath = [formHead, ...rest].join('.');
    // A form that lists its fields shows an issue inside one (`emails.3`) at that field.
    const formPath = !options.fields || options.fields.includes(fullPath) ? fullPath : formHead;
    if (formPath in shown) continue;
    setError(
      formPath as FieldPath<T>,
      { type: 'server', message },
      { shouldFocus: Object.keys(shown).length === 0 },
    );
    shown[formPath] = message;
  }
  return shown;
}

/** The data attribute that marks each field of the form with its path, in page order. */
export const FIELD_ATTRIBUTE = 'data-field';

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
