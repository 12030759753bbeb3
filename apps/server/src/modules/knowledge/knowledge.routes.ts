/**
 * Knowledge endpoints under /api/v1 (000 §7), open to everyone:
 * - GET /knowledge   ListKnowledgeQuery → KnowledgePage
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KnowledgePageSchema, ListKnowledgeQuerySchema } from '@portal/shared/schemas/knowledge';
import { listKnowledgePage } from './knowledge.service.js';
import { OPTIONAL_BEARER, errorResponses } from '../../lib/openapi.js';

const tags = ['knowledge'];

const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/knowledge',
    {
      schema: {
        operationId: 'listKnowledge',
        summary: 'A page of knowledge items (NICE work roles, TKS statements, CAE knowledge units)',
        security: OPTIONAL_BEARER,
        querystring: ListKnowledgeQuerySchema,
        response: { 200: KnowledgePageSchema, ...errorResponses(401) },
        tags,
      },
    },
    async (request, reply) => {
      // The catalogue's knowledge items change only with an import: let browsers keep them a while.
      reply.header('cache-control', 'public, max-age=300');
      return listKnowledgePage(app.db, request.query);
    },
  );
};

export default knowledgeRoutes;
