/** GET /dist/env.json: flags and addresses for the browser, from the same configuration (DESIGN.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EnvJsonSchema, type EnvJson } from '@portal/shared/schemas/site';

const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dist/env.json',
    { schema: { response: { 200: EnvJsonSchema }, hide: true } },
    async (_request, reply) => {
      const c = app.config;
      const body: EnvJson = {
        brand: c.brand,
        publicBaseUrl: c.publicBaseUrl,
        rangeUiUrl: c.rangeUiUrl ?? '',
        coursewareIndexUrl: c.coursewareIndexUrl,
        callForCoursewareUrl: c.callForCoursewareUrl,
        features: c.features,
      };
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
};

export default siteRoutes;
