/**
 * The follows module (issue 37 "Follow"): its API under /api/v1 and the digest of followed changes,
 * sent on a schedule by job workers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { FOLLOW_DIGEST_SWEEP_INTERVAL_MS } from '@portal/shared/limits';
import { API_V1 } from '../../lib/api-prefix.js';
import { scheduleHousekeeping } from '../../lib/schedule.js';
import { createSettingSigner } from '../../lib/signer.js';
import { sweepDigests } from './follow-digest.js';
import followsRoutes from './follows.routes.js';
import { UNSUBSCRIBE_SECRET_SETTING } from './follows.service.js';

/** Registers the follow routes and the digest sweep. */
export const followsModule: FastifyPluginAsync = async (app) => {
  const signer = await createSettingSigner(app.db, UNSUBSCRIBE_SECRET_SETTING, app.config.secretsKeyring);
  scheduleHousekeeping(app, {
    name: 'follow digest',
    intervalMs: FOLLOW_DIGEST_SWEEP_INTERVAL_MS,
    task: () => sweepDigests({ db: app.db, signer, publicBaseUrl: app.config.publicBaseUrl }),
  });
  await app.register(followsRoutes, { prefix: API_V1, signer });
};
