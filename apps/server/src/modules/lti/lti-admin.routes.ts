/**
 * Admin endpoints of the LTI tool under /api/v1 (issue 26); each needs CanManageOrganization (admins):
 * - GET    /admin/lti/platforms?limit&nextPageToken → { items: LtiPlatform[], nextPageToken }
 * - POST   /admin/lti/platforms                      → 201 LtiPlatform; 409 issuer and client id in use
 * - PUT    /admin/lti/platforms/:id                  → LtiPlatform; 404, 409
 * - DELETE /admin/lti/platforms/:id                  → 204; 404
 * - GET    /admin/lti/keys                           the tool keys (no private halves)
 * - POST   /admin/lti/keys/rotate                    a new signing key; the old ones verify a while longer
 * - GET    /admin/lti/users/:accountId/identities    an account's LMS links (issue 33)
 * - DELETE /admin/lti/users/:accountId/identities/:identityId   unlinks one; 404
 * Plain-http loopback addresses are refused (422) unless LTI_ALLOW_LOOPBACK_HTTP is set.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UuidSchema } from '@portal/shared/schemas/common';
import {
  ListLtiPlatformsQuerySchema,
  LtiPlatformPageSchema,
  LtiPlatformRequestSchema,
  LtiPlatformSchema,
  LtiIdentitiesSchema,
  LtiToolKeysSchema,
} from '@portal/shared/schemas/lti';
import { BEARER, errorResponses } from '../../lib/openapi.js';
import { listToolKeys, rotateToolKey } from './lti-keys.service.js';
import { listLinkedIdentities, unlinkIdentity } from './lti-link.service.js';
import {
  createPlatform,
  deletePlatform,
  listPlatformsPage,
  updatePlatform,
} from './lti-platforms.service.js';

const tags = ['lti'];
const UserParams = z.object({ accountId: UuidSchema });
const UserIdentityParams = UserParams.extend({ identityId: UuidSchema });
const PlatformParams = z.object({ id: UuidSchema });

const ltiAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requirePermission('CanManageOrganization');
  const options = () => ({ allowLoopbackHttp: app.config.ltiAllowLoopbackHttp });

  app.get(
    '/admin/lti/platforms',
    {
      onRequest,
      schema: {
        operationId: 'listLtiPlatforms',
        summary: 'Registered LTI platforms by name, paged',
        tags,
        security: BEARER,
        querystring: ListLtiPlatformsQuerySchema,
        response: { 200: LtiPlatformPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listPlatformsPage(app.db, request.query),
  );

  app.post(
    '/admin/lti/platforms',
    {
      onRequest,
      schema: {
        operationId: 'createLtiPlatform',
        summary: 'Register an LTI platform',
        tags,
        security: BEARER,
        body: LtiPlatformRequestSchema,
        response: { 201: LtiPlatformSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await createPlatform(app.db, request.body, options())),
  );

  app.put(
    '/admin/lti/platforms/:id',
    {
      onRequest,
      schema: {
        operationId: 'updateLtiPlatform',
        summary: 'Change an LTI platform',
        tags,
        security: BEARER,
        params: PlatformParams,
        body: LtiPlatformRequestSchema,
        response: { 200: LtiPlatformSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => updatePlatform(app.db, request.params.id, request.body, options()),
  );

  app.delete(
    '/admin/lti/platforms/:id',
    {
      onRequest,
      schema: {
        operationId: 'deleteLtiPlatform',
        summary: 'Remove an LTI platform',
        tags,
        security: BEARER,
        params: PlatformParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deletePlatform(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/lti/keys',
    {
      onRequest,
      schema: {
        operationId: 'listLtiKeys',
        summary: "The LTI tool's keys",
        tags,
        security: BEARER,
        response: { 200: LtiToolKeysSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listToolKeys(app.db, app.config.secretsKeyring),
  );

  app.post(
    '/admin/lti/keys/rotate',
    {
      onRequest,
      schema: {
        operationId: 'rotateLtiKey',
        summary: "Rotate the LTI tool's signing key",
        tags,
        security: BEARER,
        response: { 200: LtiToolKeysSchema, ...errorResponses(401, 403) },
      },
    },
    async () => rotateToolKey(app.db, app.config.secretsKeyring),
  );

  app.get(
    '/admin/lti/users/:accountId/identities',
    {
      onRequest,
      schema: {
        operationId: 'listLtiIdentitiesOfUser',
        summary: "An account's LMS users linked to it",
        tags,
        security: BEARER,
        params: UserParams,
        response: { 200: LtiIdentitiesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listLinkedIdentities(app.db, request.params.accountId),
  );

  app.delete(
    '/admin/lti/users/:accountId/identities/:identityId',
    {
      onRequest,
      schema: {
        operationId: 'unlinkLtiIdentityOfUser',
        summary: "Unlink one of an account's LMS users",
        tags,
        security: BEARER,
        params: UserIdentityParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await unlinkIdentity(app.db, { accountId: request.params.accountId, id: request.params.identityId });
      return reply.status(204).send(null);
    },
  );
};

export default ltiAdminRoutes;
