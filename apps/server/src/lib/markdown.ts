/**
 * Markdown of the imported sources, read the way their sites read it: YAML front matter (Jekyll),
 * sections by heading, and rendering to HTML with `marked`. The HTML is raw here; the importer
 * sanitises it (`sanitizeRichText`) before anything is stored.
 */
import { Marked, type Token, type Tokens } from 'marked';
import YAML from 'yaml';
import { escapeHtml } from './html.js';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
/** A line that starts a new front-matter entry, a list item, a comment, or is indented or blank. */
const FRONT_MATTER_ENTRY_LINE = /^(?:[^\s#:-][^:]*:(?:\s|$)|[\s#-]|$)/;
/** Pictographs and the variation selector that follows them, as in "## 🎯 About This Repository". */
const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu;

/**
 * Splits a Jekyll document into its front matter and body.
 * Jekyll (Ruby's YAML) accepts a quoted value whose continuation line is not indented; the strict
 * `yaml` parser does not, so on a parse error such lines are indented once and the parse retried.
 * @throws Error naming the problem when the front matter is still not YAML
 */
export function parseFrontMatter(text: string): { data: Record<string, unknown>; body: string } {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { data: {}, body: text };
  const yamlText = match[1] ?? '';
  let doc = YAML.parseDocument(yamlText);
  if (doc.errors.length > 0) {
    const repaired = yamlText
      .split(/\r?\n/)
      .map((line) => (FRONT_MATTER_ENTRY_LINE.test(line) ? line : `  ${line}`))
      .join('\n');
    doc = YAML.parseDocument(repaired);
  }
  if (doc.errors.length > 0) throw new Error(`Front matter is not valid YAML: ${doc.errors[0]?.message}`);
  const data: unknown = doc.toJS();
  return {
    data: data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {},
    body: text.slice(match[0].length),
  };
}

/** A heading's words without emoji or markdown emphasis: "## 🎯 About This Repository" → "About This Repository". */
export function plainHeading(text: string): string {
  return text.replace(EMOJI, '').replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();
}

export interface MarkdownSection {
  /** Plain heading text; '' for the text before the first heading. */
  heading: string;
  depth: number;
  /** The section's own markdown (without its heading, without subsections' headings removed). */
  body: string;
}

/**
 * The document cut at its headings of depth `maxDepth` or less (headings inside code blocks do not count).
 * Deeper headings stay inside their section's body.
 */
export function markdownSections(markdown: string, maxDepth = 6): MarkdownSection[] {
  const sections: MarkdownSection[] = [{ heading: '', depth: 0, body: '' }];
  for (const token of new Marked().lexer(markdown)) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth <= maxDepth) {
      const heading = token as Tokens.Heading;
      sections.push({ heading: plainHeading(heading.text), depth: heading.depth, body: '' });
    } else {
      const current = sections[sections.length - 1]!;
      current.body += token.raw;
    }
  }
  return sections;
}

/** The body of the first section whose heading matches, or undefined. */
export function findSection(sections: MarkdownSection[], heading: RegExp): string | undefined {
  return sections.find((s) => heading.test(s.heading))?.body;
}

/** The first heading of depth 1, as plain text. */
export function firstTitle(markdown: string): string | undefined {
  return markdownSections(markdown).find((s) => s.depth === 1)?.heading;
}

/**
 * The document without its first heading of depth 1, and that heading as plain text (undefined, and
 * the document as it is, when it has none): a README whose title names its item is the item's name, and
 * its description starts after it.
 */
export function withoutTitle(markdown: string): { title: string | undefined; body: string } {
  const heading = new Marked()
    .lexer(markdown)
    .find(
      (token): token is Tokens.Heading => token.type === 'heading' && (token as Tokens.Heading).depth === 1,
    );
  if (!heading) return { title: undefined, body: markdown };
  const at = markdown.indexOf(heading.raw);
  return {
    title: plainHeading(heading.text),
    body: at < 0 ? markdown : markdown.slice(0, at) + markdown.slice(at + heading.raw.length),
  };
}

function isAbsoluteUrl(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('#');
}

/**
 * Renders markdown to (unsanitised) HTML.
 * - Relative links are resolved against `baseUrl` (the file's folder in its repository at the imported
 *   commit), so they keep pointing at the source rather than at the portal.
 * - Images are not copied with the data (MANIFEST), so an image is replaced by its alt text when it is
 *   the text of a link (a video thumbnail, a badge) and dropped when it stands alone.
 */
export function renderMarkdown(markdown: string, baseUrl?: string): string {
  const marked = new Marked({
    gfm: true,
    async: false,
    walkTokens(token: Token) {
      if (token.type === 'link' && baseUrl && !isAbsoluteUrl(token.href)) {
        token.href = new URL(token.href.replace(/^\.\//, ''), baseUrl).toString();
      }
    },
    renderer: {
      image({ text }: Tokens.Image) {
        return escapeHtml(text);
      },
      paragraph({ tokens }: Tokens.Paragraph) {
        const onlyImages = tokens.every(
          (t) => t.type === 'image' || (t.type === 'text' && t.raw.trim() === '') || t.type === 'br',
        );
        if (onlyImages) return '';
        return `<p>${this.parser.parseInline(tokens)}</p>\n`;
      },
    },
  });
  return marked.parse(markdown) as string;
}
