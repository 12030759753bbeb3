/**
 * The site module (001 §2, §9): GET /dist/env.json (flags and addresses for the browser, DESIGN.md),
 * the admin's Site settings (feature flags switched in the portal) and unsafe-site incidents.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, errorResponses } from '../../lib/openapi.js';
import {
  EnvJsonSchema,
  ReportUnsafeSiteRequestSchema,
  SiteSettingsSchema,
  UnsafeSiteIncidentsQuerySchema,
  UnsafeSiteIncidentsResponseSchema,
  UpdateSiteSettingsRequestSchema,
  type EnvJson,
} from '@portal/shared/schemas/site';
import {
  envJsonFor,
  getSiteSettings,
  listUnsafeSiteIncidents,
  reportUnsafeSite,
  updateSiteSettings,
} from './site.service.js';

const ADMIN_ERRORS = errorResponses(400, 401, 403);

const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dist/env.json',
    { schema: { response: { 200: EnvJsonSchema }, hide: true } },
    async (_request, reply) => {
      const body: EnvJson = await envJsonFor(app.db, app.config);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.get(
    '/api/v1/site/settings',
    {
      onRequest: app.requirePermission('CanManageOrganization'),
      schema: {
        operationId: 'getSiteSettings',
        summary: 'Feature flags with their defaults, pins and the admin choices',
        tags: ['site'],
        security: BEARER,
        response: { 200: SiteSettingsSchema, ...ADMIN_ERRORS },
      },
    },
    async () => getSiteSettings(app.db, app.config),
  );

  app.put(
    '/api/v1/site/settings',
    {
      onRequest: app.requirePermission('CanManageOrganization'),
      schema: {
        operationId: 'updateSiteSettings',
        summary: 'Switch feature flags on or off, or return them to their defaults',
        tags: ['site'],
        security: BEARER,
        body: UpdateSiteSettingsRequestSchema,
        response: { 200: SiteSettingsSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) =>
      updateSiteSettings(app.db, {
        config: app.config,
        request: request.body,
        accountId: request.session.accountId ?? '',
      }),
  );

  app.post(
    '/api/v1/site/unsafe-site-incidents',
    {
      schema: {
        operationId: 'reportUnsafeSite',
        summary: 'Report a visit of the unsafe-site warning page',
        tags: ['site'],
        security: [],
        body: ReportUnsafeSiteRequestSchema,
        response: { 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await reportUnsafeSite(app.db, {
        ...request.body,
        userAgent: request.headers['user-agent'],
        reporterId: request.session.accountId,
        ip: request.ip,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/site/unsafe-site-incidents',
    {
      onRequest: app.requirePermission('CanManageOrganization'),
      schema: {
        operationId: 'listUnsafeSiteIncidents',
        summary: 'Unsafe-site incidents, newest first, paged by nextPageToken',
        tags: ['site'],
        security: BEARER,
        querystring: UnsafeSiteIncidentsQuerySchema,
        response: { 200: UnsafeSiteIncidentsResponseSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => listUnsafeSiteIncidents(app.db, request.query),
  );
};

export default siteRoutes;
