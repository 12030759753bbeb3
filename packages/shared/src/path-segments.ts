/**
 * Ids, URL aliases and links as they appear in the app's addresses (000 §2, 001 §2): one lookup form of
 * an id or alias, and one way to put an alias with slashes into a path. Used by the server (lookups, the
 * head's canonical address, the sitemap) and the web app (API calls, links) alike.
 */
import { trimCharacters } from './text.js';

/**
 * The lookup form of an id or URL alias as written in an address or a request: trimmed of white space
 * and of slashes at either end, lower-cased (aliases are stored lower-case; ids match in any case).
 */
export function normaliseIdOrAlias(idOrAlias: string): string {
  return trimCharacters(idOrAlias.trim().toLowerCase(), '/');
}

/**
 * Encodes each segment of a path but keeps its slashes, so an alias with slashes reads as a path
 * (`a b/c` → `a%20b/c`); empty segments (doubled, leading or trailing slashes) are dropped.
 */
export function encodeSegments(value: string): string {
  return value
    .split('/')
    .filter((segment) => segment.length > 0)
    .map(encodeURIComponent)
    .join('/');
}
