/**
 * Plain text of the rich-text HTML the API serves (descriptions, content boxes), for places that show
 * or read words rather than markup: list rows, section titles, announcements.
 */

/** Elements whose end also ends a word: paragraphs, list items, headings, line breaks, cells. */
const WORD_BREAKING = 'p, div, li, br, h1, h2, h3, h4, h5, h6, blockquote, pre, tr, td, th';

/**
 * The words of `html`: entities decoded, blocks kept apart by a space, whitespace collapsed, trimmed.
 * Parsed by the browser's DOMParser into an inert document (no script runs, nothing loads).
 */
export function htmlToText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const element of body.querySelectorAll(WORD_BREAKING)) element.after(' ');
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** `text` cut to `max` characters with an ellipsis when longer (trailing spaces of the cut dropped). */
export function clampText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
