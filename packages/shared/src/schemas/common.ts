/** Schemas shared by several areas: paging, comma lists, ids, dates. */
import { z } from 'zod';
import { isLinkUrl, type LinkRules } from '../links.js';

/** An opaque keyset cursor, base64url of JSON; the server validates what it decodes. */
export const PageTokenSchema = z
  .string()
  .max(2048)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a page token');

export { UUID_PATTERN } from '../patterns.js';

/** A uuid as the server issues for content, files, contributors and accounts. */
export const UuidSchema = z.uuid({ message: 'Not a valid id' });

/** YYYY-MM-DD (000 §9 date format). */
export const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');

/** ISO timestamp as sent over JSON. */
export const TimestampSchema = z.string();

/** The body of an answer without one (204 No Content), as the API client reads it: null. */
export const NoContentSchema = z.null();

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

/** The query of a list paged by nextPageToken: the token, and a page size (default `size`, at most `max`). */
export function pagedQuerySchema(size: number, max: number) {
  return z.object({
    pageToken: PageTokenSchema.optional(),
    pageSize: z.coerce.number().int().min(1).max(max).default(size),
  });
}

/** A page of items with its opaque keyset cursor (000 §3 Pagination page). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextPageToken: z.string().nullable() });
}

// The link rules live in links.ts, without zod: pages check stored links with them (issue 22).
export {
  IMAGE_LINK,
  PAGE_OR_WEB_LINK,
  PAGE_WEB_OR_MAIL_LINK,
  WEB_LINK,
  WEB_OR_MAIL_LINK,
  isLinkUrl,
  type LinkRules,
} from '../links.js';

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
