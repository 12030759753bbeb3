/**
 * Revisions of courseware under /api/v1 (issue 37; the table in packages/shared/src/schemas/revisions.ts):
 * - GET  /content/:id/revisions                    → ContentRevisionList, newest first (CanViewFiles)
 * - GET  /content/:id/revisions/diff?from=&to=     → ContentRevisionDiff (CanViewFiles)
 * - POST /content/:id/revisions/:version/restore   → ContentWriteResponse, a new revision (CanUpdateContent)
 * The permission is decided on request, before anything is read; a hidden item is a 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UuidSchema } from '@portal/shared/schemas/common';
import { ContentWriteResponseSchema } from '@portal/shared/schemas/courseware';
import {
  ContentRevisionDiffQuerySchema,
  ContentRevisionDiffSchema,
  ContentRevisionListQuerySchema,
  ContentRevisionListSchema,
  RevisionParamsSchema,
} from '@portal/shared/schemas/revisions';
import { BEARER, errorResponses } from '../../lib/openapi.js';
import {
  diffContentRevisions,
  listContentRevisions,
  restoreContentRevision,
} from './content-revisions.service.js';

const tags = ['courseware'];
const Params = z.object({ id: UuidSchema });

const contentRevisionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The options of a read of an item's revisions: CanViewFiles, decided on request; 404 when hidden. */
  const readRoute = <Q extends z.ZodType, R extends z.ZodType>(route: {
    operationId: string;
    summary: string;
    querystring: Q;
    response: R;
  }) => ({
    onRequest: app.requirePermission('CanViewFiles'),
    schema: {
      operationId: route.operationId,
      summary: route.summary,
      security: BEARER,
      params: Params,
      querystring: route.querystring,
      response: { 200: route.response, ...errorResponses(400, 401, 403, 404) },
      tags,
    },
  });

  app.get(
    '/content/:id/revisions',
    readRoute({
      operationId: 'listContentRevisions',
      summary: "List an item's revisions, newest first",
      querystring: ContentRevisionListQuerySchema,
      response: ContentRevisionListSchema,
    }),
    async (request) =>
      listContentRevisions(app.db, request.session.permissions, request.params.id, request.query),
  );

  app.get(
    '/content/:id/revisions/diff',
    readRoute({
      operationId: 'diffContentRevisions',
      summary: 'The differences between two revisions of an item',
      querystring: ContentRevisionDiffQuerySchema,
      response: ContentRevisionDiffSchema,
    }),
    async (request) =>
      diffContentRevisions(app.db, request.session.permissions, request.params.id, request.query),
  );

  app.post(
    '/content/:id/revisions/:version/restore',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'restoreContentRevision',
        summary: 'Restore a revision of an item as a new revision',
        security: BEARER,
        params: RevisionParamsSchema,
        response: { 200: ContentWriteResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        tags,
      },
    },
    async (request) =>
      restoreContentRevision(app.db, {
        fileStore: app.fileStore,
        actor: { accountId: request.session.accountId, permissions: request.session.permissions },
        id: request.params.id,
        version: request.params.version,
      }),
  );
};

export default contentRevisionRoutes;
