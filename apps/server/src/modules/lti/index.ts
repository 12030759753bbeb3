/**
 * The LTI 1.3 tool (issue 26): the protocol's public endpoints (/lti/*, the tool's JWKS), the picker's
 * API and the admin's platform registrations under /api/v1, the framing of /lti/ pages by registered
 * platforms (a hook on every answer, so the plugin shares the app's scope), the resealing of the tool's
 * keys at start and the sweep of expired launches.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { LTI_SWEEP_INTERVAL_MS } from '@portal/shared/schemas/lti';
import { API_V1 } from '../../lib/api-prefix.js';
import { scheduleHousekeeping } from '../../lib/schedule.js';
import ltiAdminRoutes from './lti-admin.routes.js';
import { resealToolKeys } from './lti-keys.service.js';
import { allowPlatformFraming, ltiApiRoutes, ltiPublicRoutes } from './lti.routes.js';
import { sweepExpiredLaunches } from './lti.service.js';

/** Registers the LTI tool's hook, start-up work, sweep and routes. */
export const ltiModule = fp(
  async function lti(app: FastifyInstance) {
    allowPlatformFraming(app);
    // At start, as the token signing keys: each tool key sealed under the current SECRETS_KEY.
    await resealToolKeys(app.db, app.config.secretsKeyring);
    // Expired login states, nonces and launches go on a schedule, on job workers.
    scheduleHousekeeping(app, {
      name: 'LTI launch sweep',
      intervalMs: LTI_SWEEP_INTERVAL_MS,
      task: () => sweepExpiredLaunches(app.db),
    });
    await app.register(ltiPublicRoutes);
    await app.register(ltiApiRoutes, { prefix: API_V1 });
    await app.register(ltiAdminRoutes, { prefix: API_V1 });
  },
  { name: 'lti', dependencies: ['identity-sessions'] },
);
