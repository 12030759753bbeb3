/**
 * The identity module (001 §2 sign-in, accounts; issues 5, 9): `identitySessions`, who calls each
 * request (`request.session`, the permission guards every route uses), and `identityModule`, the
 * sign-in pages under /auth and the account and admin API under /api/v1.
 * What other modules may use of identity besides `identity.service.ts`: the caller of a request as the
 * services take it, the brand's name for mail and feeds (001 §2), and issuing a sign-on code. Everything else stays inside.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { API_V1 } from '../../lib/api-prefix.js';
import { annotateRoutes } from '../../lib/openapi.js';
import authPlugin from './auth.plugin.js';
import authPagesRoutes from './auth-pages.routes.js';
import authRoutes from './auth.routes.js';
import identityAdminRoutes from './identity-admin.routes.js';
import { IDENTITY_ROUTE_DOCS } from './identity.openapi.js';
import { createTokenSigner } from './tokens.js';

export type { Session } from './session.js';
export { siteName, type SiteContext } from './site-links.js';
export { lifetimeText, mail } from './identity.mails.js';
/** A portal sign-on code for an account (an LTI launch signs its user in with one). */
export { issueSsoCode } from './identity-codes.service.js';

/**
 * Who calls: the token signer (`app.tokens`), `request.session` and the guards `requirePermission` and
 * `requireSignedIn`. Shared with every module, so registered before any route.
 */
export const identitySessions = fp(
  async function identitySessions(app: FastifyInstance) {
    const { config } = app;
    await app.register(authPlugin, {
      tokens: await createTokenSigner(app.db, {
        secret: config.jwtSecret,
        previousSecrets: config.jwtPreviousSecrets,
        sessionMaxAgeS: config.sessionMaxAgeS,
        keyring: config.secretsKeyring,
      }),
    });
  },
  { name: 'identity-sessions', dependencies: ['db'] },
);

/**
 * The sign-in pages and the identity API, whose document entries come from one table
 * (identity.openapi.ts).
 */
export const identityModule = fp(
  async function identity(app: FastifyInstance) {
    annotateRoutes(app, IDENTITY_ROUTE_DOCS);
    await app.register(authPagesRoutes);
    await app.register(authRoutes, { prefix: API_V1 });
    await app.register(identityAdminRoutes, { prefix: API_V1 });
  },
  { name: 'identity', dependencies: ['identity-sessions'] },
);
