/**
 * Organization (business unit) endpoints under /api/v1; each needs CanManageOrganization (admins):
 * - GET  /organizations?limit&token             → { items: Organization[], nextPageToken }
 * - POST /organizations                          → 201 Organization; 409 for a name in use
 * - GET  /admin/users/:id/organization           → { organization: Organization | null }
 * - PUT  /admin/users/:id/organization           → { organization }; 404 unknown account, 422 unknown unit
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, errorResponses } from '../../lib/openapi.js';
import { UuidSchema } from '@portal/shared/schemas/common';
import {
  AccountOrganizationSchema,
  CreateOrganizationRequestSchema,
  ListOrganizationsQuerySchema,
  OrganizationPageSchema,
  OrganizationSchema,
  SetAccountOrganizationRequestSchema,
} from '@portal/shared/schemas/organizations';
import {
  createOrganization,
  getAccountOrganization,
  listOrganizationsPage,
  setAccountOrganization,
} from './organizations.service.js';

const tags = ['organizations'];
const UserParams = z.object({ id: UuidSchema });

const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requirePermission('CanManageOrganization');

  app.get(
    '/organizations',
    {
      onRequest,
      schema: {
        operationId: 'listOrganizations',
        summary: 'Organizations (business units) by name, paged',
        tags,
        security: BEARER,
        querystring: ListOrganizationsQuerySchema,
        response: { 200: OrganizationPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listOrganizationsPage(app.db, request.query),
  );

  app.post(
    '/organizations',
    {
      onRequest,
      schema: {
        operationId: 'createOrganization',
        summary: 'Create an organization (business unit)',
        tags,
        security: BEARER,
        body: CreateOrganizationRequestSchema,
        response: { 201: OrganizationSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createOrganization(app.db, request.body)),
  );

  app.get(
    '/admin/users/:id/organization',
    {
      onRequest,
      schema: {
        operationId: 'getUserOrganization',
        summary: "An account's business unit",
        tags,
        security: BEARER,
        params: UserParams,
        response: { 200: AccountOrganizationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getAccountOrganization(app.db, request.params.id),
  );

  app.put(
    '/admin/users/:id/organization',
    {
      onRequest,
      schema: {
        operationId: 'setUserOrganization',
        summary: "Set or clear an account's business unit",
        tags,
        security: BEARER,
        params: UserParams,
        body: SetAccountOrganizationRequestSchema,
        response: { 200: AccountOrganizationSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => setAccountOrganization(app.db, request.params.id, request.body.organizationId),
  );
};

export default organizationRoutes;
