/**
 * Knowledge endpoints under /api/v1 (000 §7), open to everyone:
 * - GET /knowledge   ListKnowledgeQuery → KnowledgePage
 * - GET /work-roles  → WorkRoleList (issue 25)
 * - GET /coverage    → CoverageMatrix (issue 25; unpublished counts for editors)
 * - GET /coverage/export → text/csv of the matrix
 * - GET /coverage/work-roles/:id/gaps  ListCoverageGapsQuery → CoverageGapPage (404 unknown role)
 * The public pages' reads (knowledge, work roles, coverage) come from `request.readDb` (a replica, issue 36).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KnowledgePageSchema, ListKnowledgeQuerySchema } from '@portal/shared/schemas/knowledge';
import { WorkRoleIdSchema } from '@portal/shared/schemas/knowledge';
import { WorkRoleListSchema } from '@portal/shared/schemas/work-roles';
import {
  CoverageGapPageSchema,
  CoverageMatrixSchema,
  ListCoverageGapsQuerySchema,
} from '@portal/shared/schemas/coverage';
import { z } from 'zod';
import { csvLines } from '../../lib/csv.js';
import { coverageCsvRows, getCoverage, listWorkRoleGaps } from './coverage.service.js';
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
      return listKnowledgePage(request.readDb, request.query);
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
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return listWorkRoles(request.readDb);
    },
  );

  app.get(
    '/coverage',
    {
      schema: {
        operationId: 'getCoverage',
        summary: 'Coverage of NICE work roles, CAE knowledge units and CyBOK areas by the catalogue',
        security: OPTIONAL_BEARER,
        response: { 200: CoverageMatrixSchema, ...errorResponses(401) },
        tags,
      },
    },
    async (request) => getCoverage(request.readDb, request.session.permissions),
  );

  app.get(
    '/coverage/export',
    {
      schema: {
        operationId: 'exportCoverage',
        summary: 'The coverage matrix as CSV',
        security: OPTIONAL_BEARER,
        response: {
          200: z.unknown().describe('text/csv: a header row, then one row per work role, KU and CyBOK area'),
          ...errorResponses(401),
        },
        tags,
      },
    },
    async (request, reply) => {
      const perms = request.session.permissions;
      const matrix = await getCoverage(app.db, perms);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="coverage.csv"')
        .send(csvLines(coverageCsvRows(matrix, perms.CanUpdateContent)));
    },
  );

  app.get(
    '/coverage/work-roles/:id/gaps',
    {
      schema: {
        operationId: 'listWorkRoleGaps',
        summary: "A page of a work role's uncovered statements, most specific first",
        security: OPTIONAL_BEARER,
        params: z.object({ id: WorkRoleIdSchema }),
        querystring: ListCoverageGapsQuerySchema,
        response: { 200: CoverageGapPageSchema, ...errorResponses(401, 404) },
        tags,
      },
    },
    async (request) => listWorkRoleGaps(app.db, request.params.id, request.query),
  );
};

export default knowledgeRoutes;
