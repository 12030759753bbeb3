/**
 * The legacy "hidden keyword markers" of 000 §3: search keywords kept inside the description between a
 * start and an end marker, separated by ' | '. We keep keywords in their own column (DESIGN.md "Search
 * keywords"), so an importer moves them out of the description with `extractHiddenKeywords`.
 */
import { TAG_LENGTH_MAX, TAGS_PER_CONTENT_MAX } from '@portal/shared/limits';
import { distinctIgnoringCase } from '@portal/shared/schemas/courseware';

/** Start of the comment form: `<!--search-keywords: xss | csrf -->`. */
export const HIDDEN_KEYWORDS_COMMENT_START = '<!--search-keywords:';
/** End of the comment form. */
export const HIDDEN_KEYWORDS_COMMENT_END = '-->';
/** Start of the element form: `<span hidden data-search-keywords>xss | csrf</span>` (attributes in any order). */
export const HIDDEN_KEYWORDS_SPAN_ATTRIBUTE = 'data-search-keywords';
/** End of the element form. */
export const HIDDEN_KEYWORDS_SPAN_END = '</span>';
/** What separates the keywords between the markers (000 §3). */
export const HIDDEN_KEYWORDS_SEPARATOR = ' | ';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const COMMENT_FORM = new RegExp(
  `${escapeRegExp(HIDDEN_KEYWORDS_COMMENT_START)}([\\s\\S]*?)${escapeRegExp(HIDDEN_KEYWORDS_COMMENT_END)}`,
  'gi',
);
const SPAN_FORM = new RegExp(
  `<span\\b[^>]*\\b${escapeRegExp(HIDDEN_KEYWORDS_SPAN_ATTRIBUTE)}\\b[^>]*>([\\s\\S]*?)${escapeRegExp(HIDDEN_KEYWORDS_SPAN_END)}`,
  'gi',
);
/** A paragraph left empty once its markers are gone. */
const EMPTY_PARAGRAPH = /<p>(?:\s|&nbsp;|<br\s*\/?>)*<\/p>/gi;

/** The few entities a rich-text editor writes inside a span's text. */
function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Cleans a keyword list the way the keywords editor does (000 §5): trimmed, empty ones ignored,
 * duplicates ignored case-insensitively (the first spelling wins), at most TAGS_PER_CONTENT_MAX.
 * A keyword longer than TAG_LENGTH_MAX is left out rather than cut, so no keyword is ever altered.
 */
export function normalizeKeywords(keywords: Iterable<string>): string[] {
  const fitting = [...keywords]
    .map((raw) => raw.replace(/\s+/g, ' ').trim())
    .filter((keyword) => keyword.length <= TAG_LENGTH_MAX);
  return distinctIgnoringCase(fitting).slice(0, TAGS_PER_CONTENT_MAX);
}

/**
 * Moves legacy hidden keywords out of a description (000 §3; DESIGN.md "Search keywords").
 * Understands both marker forms (see the constants above), anywhere in the text and any number of
 * times. Keywords are split on '|' (the ' | ' separator, tolerant of missing spaces) and cleaned
 * with `normalizeKeywords`.
 * @param description HTML (or text) that may hold marker blocks
 * @returns the description without the marker blocks (and without paragraphs they leave empty),
 *   trimmed; and the keywords in order of appearance. A description without markers comes back as is.
 */
export function extractHiddenKeywords(description: string): { description: string; keywords: string[] } {
  const found: string[] = [];
  const collect = (_match: string, inner: string) => {
    found.push(...decodeEntities(inner).split(HIDDEN_KEYWORDS_SEPARATOR.trim()));
    return '';
  };
  const stripped = description.replace(COMMENT_FORM, collect).replace(SPAN_FORM, collect);
  if (stripped === description) return { description, keywords: [] };
  return { description: stripped.replace(EMPTY_PARAGRAPH, '').trim(), keywords: normalizeKeywords(found) };
}
