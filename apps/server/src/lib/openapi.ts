/**
 * The API document's shared pieces (issue 9 "An API document a client can trust"): the security schemes
 * an operation declares, its error answers with the one error shape, and the document's own settings.
 * Every route's schema carries `operationId`, `summary`, `tags`, `security` and `...errorResponses(…)`;
 * `npm run lint` checks the document with Redocly's recommended rules.
 */
import { ErrorBodySchema } from '@portal/shared/schemas/error-body';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { z } from 'zod';

/** One way to satisfy an operation's security: scheme name → scopes (none for a bearer token). */
export type SecurityRequirement = Record<string, string[]>;

/** Needs a signed-in caller: `Authorization: Bearer <token>` (a token from POST /api/v1/auth/token). */
export const BEARER: SecurityRequirement[] = [{ bearerAuth: [] }];
/** Anyone may call it. */
export const PUBLIC: SecurityRequirement[] = [];
/** Anyone may call it; a signed-in caller may see more (e.g. unlisted or unpublished items for editors). */
export const OPTIONAL_BEARER: SecurityRequirement[] = [{}, { bearerAuth: [] }];

/** What each error status means in this API (the body is always the shared error shape). */
const ERROR_MEANINGS = {
  400: 'The request is not valid; `details.issues` names each field.',
  401: 'Signed out, or the token is not valid: sign in again.',
  403: 'Signed in without the permission this needs.',
  404: 'Missing, or not visible to the caller.',
  409: 'In conflict with the current state (e.g. a stale version).',
  413: 'The body or file is too large.',
  422: 'Well formed but against a rule (e.g. a file whose content does not match its type).',
  429: 'Too many requests: try again after `Retry-After` seconds.',
} as const;
export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/**
 * Error answers of a route for its `response` schema, each the shared error shape `{ code, message, requestId,
 * details? }` with what the status means here. 400 is added whenever it is not listed: every route
 * validates something (parameters, query, body).
 * @example response: { 200: ContentSchema, ...errorResponses(401, 404) }
 */
export function errorResponses(...statuses: ErrorStatus[]): Record<number, z.ZodType> {
  const all = new Set<ErrorStatus>([400, ...statuses]);
  return Object.fromEntries(
    [...all].map((status) => [status, ErrorBodySchema.describe(ERROR_MEANINGS[status])]),
  );
}

/** Settings of @fastify/swagger's document (info, servers, the bearer scheme). */
export const OPENAPI_DOCUMENT: NonNullable<FastifyDynamicSwaggerOptions['openapi']> = {
  openapi: '3.0.3',
  info: {
    title: 'Range portal API',
    version: '1.0.0',
    description:
      'The JSON API of the range portal. Sign in through `/auth/login`, exchange the code for a token at ' +
      '`POST /api/v1/auth/token`, then send it as `Authorization: Bearer <token>`. Every error has the ' +
      'body `{ code, message, details?, requestId }`; quote `requestId` (also the `X-Request-Id` header) to support.',
    license: { name: 'Proprietary', url: '/' },
  },
  servers: [{ url: '/', description: 'This portal' }],
  components: {
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    },
  },
};

type Json = Record<string, unknown>;

/**
 * Fills what zod's JSON Schema leaves out for records over an enumeration (`z.record(z.enum(…), …)`):
 * every required key becomes a declared property of the record's value schema, so a client knows them.
 * Walks the whole document in place.
 */
export function declareRequiredProperties(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) declareRequiredProperties(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  const required = schema.required;
  const extra = schema.additionalProperties;
  if (Array.isArray(required) && extra && typeof extra === 'object') {
    const properties = (schema.properties ?? {}) as Json;
    for (const name of required) if (typeof name === 'string') properties[name] ??= extra;
    schema.properties = properties;
  }
  for (const value of Object.values(schema)) declareRequiredProperties(value);
}

/** A route's document entry, for routes whose files keep their schemas elsewhere. */
export interface RouteDoc {
  operationId: string;
  summary: string;
  security: SecurityRequirement[];
  /** Error statuses it may answer (400 is always added). */
  errors: ErrorStatus[];
  /** Its success answer when the route declares none (e.g. 204 with no body). */
  success?: Record<number, z.ZodType>;
}

/**
 * Adds document entries by `METHOD /full/path` to the routes registered after this call (an `onRoute`
 * hook): operationId, summary, security and error answers are merged into the route's schema.
 */
export function annotateRoutes(
  app: { addHook(name: 'onRoute', hook: (route: RouteOptionsLike) => void): unknown },
  docs: Record<string, RouteDoc>,
): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const doc = methods.map((method) => docs[`${method} ${route.url}`]).find(Boolean);
    if (!doc || !route.schema) return;
    route.schema = {
      ...route.schema,
      operationId: doc.operationId,
      summary: doc.summary,
      security: doc.security,
      response: { ...doc.success, ...(route.schema.response as object), ...errorResponses(...doc.errors) },
    };
  });
}

interface RouteOptionsLike {
  method: string | string[];
  url: string;
  schema?: Record<string, unknown>;
}
