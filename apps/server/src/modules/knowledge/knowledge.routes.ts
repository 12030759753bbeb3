/**
 * Knowledge endpoints under /api/v1 (000 §7), open to everyone:
 * - GET /knowledge   ListKnowledgeQuery → KnowledgePage
 * - GET /work-roles  → WorkRoleList (issue 25)
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KnowledgePageSchema, ListKnowledgeQuerySchema } from '@portal/shared/schemas/knowledge';
import { WorkRoleListSchema } from '@portal/shared/schemas/work-roles';
import { listKnowledgePage, listWorkRoles } from './knowledge.service.js';
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

  app.get(
    '/work-roles',
    {
      schema: {
        operationId: 'listWorkRoles',
        summary: 'Every NICE work role with its category and number of TKS statements',
        security: OPTIONAL_BEARER,
        response: { 200: WorkRoleListSchema, ...errorResponses(401) },
        tags,
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return listWorkRoles(app.db);
    },
  );
};

export default knowledgeRoutes;
