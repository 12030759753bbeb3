/**
 * OpenAPI parts every route declares (operationId, summary, tags, security, error answers): the 4xx
 * answers share the one error body (`{ code, message, details? }`, packages/shared errors).
 */
import { ErrorBodySchema } from '@portal/shared/errors';

/** A route that needs a signed-in caller. */
export const SIGNED_IN = [{ bearerAuth: [] }];
/** A public route. */
export const PUBLIC: never[] = [];

/** The error answers of a route, each with the shared error body. */
export function errorAnswers<S extends number>(...statuses: S[]): Record<S, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema])) as Record<S, typeof ErrorBodySchema>;
}
