/** Text shortening for the search page (000 §2, §9). */
import { RESULT_DESCRIPTION_TRIM, SEARCH_CHIP_TEXT_MAX } from '@portal/shared/limits';
import { trimEndCharacters } from '@portal/shared/text';

/** Cuts chip text at SEARCH_CHIP_TEXT_MAX (30) characters, marking the cut with an ellipsis. */
export function cutChipText(text: string, max: number = SEARCH_CHIP_TEXT_MAX): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}

/**
 * Trims a result description to about RESULT_DESCRIPTION_TRIM (80) characters: whitespace collapsed,
 * cut at the last word break before the limit (unless that loses too much), with an ellipsis.
 */
export function trimDescription(text: string, max: number = RESULT_DESCRIPTION_TRIM): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  // A word that ends exactly at the limit is kept whole.
  const lastSpace = flat[max] === ' ' ? max : cut.lastIndexOf(' ');
  const base = lastSpace >= max * 0.6 ? cut.slice(0, lastSpace) : cut;
  // Whitespace is single spaces by now.
  return `${trimEndCharacters(base, ' ,.;:–-')}…`;
}
