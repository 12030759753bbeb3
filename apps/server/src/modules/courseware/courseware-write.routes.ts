/**
 * Courseware write endpoints under /api/v1 (000 §7 Content service; issue 4). Every one needs a
 * permission (401 signed out, 403 without it) and validates its body with the shared schemas:
 * - POST   /content                        CreateContentRequest → 201 ContentWriteResponse (CanUpdateContent)
 * - PUT    /content/:id                    UpdateContentRequest → ContentWriteResponse; 409 when stale (CanUpdateContent)
 * - PATCH  /content/:id/status             { status, version } → ContentWriteResponse (CanUpdateContent)
 * - GET    /content/:id/descendant-count   → { descendantCount } (CanDeleteContent)
 * - DELETE /content/:id                    → { deletedCount, parent } (CanDeleteContent)
 * The permission is checked on request, before the body is read: a caller without it gets 401 or 403
 * whatever it sends.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UuidSchema } from '@portal/shared/schemas/common';
import {
  ContentWriteResponseSchema,
  CreateContentRequestSchema,
  DeleteContentResponseSchema,
  DescendantCountResponseSchema,
  UpdateContentRequestSchema,
  UpdateContentStatusRequestSchema,
} from '@portal/shared/schemas/courseware';
import { createContent, updateContent, updateContentStatus, type Actor } from './courseware-write.service.js';
import { countDescendants, deleteContent } from './courseware-delete.service.js';
import { BEARER, errorResponses } from '../../lib/openapi.js';

const tags = ['courseware'];
const Params = z.object({ id: UuidSchema });
/**
 * A full save carries the description and every section's rich text (each up to 100000 characters):
 * more than the server's default body limit allows.
 */
const CONTENT_BODY_MAX_BYTES = 8 * 1_048_576;

const coursewareWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = (request: {
    session: { accountId: string | null; permissions: Actor['permissions'] };
  }) => ({
    accountId: request.session.accountId,
    permissions: request.session.permissions,
  });

  app.post(
    '/content',
    {
      bodyLimit: CONTENT_BODY_MAX_BYTES,
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'createContent',
        summary: 'Create an item (top-level, or under a parent)',
        security: BEARER,
        body: CreateContentRequestSchema,
        response: { 201: ContentWriteResponseSchema, ...errorResponses(401, 403, 404, 409, 413, 422) },
        tags,
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createContent(app.db, actorOf(request), request.body)),
  );

  app.put(
    '/content/:id',
    {
      bodyLimit: CONTENT_BODY_MAX_BYTES,
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'updateContent',
        summary: 'Save an item whole; 409 when someone saved it since `version`',
        security: BEARER,
        params: Params,
        body: UpdateContentRequestSchema,
        response: { 200: ContentWriteResponseSchema, ...errorResponses(401, 403, 404, 409, 413, 422) },
        tags,
      },
    },
    async (request) =>
      updateContent(app.db, {
        fileStore: app.fileStore,
        actor: actorOf(request),
        id: request.params.id,
        input: request.body,
      }),
  );

  app.patch(
    '/content/:id/status',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'updateContentStatus',
        summary: "Change an item's status (publish, unlist, unpublish, archive)",
        security: BEARER,
        params: Params,
        body: UpdateContentStatusRequestSchema,
        response: { 200: ContentWriteResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
        tags,
      },
    },
    async (request) =>
      updateContentStatus(app.db, { actor: actorOf(request), id: request.params.id, input: request.body }),
  );

  app.get(
    '/content/:id/descendant-count',
    {
      onRequest: app.requirePermission('CanDeleteContent'),
      schema: {
        operationId: 'countContentDescendants',
        summary: 'How many items deleting this one would delete with it',
        security: BEARER,
        params: Params,
        response: { 200: DescendantCountResponseSchema, ...errorResponses(401, 403, 404) },
        tags,
      },
    },
    async (request) => ({
      descendantCount: await countDescendants(app.db, actorOf(request), request.params.id),
    }),
  );

  app.delete(
    '/content/:id',
    {
      onRequest: app.requirePermission('CanDeleteContent'),
      schema: {
        operationId: 'deleteContent',
        summary: 'Delete an item and everything under it',
        security: BEARER,
        params: Params,
        response: { 200: DeleteContentResponseSchema, ...errorResponses(401, 403, 404) },
        tags,
      },
    },
    async (request) =>
      deleteContent(app.db, { fileStore: app.fileStore, actor: actorOf(request), id: request.params.id }),
  );
};

export default coursewareWriteRoutes;
