/**
 * The one error path (STYLE.md habit 5); every body carries the request's id (issue 23): AppError → its status (429 with Retry-After); zod validation → 400 with the field
 * issues; Fastify's own 4xx kept; anything else logged and hidden behind a 500.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, codeForStatus, type ErrorBody } from '@portal/shared/errors';

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
