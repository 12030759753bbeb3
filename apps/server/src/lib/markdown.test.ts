import { describe, expect, it } from 'vitest';
import { markdownSections, parseFrontMatter, plainHeading, renderMarkdown } from './markdown.js';

describe('parseFrontMatter', () => {
  it('reads Jekyll front matter and the body after it', () => {
    const { data, body } = parseFrontMatter('---\ntitle: "A: B"\ntags: ["x", "y"]\n---\n# Body\n');
    expect(data).toEqual({ title: 'A: B', tags: ['x', 'y'] });
    expect(body).toBe('# Body\n');
  });

  it('accepts a quoted value continued on an unindented line, as Jekyll does', () => {
    const { data } = parseFrontMatter(
      '---\ntitle: "T"\ndescription: "first half\nsecond half."\ntags: ["a"]\n---\n',
    );
    expect(data).toEqual({ title: 'T', description: 'first half second half.', tags: ['a'] });
  });

  it('returns the whole text as body when there is no front matter', () => {
    expect(parseFrontMatter('# Title')).toEqual({ data: {}, body: '# Title' });
  });
});

describe('markdown', () => {
  it('cuts a document at its headings, without emoji', () => {
    const sections = markdownSections(
      'lead\n\n# 🚀 Title\n\ntext\n\n## Sub 📝\n\nmore\n\n```\n# not a heading\n```\n',
    );
    expect(sections.map((s) => [s.heading, s.depth])).toEqual([
      ['', 0],
      ['Title', 1],
      ['Sub', 2],
    ]);
    expect(sections[2]!.body).toContain('# not a heading');
    expect(plainHeading('🎯 About **This**')).toBe('About This');
  });

  it('resolves relative links against the source and replaces images by their alt text in links', () => {
    const html = renderMarkdown(
      '![banner](images/b.png)\n\n[![Watch <it>](images/v.png)](https://video.example/v) and [lesson](./1.1%20A.md)',
      'https://github.com/o/r/blob/c0ffee/',
    );
    expect(html).not.toContain('banner');
    expect(html).not.toContain('<img');
    expect(html).toContain('<a href="https://video.example/v">Watch &lt;it&gt;</a>');
    expect(html).toContain('<a href="https://github.com/o/r/blob/c0ffee/1.1%20A.md">lesson</a>');
  });
});
