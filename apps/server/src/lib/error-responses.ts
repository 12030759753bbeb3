/**
 * The error answers of an OpenAPI operation, all with the shared error shape (`{ code, message,
 * details? }`), e.g. `response: { 200: TokenResponseSchema, ...errorResponses(400, 401, 429) }`.
 */
import { ErrorBodySchema } from '@portal/shared/errors';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: the first problem in `message`, each field in `details.issues`',
  401: 'Signed out, or the token is bad, expired or ended',
  403: 'Signed in without the permission',
  404: 'Not found (or not visible to the caller)',
  409: 'Conflicts with the current state',
  413: 'Too large',
  422: 'A rule is broken',
  429: 'Too many requests: Retry-After says when to try again',
};

export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, ErrorBodySchema.describe(DESCRIPTIONS[status] ?? 'Error')]),
  );
}

/** `security` of an operation that needs a signed-in caller. */
export const BEARER = [{ bearerAuth: [] }];
/** `security` of a public operation. */
export const PUBLIC: never[] = [];
