/**
 * Rich-text HTML on the server: the allow-list of what the editor can produce (001 §2 Rich-text editor),
 * applied before anything is stored; and plain text for search and summaries.
 */
import sanitize from 'sanitize-html';

const ALLOWED: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'blockquote',
    'code',
    'pre',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'title'],
    li: ['data-indent'],
    p: ['data-indent'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Only embedded videos from the video host the editor offers.
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com'],
  transformTags: {
    // A link's rel is ours, never the author's: a new tab (target compared in any case) always gets
    // noopener noreferrer, and any other target is dropped.
    a: (tagName, { rel: _rel, target, ...attribs }) => ({
      tagName,
      attribs:
        target?.trim().toLowerCase() === '_blank'
          ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' }
          : attribs,
    }),
  },
  disallowedTagsMode: 'discard',
};

/** Returns HTML holding only allowed tags, attributes and URL schemes (no scripts, handlers, javascript: or SVG). */
export function sanitizeRichText(html: string): string {
  return sanitize(html, ALLOWED).trim();
}

/** Plain text of an HTML fragment, whitespace collapsed. */
export function htmlToText(html: string): string {
  return sanitize(
    html.replace(/<\/(p|h[1-6]|li|tr|div|pre|blockquote)>/gi, '$& ').replace(/<br\s*\/?>/gi, ' '),
    {
      allowedTags: [],
      allowedAttributes: {},
    },
  )
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Escapes text for HTML content and quoted attribute values (& < > " '). */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** HTML that is already safe: made by the `html` template (escaped) or marked with `raw` (trusted). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Values the `html` template takes: text is escaped, SafeHtml kept, lists joined, nothing dropped. */
export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

/** Marks a constant string as safe HTML. Never pass it anything that came from a request. */
export function raw(trusted: string): SafeHtml {
  return new SafeHtml(trusted);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  return escapeHtml(String(value));
}

/**
 * The auto-escaping template of server-rendered pages: every interpolated value is escaped unless it is
 * SafeHtml (another `html` result, or `raw`); `null`, `undefined` and `false` render nothing, so
 * `${isShown && html`…`}` works. Attribute values must be quoted in the template.
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}
