/**
 * Courseware endpoints under /api/v1 (000 §7). Visibility by status is enforced in the service for
 * every query (DESIGN.md); the routes validate with the shared schemas and stay thin.
 * - GET /content/search           SearchContentQuery → SearchContentResponse
 * - GET /content                  ListContentQuery → ContentListPage (archived needs update + view-archived)
 * - GET /content/:idOrAlias       → Content; 404 when missing or not visible to the caller
 * - GET /content/:id/files        ?children → { files }
 * - GET /knowledge                ListKnowledgeQuery → KnowledgePage
 * - GET /contributors             ListContributorsQuery → ContributorPage
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContentFilesQuerySchema,
  ContentFilesResponseSchema,
  ContentListPageSchema,
  ContentSchema,
  IdOrAliasSchema,
  ListContentQuerySchema,
  SearchContentQuerySchema,
  SearchContentResponseSchema,
} from '@portal/shared/schemas/courseware';
import { ContributorPageSchema, ListContributorsQuerySchema } from '@portal/shared/schemas/contributors';
import { KnowledgePageSchema, ListKnowledgeQuerySchema } from '@portal/shared/schemas/knowledge';
import { UuidSchema } from '@portal/shared/schemas/common';
import {
  getContent,
  getContentFiles,
  listCatalogue,
  listContributorsPage,
  listKnowledgePage,
  searchCatalogue,
} from './courseware.service.js';

const tags = ['courseware'];

const coursewareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/search',
    {
      schema: { querystring: SearchContentQuerySchema, response: { 200: SearchContentResponseSchema }, tags },
    },
    async (request) => searchCatalogue(app.db, request.session.permissions, request.query),
  );

  app.get(
    '/content',
    { schema: { querystring: ListContentQuerySchema, response: { 200: ContentListPageSchema }, tags } },
    async (request) => listCatalogue(app.db, request.session.permissions, request.query),
  );

  app.get(
    '/content/:idOrAlias',
    { schema: { params: z.object({ idOrAlias: IdOrAliasSchema }), response: { 200: ContentSchema }, tags } },
    async (request) => getContent(app.db, request.session.permissions, request.params.idOrAlias),
  );

  app.get(
    '/content/:id/files',
    {
      schema: {
        params: z.object({ id: UuidSchema }),
        querystring: ContentFilesQuerySchema,
        response: { 200: ContentFilesResponseSchema },
        tags,
      },
    },
    async (request) =>
      getContentFiles(
        app.db,
        request.session.permissions,
        request.params.id,
        request.query.children ?? false,
      ),
  );

  app.get(
    '/knowledge',
    { schema: { querystring: ListKnowledgeQuerySchema, response: { 200: KnowledgePageSchema }, tags } },
    async (request, reply) => {
      // The catalogue's knowledge items change only with an import: let browsers keep them a while.
      reply.header('cache-control', 'public, max-age=300');
      return listKnowledgePage(app.db, request.query);
    },
  );

  app.get(
    '/contributors',
    { schema: { querystring: ListContributorsQuerySchema, response: { 200: ContributorPageSchema }, tags } },
    async (request) => listContributorsPage(app.db, request.session.permissions, request.query),
  );
};

export default coursewareRoutes;
