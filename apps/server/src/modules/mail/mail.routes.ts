/**
 * GET /api/v1/admin/outbox — outgoing e-mail, newest first, for admins (DESIGN.md: the outbox is shown to
 * admins). Needs CanManageOrganization: messages hold other people's addresses and single-use links, so
 * only those who manage the organization (the admin role) may read them.
 * Query: `to` (one recipient, any case), `status`, `pageToken`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxQuerySchema, OutboxResponseSchema } from '@portal/shared/schemas/mail';
import { listOutbox } from './mail.service.js';
import { BEARER, errorResponses } from '../../lib/openapi.js';

const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/outbox',
    {
      onRequest: app.requirePermission('CanManageOrganization'),
      schema: {
        operationId: 'listOutbox',
        summary: 'Outgoing e-mail, newest first',
        security: BEARER,
        querystring: OutboxQuerySchema,
        response: { 200: OutboxResponseSchema, ...errorResponses(401, 403) },
        tags: ['mail'],
      },
    },
    async (request) => listOutbox(app.db, request.query),
  );
};

export default mailRoutes;
