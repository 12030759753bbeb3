/**
 * Content feedback under /api/v1 (000 §7 "send content feedback e-mail by content id"):
 * - POST /content/:id/feedback   ContentFeedbackRequest → 202 { id } (CanSendContentFeedback; 401 / 403)
 * 404 when the caller may not see the item; 413 for a screenshot over 1,000,000 bytes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { FEEDBACK_MESSAGE_MAX, FILE_NAME_MAX, SCREENSHOT_MAX_BYTES } from '@portal/shared/limits';
import { UuidSchema } from '@portal/shared/schemas/common';
import { ContentFeedbackRequestSchema, ContentFeedbackResponseSchema } from '@portal/shared/schemas/feedback';
import { sendContentFeedback } from './feedback.service.js';
import { BEARER, errorResponses } from '../../lib/openapi.js';

/** Longest JSON escape of one character (\uXXXX). */
const JSON_ESCAPE_BYTES = 6;
/** Room for the JSON keys and punctuation around the fields. */
const JSON_FRAME_BYTES = 1024;
const BASE64_GROUP = { bytes: 3, chars: 4 };
/**
 * The largest valid request: the base64 of the largest screenshot, the longest message and name fully
 * escaped. A bigger body is refused with 413 before it is read whole.
 */
const FEEDBACK_BODY_MAX_BYTES =
  Math.ceil(SCREENSHOT_MAX_BYTES / BASE64_GROUP.bytes) * BASE64_GROUP.chars +
  (FEEDBACK_MESSAGE_MAX + FILE_NAME_MAX) * JSON_ESCAPE_BYTES +
  JSON_FRAME_BYTES;

const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/content/:id/feedback',
    {
      bodyLimit: FEEDBACK_BODY_MAX_BYTES,
      onRequest: app.requirePermission('CanSendContentFeedback'),
      schema: {
        operationId: 'sendContentFeedback',
        summary: 'E-mail feedback on an item to support',
        security: BEARER,
        params: z.object({ id: UuidSchema }),
        body: ContentFeedbackRequestSchema,
        response: { 202: ContentFeedbackResponseSchema, ...errorResponses(401, 403, 404, 413, 429) },
        tags: ['feedback'],
      },
    },
    async (request, reply) => {
      const { identity, permissions } = request.session;
      if (!identity) throw new AppError('unauthenticated', 'Please log in to continue.');
      const result = await sendContentFeedback(app.db, {
        identity,
        permissions,
        contentId: request.params.id,
        request: request.body,
        supportEmail: app.config.supportEmail,
        publicBaseUrl: app.config.publicBaseUrl,
      });
      return reply.status(202).send(result);
    },
  );
};

export default feedbackRoutes;
