/**
 * Reads the bearer token of every request and derives the caller's permission flags from the
 * account's claims in effect (000 §6, 001 §6). Decorates `request.session` and `app.requirePermission`.
 * A token that is present but bad is always a 401, so clients can drop it.
 *
 * Impersonation (001 §4): a token naming an admin in `act` is honoured only while that admin may still
 * act as others, and every such request is logged with both identities when it completes.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@portal/shared/errors';
import {
  VISITOR_PERMISSIONS,
  derivePermissions,
  type Claim,
  type Permission,
  type PermissionFlags,
} from '@portal/shared/permissions';
import type { Actor, Identity } from '@portal/shared/schemas/identity';
import { findAccountWithClaims } from '../modules/identity/identity.repository.js';
import { mayStillImpersonate } from '../modules/identity/identity.service.js';
import type { TokenSigner } from '../modules/identity/tokens.js';

export interface Session {
  identity: Identity | null;
  accountId: string | null;
  claims: Claim[];
  permissions: PermissionFlags;
  /** The admin acting as this user (001 §4 Impersonation), else null. */
  actor: Actor | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session;
  }
  interface FastifyInstance {
    tokens: TokenSigner;
    /** preHandler that refuses with 401 (signed out) or 403 (signed in without the flag). */
    requirePermission(
      permission: Permission,
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const VISITOR: Session = {
  identity: null,
  accountId: null,
  claims: [],
  permissions: VISITOR_PERMISSIONS,
  actor: null,
};

export default fp(
  async function auth(app: FastifyInstance, options: { tokens: TokenSigner }) {
    app.decorate('tokens', options.tokens);
    app.decorateRequest('session', null as unknown as Session);
    app.addHook('onRequest', async (request) => {
      request.session = VISITOR;
      const header = request.headers.authorization;
      if (!header) return;
      const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
      if (!match) throw new AppError('unauthenticated', 'The Authorization header must be "Bearer <token>".');
      const { actor, ...identity } = await options.tokens.verify(match[1]!);
      const found = await findAccountWithClaims(app.db, identity.subject);
      if (!found) throw new AppError('unauthenticated', 'Your account could not be found.');
      if (actor && !(await mayStillImpersonate(app.db, actor.subject))) {
        throw new AppError('unauthenticated', 'The admin acting as this user may no longer do so.');
      }
      request.session = {
        identity,
        accountId: found.account.id,
        claims: found.claims,
        permissions: derivePermissions(found.claims, true),
        actor,
      };
    });
    app.addHook('onResponse', async (request, reply) => {
      const { actor, identity } = request.session ?? VISITOR;
      if (!actor || !identity) return;
      request.log.info(
        {
          impersonation: {
            admin: { id: actor.subject, email: actor.email },
            user: { id: identity.subject, email: identity.email },
          },
          method: request.method,
          url: request.url,
          statusCode: reply.statusCode,
        },
        'impersonated request',
      );
    });
    app.decorate('requirePermission', (permission: Permission) => async (request: FastifyRequest) => {
      if (!request.session.identity) throw new AppError('unauthenticated', 'Please log in to continue.');
      if (!request.session.permissions[permission]) {
        throw new AppError('forbidden', 'You do not have permission to do this.');
      }
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
