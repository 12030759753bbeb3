/**
 * The write routes news and events share (001 §7 Content client: create, update by id, delete by id):
 * - POST   {path}        request → 201 item (CanUpdateContent)
 * - PUT    {path}/:id    request → 200 item (CanUpdateContent; 404)
 * - DELETE {path}/:id    → 204 (the kind's delete permission; 404)
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATED_ITEM_BODY_MAX_BYTES } from '@portal/shared/limits';
import type { Permission, PermissionFlags } from '@portal/shared/permissions';
import { UuidSchema } from '@portal/shared/schemas/common';
import type { Db } from '../../db/client.js';
import { BEARER, errorResponses } from '../../lib/openapi.js';

const IdParams = z.object({ id: UuidSchema });

/**
 * What one kind of dated item (news, events) gives its write routes. The item is checked on the way
 * out by `itemSchema` (the response schema), so the handlers may return it as unknown.
 */
export interface DatedItemWrites<Request extends z.ZodType> {
  /** e.g. '/news' */
  path: string;
  tags: string[];
  /** The OpenAPI operation ids and summaries of create, update and delete. */
  operations: Record<'create' | 'update' | 'delete', { id: string; summary: string }>;
  deletePermission: Permission;
  requestSchema: Request;
  itemSchema: z.ZodType;
  create(db: Db, permissions: PermissionFlags, input: z.output<Request>): Promise<unknown>;
  edit(db: Db, permissions: PermissionFlags, id: string, input: z.output<Request>): Promise<unknown>;
  remove(db: Db, id: string): Promise<void>;
}

/** Registers the create, update and delete routes of a kind of dated item. */
export function registerDatedItemWrites<Request extends z.ZodType>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  writes: DatedItemWrites<Request>,
): void {
  const { path, tags, operations } = writes;
  app.post(
    path,
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      bodyLimit: DATED_ITEM_BODY_MAX_BYTES,
      schema: {
        operationId: operations.create.id,
        summary: operations.create.summary,
        tags,
        security: BEARER,
        body: writes.requestSchema,
        response: { 201: writes.itemSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await writes.create(app.db, request.session.permissions, request.body as z.output<Request>)),
  );

  app.put(
    `${path}/:id`,
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      bodyLimit: DATED_ITEM_BODY_MAX_BYTES,
      schema: {
        operationId: operations.update.id,
        summary: operations.update.summary,
        tags,
        security: BEARER,
        params: IdParams,
        body: writes.requestSchema,
        response: { 200: writes.itemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      writes.edit(app.db, request.session.permissions, request.params.id, request.body as z.output<Request>),
  );

  app.delete(
    `${path}/:id`,
    {
      onRequest: app.requirePermission(writes.deletePermission),
      schema: {
        operationId: operations.delete.id,
        summary: operations.delete.summary,
        tags,
        security: BEARER,
        params: IdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await writes.remove(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
