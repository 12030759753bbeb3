/** Opaque keyset cursors (DESIGN.md "API": lists are paged with nextPageToken, keyset not offset). */
import type { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { ANY_CONTROL, findControlCharacter } from './control-characters.js';

/** Encodes a cursor as base64url JSON. */
export function encodePageToken(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/**
 * Decodes and validates a cursor: each field of its type (a forged token is a 400, never a failed query),
 * no text with a control character.
 * @throws AppError invalid_input when the token is not one this server issued for this list
 */
export function decodePageToken<T extends z.ZodType>(
  token: string | undefined,
  schema: T,
): z.infer<T> | undefined {
  if (token === undefined) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
    if (parsed.success && !findControlCharacter({ value: parsed.data, pattern: ANY_CONTROL, path: 'token' }))
      return parsed.data;
  } catch {
    // fall through
  }
  throw new AppError(
    'invalid_input',
    'The page token is not valid for this list. Start again from the first page.',
    {
      field: 'nextPageToken',
    },
  );
}

/**
 * Cuts rows read with one row over the page size (the keyset idiom: LIMIT size + 1) into the page and
 * the token of the next page, made from the page's last row by `cursorOf`; null when no row was over.
 */
export function keysetPage<R>(
  rows: readonly R[],
  size: number,
  cursorOf: (last: R) => unknown,
): { page: R[]; nextPageToken: string | null } {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    page,
    nextPageToken: rows.length > size && last !== undefined ? encodePageToken(cursorOf(last)) : null,
  };
}
