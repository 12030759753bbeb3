/**
 * "My downloads" under /api/v1 (issue 37):
 * - GET /account/downloads?pageToken= → MyDownloadList, paged by nextPageToken (CanViewFiles: faculty and
 *                                       up, who may download courseware files; 401 signed out, 403 without)
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MyDownloadListSchema, MyDownloadsQuerySchema } from '@portal/shared/schemas/my-downloads';
import { BEARER, errorResponses } from '../../lib/openapi.js';
import { listMyDownloads } from './my-downloads.service.js';

const myDownloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account/downloads',
    {
      // Decided before the query is read.
      onRequest: app.requirePermission('CanViewFiles'),
      schema: {
        operationId: 'listMyDownloads',
        summary: 'The items the caller downloaded, newest download first, and whether each changed since',
        tags: ['statistics'],
        security: BEARER,
        querystring: MyDownloadsQuerySchema,
        response: { 200: MyDownloadListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      listMyDownloads(
        app.db,
        { accountId: request.session.accountId!, permissions: request.session.permissions },
        request.query.pageToken,
      ),
  );
};

export default myDownloadsRoutes;
