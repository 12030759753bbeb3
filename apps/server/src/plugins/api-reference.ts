/**
 * The API's OpenAPI document, built from the routes' zod schemas as they are registered (so this plugin
 * comes before every route), and its interactive reference at /api/docs, served from this server (no
 * outside script, font or image). The document itself is answered at /api/openapi.json (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { OPENAPI_DOCUMENT, declareRequiredProperties } from '../lib/openapi.js';

export default fp(
  async function apiReference(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: OPENAPI_DOCUMENT,
      transform: jsonSchemaTransform,
      // Named schemas (zod `.meta({ id })`, e.g. a recursive tree) become components the paths refer to.
      transformObject: (documentObject) => {
        const document = jsonSchemaTransformObject(documentObject);
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
