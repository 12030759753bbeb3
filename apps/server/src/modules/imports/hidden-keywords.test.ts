import { describe, expect, it } from 'vitest';
import { TAG_LENGTH_MAX, TAGS_PER_CONTENT_MAX } from '@portal/shared/limits';
import {
  extractHiddenKeywords,
  HIDDEN_KEYWORDS_COMMENT_END,
  HIDDEN_KEYWORDS_COMMENT_START,
  normalizeKeywords,
} from './hidden-keywords.js';

describe('extractHiddenKeywords', () => {
  it('moves keywords of the comment form out of the description', () => {
    const html = `${HIDDEN_KEYWORDS_COMMENT_START}xss | csrf | web security${HIDDEN_KEYWORDS_COMMENT_END}<p>Cross-site scripting lab.</p>`;
    expect(extractHiddenKeywords(html)).toEqual({
      description: '<p>Cross-site scripting lab.</p>',
      keywords: ['xss', 'csrf', 'web security'],
    });
  });

  it('understands the hidden span form, with attributes in any order and encoded text', () => {
    const html = '<p><span data-search-keywords hidden="">SQL &amp; injection | sqli</span></p><p>Text</p>';
    expect(extractHiddenKeywords(html)).toEqual({
      description: '<p>Text</p>',
      keywords: ['SQL & injection', 'sqli'],
    });
    expect(extractHiddenKeywords('<span hidden data-search-keywords>a | b</span>Rest').keywords).toEqual([
      'a',
      'b',
    ]);
  });

  it('collects every marker block, anywhere, and keeps the rest of the text intact', () => {
    const html =
      '<p>One <!--search-keywords: a | b --> two</p><span hidden data-search-keywords>c</span><p>three</p>';
    expect(extractHiddenKeywords(html)).toEqual({
      description: '<p>One  two</p><p>three</p>',
      keywords: ['a', 'b', 'c'],
    });
  });

  it('drops empty and duplicate keywords (case-insensitively, first spelling wins)', () => {
    expect(extractHiddenKeywords('<!--search-keywords: XSS |  | xss|Web -->').keywords).toEqual([
      'XSS',
      'Web',
    ]);
  });

  it('applies the keyword limits of 000 §5', () => {
    const many = Array.from({ length: TAGS_PER_CONTENT_MAX + 5 }, (_, k) => `k${k}`);
    const tooLong = 'x'.repeat(TAG_LENGTH_MAX + 1);
    const { keywords } = extractHiddenKeywords(`<!--search-keywords:${[tooLong, ...many].join(' | ')}-->`);
    expect(keywords).toHaveLength(TAGS_PER_CONTENT_MAX);
    expect(keywords[0]).toBe('k0');
    expect(keywords).not.toContain(tooLong);
  });

  it('returns a description without markers unchanged', () => {
    const html = '  <p>Plain <!-- an ordinary comment --> text</p>';
    expect(extractHiddenKeywords(html)).toEqual({ description: html, keywords: [] });
  });

  it('handles markers spread over several lines', () => {
    expect(extractHiddenKeywords('<!--search-keywords:\n  linux |\n  ssh\n-->\n<p>x</p>')).toEqual({
      description: '<p>x</p>',
      keywords: ['linux', 'ssh'],
    });
  });
});

describe('normalizeKeywords', () => {
  it('trims and collapses spaces', () => {
    expect(normalizeKeywords(['  web   security ', 'Web Security'])).toEqual(['web security']);
  });
});
