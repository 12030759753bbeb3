/**
 * Contributor writes under /api/v1 (000 §7), for users who may update content (401 / 403 otherwise):
 * - POST /contributors       ContributorInput → 201 Contributor
 * - PUT  /contributors/:id   ContributorInput → Contributor; 404 when missing
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UuidSchema } from '@portal/shared/schemas/common';
import { ContributorInputSchema, ContributorSchema } from '@portal/shared/schemas/contributors';
import { createContributor, updateContributor } from './contributors.service.js';
import { BEARER, errorResponses } from '../../lib/openapi.js';

const tags = ['contributors'];

const contributorRoutes: FastifyPluginAsyncZod = async (app) => {
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
