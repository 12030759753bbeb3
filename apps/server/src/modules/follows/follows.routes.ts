/**
 * Following courseware under /api/v1 (issue 37 "Follow"):
 * - GET    /content/:id/follow          → FollowState (signed in; 404 when the caller may not open it)
 * - PUT    /content/:id/follow          → FollowState: follows the item and everything under it (422 past
 *                                          FOLLOWS_PER_ACCOUNT_MAX)
 * - DELETE /content/:id/follow          → FollowState: stops following the item itself
 * - GET    /account/follows             → FollowList, paged by nextPageToken
 * - GET    /account/follow-digest       → FollowDigestSettings
 * - PUT    /account/follow-digest       FollowDigestSettings → FollowDigestSettings
 * - POST   /follows/unsubscribe?token=  → FollowDigestSettings (public, RFC 8058 one-click: the body
 *                                          `List-Unsubscribe=One-Click` as a mail client sends it, or none;
 *                                          400 for a token the portal did not sign)
 * - POST   /admin/users/:id/follow-digest → FollowDigestSent: sends that account's digest now, due or
 *                                          not (those who manage users; 404 for no such account)
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageTokenSchema, UuidSchema } from '@portal/shared/schemas/common';
import {
  FollowDigestSentSchema,
  FollowDigestSettingsSchema,
  FollowListSchema,
  FollowStateSchema,
  FollowUnsubscribeQuerySchema,
} from '@portal/shared/schemas/follows';
import type { FastifyRequest } from 'fastify';
import { BEARER, PUBLIC, errorResponses } from '../../lib/openapi.js';
import type { Signer } from '../../lib/signer.js';
import { sendDigestNow } from './follow-digest.js';
import {
  digestSettingsOf,
  followItem,
  followStateOf,
  listFollowsOf,
  setDigestSettings,
  unfollowItem,
  unsubscribeByToken,
  type Follower,
} from './follows.service.js';

const tags = ['follows'];
const ContentParams = z.object({ id: UuidSchema });

/** The signed-in caller (the routes' guard has refused anyone else). */
function followerOf(request: FastifyRequest): Follower {
  return { accountId: request.session.accountId!, permissions: request.session.permissions };
}

/** Registers the follow routes; `signer` signs and checks the digests' unsubscribe tokens. */
const followsRoutes: FastifyPluginAsyncZod<{ signer: Signer }> = async (app, { signer }) => {
  const signedIn = { onRequest: app.requireSignedIn() };
  const stateSchema = (operationId: string, summary: string) => ({
    operationId,
    summary,
    tags,
    security: BEARER,
    params: ContentParams,
    response: { 200: FollowStateSchema, ...errorResponses(400, 401, 404, 422) },
  });

  app.get(
    '/content/:id/follow',
    {
      ...signedIn,
      schema: stateSchema('getFollowState', 'Whether the caller follows an item or its course'),
    },
    async (request) => followStateOf(app.db, followerOf(request), request.params.id),
  );
  app.put(
    '/content/:id/follow',
    { ...signedIn, schema: stateSchema('followContent', 'Follow an item and everything under it') },
    async (request) => followItem(app.db, followerOf(request), request.params.id),
  );
  app.delete(
    '/content/:id/follow',
    { ...signedIn, schema: stateSchema('unfollowContent', 'Stop following an item') },
    async (request) => unfollowItem(app.db, followerOf(request), request.params.id),
  );

  app.get(
    '/account/follows',
    {
      ...signedIn,
      schema: {
        operationId: 'listFollows',
        summary: 'What the caller follows, oldest first',
        tags,
        security: BEARER,
        querystring: z.object({ pageToken: PageTokenSchema.optional() }),
        response: { 200: FollowListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listFollowsOf(app.db, followerOf(request), request.query.pageToken),
  );

  const digestSchema = (operationId: string, summary: string) => ({
    operationId,
    summary,
    tags,
    security: BEARER,
    response: { 200: FollowDigestSettingsSchema, ...errorResponses(400, 401) },
  });
  app.get(
    '/account/follow-digest',
    {
      ...signedIn,
      schema: digestSchema('getFollowDigest', 'How often the digest of followed changes comes'),
    },
    async (request) => digestSettingsOf(app.db, request.session.accountId!),
  );
  app.put(
    '/account/follow-digest',
    {
      ...signedIn,
      schema: {
        ...digestSchema('setFollowDigest', 'Choose how often the digest of followed changes comes'),
        body: FollowDigestSettingsSchema,
      },
    },
    async (request) => setDigestSettings(app.db, request.session.accountId!, request.body),
  );

  app.post(
    '/follows/unsubscribe',
    {
      schema: {
        operationId: 'unsubscribeFromFollowDigest',
        summary: "Stop the digests with a digest's unsubscribe token (RFC 8058 one-click; no sign-in)",
        tags,
        security: PUBLIC,
        querystring: FollowUnsubscribeQuerySchema,
        response: { 200: FollowDigestSettingsSchema, ...errorResponses(400) },
      },
    },
    async (request) => unsubscribeByToken(app.db, signer, request.query.token),
  );

  app.post(
    '/admin/users/:id/follow-digest',
    {
      onRequest: app.requirePermission('CanManageOrganization'),
      schema: {
        operationId: 'sendFollowDigestNow',
        summary: "Send an account's digest of followed changes now, due or not",
        tags,
        security: BEARER,
        params: z.object({ id: UuidSchema }),
        response: { 200: FollowDigestSentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      sendDigestNow({ db: app.db, signer, publicBaseUrl: app.config.publicBaseUrl }, request.params.id),
  );
};

export default followsRoutes;
