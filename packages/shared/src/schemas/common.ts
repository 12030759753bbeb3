/** Schemas shared by several areas: paging, comma lists, ids, dates. */
import { z } from 'zod';

/** An opaque keyset cursor, base64url of JSON; the server validates what it decodes. */
export const PageTokenSchema = z
  .string()
  .max(2048)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a page token');

/** The shape of a uuid, any case: how the server tells an id from a URL alias or a stray value. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid as the server issues for content, files, contributors and accounts. */
export const UuidSchema = z.uuid({ message: 'Not a valid id' });

/** YYYY-MM-DD (000 §9 date format). */
export const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');

/** ISO timestamp as sent over JSON. */
export const TimestampSchema = z.string();

/**
 * A query-string list: comma separated (000 §2) or repeated keys; trimmed, empty parts dropped.
 * Each element is validated by `item`.
 */
export function commaList<T extends z.ZodType>(item: T, max = 200) {
  return z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
    return parts.map((p) => p.trim()).filter((p) => p.length > 0);
  }, z.array(item).max(max).optional());
}

/** A query-string boolean: true, false, 1 or 0. */
export const QueryBooleanSchema = z.preprocess((value) => {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1' || value === true) return true;
  if (value === 'false' || value === '0' || value === false) return false;
  return value;
}, z.boolean().optional());

/** A page of items with its opaque keyset cursor (000 §3 Pagination page). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextPageToken: z.string().nullable() });
}

/**
 * What a user-entered link may be, decided per field (issue 20 "Links"): which schemes, and whether a
 * path on this site (`/events`) is allowed; `message` is the field's error when it is anything else.
 */
export interface LinkRules {
  schemes: readonly ('https:' | 'http:' | 'mailto:')[];
  isSitePathAllowed: boolean;
  message: string;
}

/** A web address only (a news item's external link). */
export const WEB_LINK: LinkRules = {
  schemes: ['https:', 'http:'],
  isSitePathAllowed: false,
  message: 'Please enter an address starting with http:// or https://.',
};

/** A page of this site or a web address (page widget targets). */
export const PAGE_OR_WEB_LINK: LinkRules = {
  schemes: ['https:', 'http:'],
  isSitePathAllowed: true,
  message: "Please enter a page link starting with '/' or an address starting with http:// or https://.",
};

/** A web or e-mail address (links inside rich text, where a site path is written in full). */
export const WEB_OR_MAIL_LINK: LinkRules = {
  schemes: ['https:', 'http:', 'mailto:'],
  isSitePathAllowed: false,
  message: 'Please enter an address starting with https://, http:// or mailto:.',
};

/** An image's address in rich text: on this site or on the web. */
export const IMAGE_LINK: LinkRules = {
  schemes: ['https:', 'http:'],
  isSitePathAllowed: true,
  message: 'Please enter an image address starting with https://, http:// or /.',
};

/** A page of this site, a web address or an e-mail address (news and event links). */
export const PAGE_WEB_OR_MAIL_LINK: LinkRules = {
  schemes: ['https:', 'http:', 'mailto:'],
  isSitePathAllowed: true,
  message:
    "Please enter a page link starting with '/', or an address starting with http://, https:// or mailto:.",
};

/**
 * True when `value` is a link `rules` allow, read exactly as a browser will: it starts with `https://`,
 * `http://` or `mailto:` (any case) followed by something, or, where allowed, with one `/` (not `//`),
 * and holds no space, control character or backslash (which browsers strip or read as `/`, so that
 * `java\tscript:` or `/\evil.example` would mean something else than it shows). So `javascript:`,
 * `data:`, `vbscript:`, entity-encoded or protocol-relative addresses are never links. Linear time.
 * Used by the schemas (on input) and by every output of stored links (feed, calendar, pages), since a
 * row stored before this check may hold anything.
 */
export function isLinkUrl(value: string, rules: LinkRules): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return false;
  }
  if (rules.isSitePathAllowed && value.startsWith('/')) return value[1] !== '/';
  const lower = value.toLowerCase();
  return rules.schemes.some((scheme) => {
    const prefix = scheme === 'mailto:' ? scheme : `${scheme}//`;
    return lower.startsWith(prefix) && value.length > prefix.length;
  });
}

/**
 * The one schema of a user-entered link (issue 20 "Links"): trimmed, at most `max` characters, and
 * empty or a link `rules` allow (`isLinkUrl`); add `.min(1, …)` for a required one.
 */
export function linkUrlSchema(rules: LinkRules, max: number) {
  return z
    .string()
    .trim()
    .max(max, `Please enter at most ${max} characters.`)
    .refine((v) => v === '' || isLinkUrl(v, rules), rules.message);
}
