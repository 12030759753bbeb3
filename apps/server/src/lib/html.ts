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
