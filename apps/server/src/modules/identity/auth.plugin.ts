/**
 * A thin hook over `session.ts`: loads the caller of every request from its bearer
 * token (000 §6, 001 §6). Decorates `request.session`, `app.requirePermission` and `app.requireSignedIn`
 * (route `onRequest` guards, which run after this plugin's global hook has loaded the session). A token that is
 * present but bad, or ended, is always a 401, so clients can drop it.
 *
 * Impersonation (001 §4): a token naming an admin in `act` is honoured only while that admin may still
 * act as others, and every such request is logged with both identities when it completes.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@portal/shared/errors';
import type { Permission } from '@portal/shared/permissions';
import { VISITOR_SESSION, loadSession, type Session } from './session.js';
import type { TokenSigner } from './tokens.js';
import { redactUrl } from '../../lib/redact.js';
import { ACCESS_GUARD } from '../../plugins/route-access.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session;
  }
  interface FastifyInstance {
    tokens: TokenSigner;
    /**
     * An `onRequest` guard that refuses with 401 (signed out) or 403 (signed in without the flag)
     * before the body is read (issue 20; `plugins/route-access.ts` checks every route has one or is public).
     */
    requirePermission(
      permission: Permission,
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** An `onRequest` guard that refuses a signed-out caller with 401; any signed-in caller passes. */
    requireSignedIn(): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyContextConfig {
    /** The route reads its own bearer token (GET /metrics, issue 23): it is not a session token. */
    ownBearer?: boolean;
  }
}

export default fp(
  async function auth(app: FastifyInstance, options: { tokens: TokenSigner }) {
    app.decorate('tokens', options.tokens);
    app.decorateRequest('session', null as unknown as Session);
    app.addHook('onRequest', async (request) => {
      request.session = VISITOR_SESSION;
      if (request.routeOptions.config.ownBearer) return;
      request.session = await loadSession(app.db, options.tokens, request.headers.authorization);
    });
    app.addHook('onResponse', async (request, reply) => {
      const { actor, identity } = request.session ?? VISITOR_SESSION;
      if (!actor || !identity) return;
      request.log.info(
        {
          impersonation: {
            admin: { id: actor.subject, email: actor.email },
            user: { id: identity.subject, email: identity.email },
          },
          method: request.method,
          url: redactUrl(request.url),
          statusCode: reply.statusCode,
        },
        'impersonated request',
      );
    });
    app.decorate('requirePermission', (permission: Permission) =>
      Object.assign(
        async (request: FastifyRequest) => {
          if (!request.session.identity) throw new AppError('unauthenticated', 'Please log in to continue.');
          if (!request.session.permissions[permission]) {
            throw new AppError('forbidden', 'You do not have permission to do this.');
          }
        },
        { [ACCESS_GUARD]: permission },
      ),
    );
    app.decorate('requireSignedIn', () =>
      Object.assign(
        async (request: FastifyRequest) => {
          if (!request.session.identity) throw new AppError('unauthenticated', 'Please log in to continue.');
        },
        { [ACCESS_GUARD]: 'signed-in' },
      ),
    );
  },
  { name: 'auth', dependencies: ['db'] },
);
