/**
 * Contributor endpoints under /api/v1 (000 §7). Anyone may list them (e-mail addresses for editors only);
 * writes are for users who may update content (401 / 403 otherwise):
 * - GET  /contributors       ListContributorsQuery → ContributorPage
 * - POST /contributors       ContributorInput → 201 Contributor
 * - PUT  /contributors/:id   ContributorInput → Contributor; 404 when missing
 * The list is read from `request.readDb` (a replica, issue 36).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UuidSchema } from '@portal/shared/schemas/common';
import {
  ContributorInputSchema,
  ContributorPageSchema,
  ContributorSchema,
  ListContributorsQuerySchema,
} from '@portal/shared/schemas/contributors';
import { createContributor, listContributorsPage, updateContributor } from './contributors.service.js';
import { BEARER, OPTIONAL_BEARER, errorResponses } from '../../lib/openapi.js';

const tags = ['contributors'];

const contributorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contributors',
    {
      schema: {
        operationId: 'listContributors',
        summary: 'A page of contributors (authors and organizations)',
        security: OPTIONAL_BEARER,
        querystring: ListContributorsQuerySchema,
        response: { 200: ContributorPageSchema, ...errorResponses(401) },
        tags,
      },
    },
    async (request) => listContributorsPage(request.readDb, request.session.permissions, request.query),
  );

  app.post(
    '/contributors',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'createContributor',
        summary: 'Add a contributor',
        security: BEARER,
        body: ContributorInputSchema,
        response: { 201: ContributorSchema, ...errorResponses(401, 403, 409) },
        tags,
      },
    },
    async (request, reply) => reply.status(201).send(await createContributor(app.db, request.body)),
  );

  app.put(
    '/contributors/:id',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'updateContributor',
        summary: 'Change a contributor',
        security: BEARER,
        params: z.object({ id: UuidSchema }),
        body: ContributorInputSchema,
        response: { 200: ContributorSchema, ...errorResponses(401, 403, 404, 409) },
        tags,
      },
    },
    async (request) => updateContributor(app.db, request.params.id, request.body),
  );
};

export default contributorRoutes;
