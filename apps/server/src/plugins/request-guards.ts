/**
 * Guards on what comes in and goes out of every route (issue 9 "Input and output"; ASVS 1, 5):
 * - a control character in a parameter, query value or body text is a 400 naming the field, before the
 *   route's own validation, so no handler or query ever sees one (PostgreSQL refuses NUL in text: a 500
 *   otherwise). Tab, line feed and carriage return are allowed in body text (multi-line fields).
 * - an answer under /api/ to a signed-in caller carries `Cache-Control: private, no-store`: no shared or
 *   browser cache keeps what one account saw (the same rule as plugins/public-cache.ts, issue 39).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@portal/shared/errors';
import { PRIVATE_CACHE_CONTROL } from './public-cache.js';
import { ANY_CONTROL, CONTROL_BUT_LINE_BREAKS, findControlCharacter } from '../lib/control-characters.js';

function rejectControlCharacters(request: FastifyRequest): void {
  const field =
    findControlCharacter({ value: request.params, pattern: ANY_CONTROL, path: 'params' }) ??
    findControlCharacter({ value: request.query, pattern: ANY_CONTROL, path: 'query' }) ??
    findControlCharacter({ value: request.body, pattern: CONTROL_BUT_LINE_BREAKS, path: 'body' });
  if (!field) return;
  const message = 'must not contain control characters';
  throw new AppError('invalid_input', `Invalid ${field}: ${message}`, { issues: [{ field, message }] });
}

export default fp(
  async function requestGuards(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => rejectControlCharacters(request));
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.session?.identity && request.url.startsWith('/api/'))
        reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return payload;
    });
  },
  { name: 'request-guards', dependencies: ['auth'] },
);
