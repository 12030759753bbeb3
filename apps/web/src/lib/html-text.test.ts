import { describe, expect, it } from 'vitest';
import { clampText, htmlToText } from './html-text';

describe('htmlToText', () => {
  it('keeps paragraphs, list items and line breaks apart as words', () => {
    expect(htmlToText('<p>First.</p><p>Second</p><ul><li>a</li><li>b</li></ul>one<br>two')).toBe(
      'First. Second a b one two',
    );
  });

  it('decodes entities, drops markup and collapses whitespace', () => {
    expect(htmlToText('  <p>Tom &amp; <strong>Jerry</strong>\n\n &lt;3</p> ')).toBe('Tom & Jerry <3');
  });

  it('runs no script and loads nothing', () => {
    expect(htmlToText('<img src="x" onerror="window.__ran=1">ok')).toBe('ok');
    expect((window as unknown as { __ran?: number }).__ran).toBeUndefined();
  });
});

describe('clampText', () => {
  it('leaves short text alone and cuts long text with an ellipsis', () => {
    expect(clampText('short', 10)).toBe('short');
    expect(clampText('a long sentence here', 7)).toBe('a long…');
  });
});
