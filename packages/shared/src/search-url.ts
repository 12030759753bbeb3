/**
 * The courseware landing page's address (000 §2), without zod: the browser reads a search from it before
 * zod has loaded (issue 22). The schemas of the search itself are in schemas/courseware-search.ts.
 */
import type { SearchContentQuery } from './schemas/courseware-search.js';
import { MESSAGES } from './errors.js';
import { SEARCH_TEXT_MAX, SEARCH_TEXT_MIN } from './limits.js';

/**
 * Keys of the landing page's query string (000 §2) and the search filter field each restores.
 */
export const SEARCH_URL_KEYS = {
  q: 'q',
  edu: 'educationLevels',
  exp: 'experienceLevels',
  cat: 'contentCategories',
  ksas: 'ksaIds',
  kus: 'kuIds',
  tkss: 'tksIds',
  cybok: 'cybokIds',
  cid: 'contributorIds',
  role: 'workRole',
  new: 'newOrUpdatedContent',
  tag: 'tags',
} as const satisfies Record<string, keyof SearchContentQuery>;

/**
 * What is wrong with a search text, by SearchTextSchema's rule (trimmed, SEARCH_TEXT_MIN to
 * SEARCH_TEXT_MAX characters): its message, or null when it is fine.
 */
export function searchTextError(value: string): string | null {
  const { length } = value.trim();
  if (length < SEARCH_TEXT_MIN) return MESSAGES.searchMin;
  return length > SEARCH_TEXT_MAX ? MESSAGES.searchMax : null;
}

/** The search text of an address: trimmed, or null when SearchTextSchema would refuse it. */
export function searchTextOf(value: string): string | null {
  return searchTextError(value) === null ? value.trim() : null;
}
