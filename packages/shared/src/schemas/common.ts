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
