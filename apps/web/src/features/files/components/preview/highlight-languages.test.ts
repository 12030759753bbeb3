/** Every language a text preview names has its grammar here, and highlighting escapes the text. */
import { describe, expect, it } from 'vitest';
import { PREVIEW_LANGUAGE_OF_EXTENSION } from '@portal/shared/schemas/preview';
import { HIGHLIGHT_LANGUAGES, highlightText } from './highlight-languages';

describe('highlight languages', () => {
  it('loads every language of PREVIEW_LANGUAGE_OF_EXTENSION but plain text', () => {
    const named = new Set(Object.values(PREVIEW_LANGUAGE_OF_EXTENSION));
    named.delete('plaintext');
    expect(Object.keys(HIGHLIGHT_LANGUAGES).sort()).toEqual([...named].sort());
  });

  it('highlights LaTeX and escapes markup in the text', async () => {
    const html = await highlightText('\\section{<b>Intro</b>}', 'latex');
    expect(html).toContain('hljs-');
    expect(html).toContain('&lt;b&gt;');
    expect(html).not.toContain('<b>');
  });

  it('leaves plain text unhighlighted', async () => {
    expect(await highlightText('hello', 'plaintext')).toBeNull();
  });
});
