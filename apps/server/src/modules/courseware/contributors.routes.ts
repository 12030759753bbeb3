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

const tags = ['contributors'];

const contributorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contributors',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: { body: ContributorInputSchema, response: { 201: ContributorSchema }, tags },
    },
    async (request, reply) => reply.status(201).send(await createContributor(app.db, request.body)),
  );

  app.put(
    '/contributors/:id',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        params: z.object({ id: UuidSchema }),
        body: ContributorInputSchema,
        response: { 200: ContributorSchema },
        tags,
      },
    },
    async (request) => updateContributor(app.db, request.params.id, request.body),
  );
};

export default contributorRoutes;
