/**
 * The one error path (STYLE.md habit 5); every body carries the request's id (issue 23): AppError → its
 * status (429 with Retry-After); zod validation → 400 with the field issues; Fastify's own 4xx kept; the
 * database out of reach → 503 `database_unavailable` with Retry-After (issue 23 "database outage");
 * anything else logged and hidden behind a 500.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, codeForStatus, type ErrorBody } from '@portal/shared/errors';
import { DATABASE_RETRY_AFTER_SECONDS } from '@portal/shared/limits';

/** Node socket errors of a connection to the database that is refused, reset or timed out. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server shutting down or not yet accepting connections (57P01–57P03). */
const SHUTDOWN_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
/** Messages of the pg driver for a lost or unobtainable connection. */
const CONNECTION_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout/i;
/** How deep a chain of `cause`s is followed (Drizzle wraps the driver's error). */
const CAUSE_DEPTH_MAX = 5;

/**
 * Whether an error (or one of its causes) says the database cannot be reached right now: a refused,
 * reset or timed-out connection, a server shutting down or starting (57P01–57P03), or SQLSTATE class 08.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < CAUSE_DEPTH_MAX && current && typeof current === 'object'; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (CONNECTION_ERRNOS.has(code) || SHUTDOWN_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
      if (error instanceof AppError) {
        // A rate limit tells the client when to try again (RFC 9110 Retry-After, in seconds).
        const retryAfter = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
        if (error.code === 'rate_limited' && typeof retryAfter === 'number') {
          reply.header('retry-after', String(retryAfter));
        }
        return reply.status(error.status).send({ ...error.toJSON(), requestId: request.id });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((v) => ({
          field: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
          message: v.message,
        }));
        const first = issues[0];
        const body: ErrorBody = {
          code: 'invalid_input',
          message: first ? `Invalid ${first.field}: ${first.message}` : 'The request is not valid.',
          details: { issues },
          requestId: request.id,
        };
        return reply.status(400).send(body);
      }
      const status = (error as FastifyError).statusCode;
      if (status && status >= 400 && status < 500) {
        const body: ErrorBody = {
          code: codeForStatus(status),
          message: error.message,
          requestId: request.id,
        };
        return reply.status(status).send(body);
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        const body: ErrorBody = {
          code: 'database_unavailable',
          message: 'The database cannot be reached right now. Please try again in a moment.',
          requestId: request.id,
        };
        return reply.status(503).send(body);
      }
      request.log.error({ err: error }, 'unexpected error');
      const body: ErrorBody = {
        code: 'internal',
        message: 'Something went wrong on our side. Please try again in a moment.',
        requestId: request.id,
      };
      return reply.status(500).send(body);
    });
  },
  { name: 'error-handler' },
);
