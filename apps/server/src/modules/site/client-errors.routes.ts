/**
 * POST /api/v1/client-errors: the browser's error tracker hook (001 §8 "every other API error is
 * reported"). The report is logged (204), limited per network address in the shared table (every
 * instance counts the same), its details cut to CLIENT_ERROR_DETAILS_LOG_MAX characters and secrets in
 * its page address redacted, so that it can neither flood nor poison the log.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLIENT_ERROR_DETAILS_LOG_MAX,
  CLIENT_ERROR_RATE_MAX,
  CLIENT_ERROR_RATE_WINDOW_MS,
} from '@portal/shared/limits';
import { ClientErrorReportSchema } from '@portal/shared/schemas/identity';
import { PUBLIC, errorResponses } from '../../lib/openapi.js';
import { redactUrl } from '../../lib/redact.js';
import { hitRateLimits, rateLimitKey } from '../../lib/rate-limit.js';

/** The details of a report as logged: JSON, cut to CLIENT_ERROR_DETAILS_LOG_MAX characters. */
export function detailsForLog(details: unknown): string | undefined {
  if (details === undefined) return undefined;
  let text: string;
  try {
    text = JSON.stringify(details) ?? '';
  } catch {
    text = String(details);
  }
  return text.length > CLIENT_ERROR_DETAILS_LOG_MAX
    ? `${text.slice(0, CLIENT_ERROR_DETAILS_LOG_MAX)}… (${text.length} characters)`
    : text;
}

const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/client-errors',
    {
      schema: {
        operationId: 'reportClientError',
        summary: 'Report an error the browser met (logged)',
        tags: ['site'],
        security: PUBLIC,
        body: ClientErrorReportSchema,
        response: { 204: z.null().describe('Logged'), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await hitRateLimits(app.db, {
        keys: [
          {
            key: rateLimitKey.clientErrorAddress(request.ip),
            limit: { max: CLIENT_ERROR_RATE_MAX, windowMs: CLIENT_ERROR_RATE_WINDOW_MS },
            message: 'Too many error reports. Please try again in a minute.',
          },
        ],
      });
      const { identity, actor } = request.session;
      const { details, url, ...report } = request.body;
      request.log.warn(
        {
          clientError: { ...report, url: redactUrl(url), details: detailsForLog(details) },
          user: identity ? { id: identity.subject, email: identity.email } : null,
          impersonatedBy: actor?.subject ?? null,
          userAgent: request.headers['user-agent']?.slice(0, 512),
        },
        'client error',
      );
      return reply.status(204).send(null);
    },
  );
};

export default clientErrorRoutes;
