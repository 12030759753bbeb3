import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX } from './limits.js';
import { isBlankHtml } from './schemas/courseware.js';
import { stripHtmlTags, trimCharacters, trimEndCharacters } from './text.js';

/** The former check, kept here only to prove the new one answers the same on ordinary input. */
function formerIsBlankHtml(html: string): boolean {
  return (
    !/<img\b/i.test(html) &&
    html
      // eslint-disable-next-line regexp/no-super-linear-move -- the quadratic original, run on short inputs only
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  );
}

/**
 * Most milliseconds one linear pass may take in these tests. A single pass over these inputs takes
 * about 1 ms, a quadratic one minutes (50,000 `<` took 2.9 s; these inputs are 8 to 20 times longer),
 * so the bound tells the two apart with room for a machine busy with other work (a build, a benchmark).
 */
const LINEAR_PASS_MAX_MS = 1000;

/** Milliseconds `run` takes (the shared package has no Node or DOM types, so no `performance`). */
function timed(run: () => unknown): number {
  const start = Date.now();
  run();
  return Date.now() - start;
}

const ORDINARY = [
  '',
  '   ',
  '<p></p>',
  '<p> </p>',
  '<p>&nbsp;</p>',
  '<p>&#160;&nbsp; </p><p><br></p>',
  '<p>Hello</p>',
  '<p><strong></strong></p>',
  '<p><img src="https://example.com/a.png"></p>',
  '<IMG SRC="x">',
  '<imgx>',
  'plain text',
  '<p>a &lt; b</p>',
  '<p>1 < 2</p>',
  '<p>unclosed <b',
  '<',
  '<>',
  '>',
  '<<>>',
  '<a<b>',
  '&nb<b>sp;',
  '&amp;',
  '\u00a0<p>\u2003</p>\n\t',
  '<p>\u200b</p>',
  '<ul><li></li></ul><hr>',
  '<p data-x="a>b"></p>',
];

describe('isBlankHtml', () => {
  it('answers as the former regular expression did on ordinary fragments', () => {
    for (const html of ORDINARY)
      expect(isBlankHtml(html), JSON.stringify(html)).toBe(formerIsBlankHtml(html));
  });

  it('answers as the former one did on random fragments of tags, entities and spaces', () => {
    const pieces = [
      '<',
      '>',
      '<p>',
      '</p>',
      ' ',
      '&nbsp;',
      '&#160;',
      'x',
      '<img>',
      '&',
      'nbsp;',
      '\n',
      '<br/>',
    ];
    let seed = 20;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let n = 0; n < 2000; n += 1) {
      const length = next() % 12;
      const html = Array.from({ length }, () => pieces[next() % pieces.length]).join('');
      expect(isBlankHtml(html), JSON.stringify(html)).toBe(formerIsBlankHtml(html));
    }
  });

  it('tells an empty editor from one with words or an image', () => {
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp;</p>')).toBe(true);
    expect(isBlankHtml('<p>Lab</p>')).toBe(false);
    expect(isBlankHtml('<p><img src="https://example.com/a.png"></p>')).toBe(false);
  });

  it('takes linear time on the largest body of `<`, `<a` or `<p` a description may be', () => {
    for (const unit of ['<', '<a', '<p', '< ', '<<>']) {
      const html = unit.repeat(Math.floor(DESCRIPTION_MAX / unit.length));
      expect(
        timed(() => isBlankHtml(html)),
        unit,
      ).toBeLessThan(LINEAR_PASS_MAX_MS);
    }
  });
});

describe('stripHtmlTags', () => {
  it('replaces each tag by the separator and keeps a `<` with no `>` after it', () => {
    expect(stripHtmlTags('<p>a</p><p>b</p>', ' ')).toBe(' a  b ');
    expect(stripHtmlTags('a < b')).toBe('a < b');
    expect(stripHtmlTags('<a<b>c')).toBe('c');
    expect(stripHtmlTags('x<>y')).toBe('xy');
  });

  it('takes linear time on a million `<`', () => {
    expect(timed(() => stripHtmlTags('<'.repeat(1_000_000)))).toBeLessThan(LINEAR_PASS_MAX_MS);
  });
});

describe('trimCharacters', () => {
  it('trims the given characters at both ends, or at the end only', () => {
    expect(trimCharacters('//courseware/x//', '/')).toBe('courseware/x');
    expect(trimCharacters('---', '-')).toBe('');
    expect(trimCharacters('a-b', '-')).toBe('a-b');
    expect(trimEndCharacters('Lab, part one.;: ', ' ,.;:')).toBe('Lab, part one');
  });

  it('takes linear time on a run of the trimmed character followed by another', () => {
    const hostile = `${'/'.repeat(1_000_000)}x`;
    expect(timed(() => trimCharacters(hostile, '/'))).toBeLessThan(LINEAR_PASS_MAX_MS);
    expect(timed(() => trimEndCharacters(hostile, '/'))).toBeLessThan(LINEAR_PASS_MAX_MS);
  });
});
