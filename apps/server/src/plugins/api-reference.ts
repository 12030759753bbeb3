/**
 * The API's OpenAPI document, built from the routes' zod schemas as they are registered (so this plugin
 * comes before every route), and its interactive reference at /api/docs, served from this server (no
 * outside script, font or image). The document itself is answered at /api/openapi.json (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { OPENAPI_DOCUMENT, declareRequiredProperties } from '../lib/openapi.js';

export default fp(
  async function apiReference(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: OPENAPI_DOCUMENT,
      transform: jsonSchemaTransform,
      transformObject: (documentObject) => {
        const document =
          'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
        declareRequiredProperties(document);
        return document;
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { deepLinking: true, tryItOutEnabled: false },
    });
  },
  { name: 'api-reference' },
);
