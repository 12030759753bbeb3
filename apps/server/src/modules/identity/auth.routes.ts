/**
 * The sign-in service's JSON API under /api/v1/auth (001 §2 entry guard, /exercises; §4 Session,
 * Impersonation, Logout; §7 entitlement client; issues 5 and 9):
 *
 * - POST /auth/token               { code, audience?, code_verifier? } → a token of the code's audience;
 *                                  a portal code needs the PKCE verifier of its challenge; 401 otherwise
 * - POST /auth/refresh             Bearer → a new token; the role is checked again; never past the session's end
 * - POST /auth/logout              Bearer → 204; every session of the account ends at once
 * - POST /auth/sso                 → { code } for the exercise area; needs CanViewExerciseArea and RANGE_UI_URL
 * - GET  /auth/session             identity, claims in effect, permission flags, impersonator
 * - GET  /auth/claims              the entitlement endpoint: { claims }
 * - GET  /auth/messages            the account menu's unread messages; POST …/messages/:id/read
 * - POST /auth/impersonate         { accountId } → a token acting as that user; needs CanImpersonate
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { LOGIN_RATE_WINDOW_MS, TOKEN_EXCHANGE_RATE_MAX } from '@portal/shared/limits';
import { UuidSchema } from '@portal/shared/schemas/common';
import {
  AccountMessagesResponseSchema,
  ClaimsResponseSchema,
  ImpersonateRequestSchema,
  SessionResponseSchema,
  SsoCodeResponseSchema,
  TokenResponseSchema,
} from '@portal/shared/schemas/identity';
import { TokenRequestSchema } from '@portal/shared/schemas/sign-in';
import { BEARER, PUBLIC, errorResponses } from '../../lib/openapi.js';
import {
  impersonate,
  listClaims,
  listMessages,
  logout,
  readMessage,
  refreshToken,
} from './identity.service.js';
import { exchangeSsoCode, issueExerciseAreaCode } from './identity-codes.service.js';
import { hitRateLimits, rateLimitKey } from '../../lib/rate-limit.js';

const tags = ['identity'];
const NoContent = z.null().describe('Done');

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/token',
    {
      schema: {
        operationId: 'exchangeSignOnCode',
        summary:
          'Exchange a single-use sign-on code (with its PKCE verifier) for an access token of its audience',
        description:
          'A portal code is minted for the S256 `code_challenge` the app sent to the sign-in page and is exchanged only with the matching `code_verifier` (RFC 7636). A code lives 60 seconds, is used up by the first attempt whatever its outcome, and buys a token of its own audience only.',
        tags,
        security: PUBLIC,
        body: TokenRequestSchema,
        response: { 200: TokenResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      // Counted in the shared table, so every instance sees the same attempts.
      await hitRateLimits(app.db, {
        keys: [
          {
            key: rateLimitKey.tokenAddress(request.ip),
            limit: { max: TOKEN_EXCHANGE_RATE_MAX, windowMs: LOGIN_RATE_WINDOW_MS },
            message: 'Too many sign-in codes from your network. Please wait a minute and try again.',
          },
        ],
      });
      const { code, audience, code_verifier: codeVerifier } = request.body;
      return exchangeSsoCode(app.db, app.tokens, { code, audience, codeVerifier });
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        operationId: 'refreshAccessToken',
        summary: 'A new access token for a valid one, within the session’s absolute lifetime',
        tags,
        security: BEARER,
        response: { 200: TokenResponseSchema, ...errorResponses(401) },
      },
      onRequest: app.requireSignedIn(),
    },
    async (request) => refreshToken(app.db, app.tokens, request.session),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        operationId: 'logout',
        summary: 'End every session of the account at once (all browsers)',
        tags,
        security: BEARER,
        response: { 204: NoContent, ...errorResponses(401) },
      },
      onRequest: app.requireSignedIn(),
    },
    async (request, reply) => {
      await logout(app.db, request.session);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/sso',
    {
      schema: {
        operationId: 'getExerciseAreaCode',
        summary: 'A single-use sign-on code for the exercise area (range UI)',
        tags,
        security: BEARER,
        response: { 200: SsoCodeResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('CanViewExerciseArea'),
    },
    async (request) => issueExerciseAreaCode(app.db, request.session, app.config.rangeUiUrl),
  );

  app.get(
    '/auth/session',
    {
      schema: {
        operationId: 'getSession',
        summary: 'The caller’s identity, claims in effect, permission flags and impersonator',
        tags,
        security: BEARER,
        response: { 200: SessionResponseSchema, ...errorResponses(401) },
      },
      onRequest: app.requireSignedIn(),
    },
    async (request) => {
      const { identity, claims, permissions, actor } = request.session;
      if (!identity) throw new AppError('unauthenticated', 'Please log in to continue.');
      return { identity, claims, permissions, impersonator: actor };
    },
  );

  app.get(
    '/auth/claims',
    {
      schema: {
        operationId: 'listClaims',
        summary: 'The caller’s claims in effect (entitlement endpoint)',
        tags,
        security: BEARER,
        response: { 200: ClaimsResponseSchema, ...errorResponses(401) },
      },
      onRequest: app.requireSignedIn(),
    },
    async (request) => listClaims(request.session),
  );

  app.get(
    '/auth/messages',
    {
      schema: {
        operationId: 'listAccountMessages',
        summary: 'The unread messages of the account menu, newest first',
        tags,
        security: BEARER,
        response: { 200: AccountMessagesResponseSchema, ...errorResponses(401) },
      },
      onRequest: app.requireSignedIn(),
    },
    async (request) => ({ items: await listMessages(app.db, request.session.accountId!) }),
  );

  app.post(
    '/auth/messages/:id/read',
    {
      schema: {
        operationId: 'readAccountMessage',
        summary: 'Mark one of the caller’s messages read',
        tags,
        security: BEARER,
        params: z.object({ id: UuidSchema }),
        response: { 204: NoContent, ...errorResponses(400, 401, 404) },
      },
      onRequest: app.requireSignedIn(),
    },
    async (request, reply) => {
      await readMessage(app.db, request.session.accountId!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/impersonate',
    {
      schema: {
        operationId: 'impersonate',
        summary: 'A token acting as another user, naming the admin (001 §4 Impersonation)',
        tags,
        security: BEARER,
        body: ImpersonateRequestSchema,
        response: { 200: TokenResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('CanImpersonate'),
    },
    async (request) => {
      const token = await impersonate(app.db, {
        tokens: app.tokens,
        session: request.session,
        targetId: request.body.accountId,
      });
      request.log.info(
        { impersonation: { admin: request.session.accountId, user: request.body.accountId } },
        'impersonation started',
      );
      return token;
    },
  );
};

export default authRoutes;
