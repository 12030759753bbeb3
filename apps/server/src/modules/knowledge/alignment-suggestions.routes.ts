/**
 * Suggested alignments for curators (issue 25), under /api/v1, for those who may edit content
 * (CanUpdateContent: 401 signed out, 403 without it, decided before the body is read):
 * - GET  /content/:id/alignment-suggestions?type=   → AlignmentSuggestionList (404 unknown item)
 * - POST /content/:id/alignment-decisions           AlignmentDecisionRequest → AlignmentDecision
 *   (404 unknown item or knowledge item)
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KNOWLEDGE_TYPES } from '@portal/shared/enums';
import { UuidSchema } from '@portal/shared/schemas/common';
import {
  AlignmentDecisionRequestSchema,
  AlignmentDecisionSchema,
  AlignmentSuggestionListSchema,
} from '@portal/shared/schemas/alignment-suggestions';
import { BEARER, errorResponses } from '../../lib/openapi.js';
import { recordAlignmentDecision, suggestAlignments } from './alignment-suggestions.service.js';

const tags = ['knowledge'];
const Params = z.object({ id: UuidSchema });
const SuggestionsQuery = z.object({ type: z.enum(KNOWLEDGE_TYPES).optional() });

const alignmentSuggestionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/:id/alignment-suggestions',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'suggestAlignments',
        summary:
          "TKS, KSA, KU and CyBOK areas suggested for an item from its text and its neighbours' alignments",
        security: BEARER,
        params: Params,
        querystring: SuggestionsQuery,
        response: { 200: AlignmentSuggestionListSchema, ...errorResponses(401, 403, 404, 422) },
        tags,
      },
    },
    async (request) => suggestAlignments(app.db, request.params.id, { type: request.query.type }),
  );

  app.post(
    '/content/:id/alignment-decisions',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'recordAlignmentDecision',
        summary: "Record a curator's accept or reject of a suggested alignment",
        security: BEARER,
        params: Params,
        body: AlignmentDecisionRequestSchema,
        response: { 200: AlignmentDecisionSchema, ...errorResponses(401, 403, 404, 422) },
        tags,
      },
    },
    async (request) =>
      recordAlignmentDecision(app.db, request.params.id, request.body, request.session.accountId),
  );
};

export default alignmentSuggestionRoutes;
