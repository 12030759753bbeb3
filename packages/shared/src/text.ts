/**
 * Text helpers for untrusted strings, each one left-to-right pass: no regular expression that can
 * backtrack over what a client sent (issue 20, "No super-linear regular expressions"). Plain code, so
 * they run on the server and in the browser alike.
 */
import type { Contributor } from './schemas/contributors.js';

/**
 * `text` without the characters of `characters` at its start and at its end (e.g. `'/'` for a path's
 * slashes); what `replace(/^[…]+|[…]+$/g, '')` did, in linear time.
 * @param characters the characters to remove, each one UTF-16 unit
 */
export function trimCharacters(text: string, characters: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && characters.includes(text[start]!)) start += 1;
  while (end > start && characters.includes(text[end - 1]!)) end -= 1;
  return text.slice(start, end);
}

/** `text` without the characters of `characters` at its end; `replace(/[…]+$/, '')` in linear time. */
export function trimEndCharacters(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && characters.includes(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}

/**
 * An HTML fragment with each tag (`<` up to the next `>`) replaced by `separator`; a `<` with no `>`
 * after it is text, as is everything after it. The same result as `html.replace(/<[^>]*>/g, separator)`
 * but in one pass (that expression takes quadratic time on a run of `<`). Entities are left as they are.
 */
export function stripHtmlTags(html: string, separator = ''): string {
  let out = '';
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open < 0) break;
    const close = html.indexOf('>', open + 1);
    // No `>` after this `<`: none after any later `<` either, so the rest is text.
    if (close < 0) break;
    out += html.slice(at, open) + separator;
    at = close + 1;
  }
  return out + html.slice(at);
}

/** A contributor's name as shown: "prefix first middle last suffix", blanks skipped (000 §3: shown joined). */
export function contributorFullName(
  c: Pick<Contributor, 'prefix' | 'firstName' | 'middleName' | 'lastName' | 'suffix'>,
): string {
  return [c.prefix, c.firstName, c.middleName, c.lastName, c.suffix].filter((p) => p && p.trim()).join(' ');
}
