import { describe, expect, it } from 'vitest';
import { fieldErrorsOfServer, focusFirstInvalid } from './form-errors';

describe('form errors', () => {
  it('maps server issues back to form fields', () => {
    expect(
      fieldErrorsOfServer({
        issues: [
          { field: 'body.urlAlias', message: 'Taken.' },
          { field: 'body.sections.1.name', message: 'Too long.' },
        ],
      }),
    ).toEqual({ urlAlias: 'Taken.', 'sections.1.name': 'Too long.' });
    expect(fieldErrorsOfServer(undefined)).toEqual({});
  });

  it('focuses the first invalid field in page order', () => {
    document.body.innerHTML = `<form>
      <input data-field="name" id="name">
      <div data-field="lastCuratedTimestamps.courseware"><span tabindex="0" id="date"></span></div>
      <input data-field="keywords" id="keywords">
    </form>`;
    const form = document.querySelector('form')!;
    expect(focusFirstInvalid(form, { keywords: 'x', 'lastCuratedTimestamps.courseware': 'y' })).toBe(true);
    expect(document.activeElement?.id).toBe('date');
    focusFirstInvalid(form, { 'keywords.3': 'x', name: 'y' });
    expect(document.activeElement?.id).toBe('name');
    expect(focusFirstInvalid(form, {})).toBe(false);
  });
});
