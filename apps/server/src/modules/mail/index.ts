/**
 * The mail outbox (DESIGN "Mail"): the `mail` job handler that delivers queued mail over SMTP, and the
 * admin's outbox API under /api/v1.
 */
import type { FastifyPluginAsync } from 'fastify';
import { API_V1 } from '../../lib/api-prefix.js';
import { mailDeliveryPlugin } from './mail-delivery.js';
import mailRoutes from './mail.routes.js';

/** Registers the delivery job handler and the outbox routes. */
export const mailModule: FastifyPluginAsync = async (app) => {
  await app.register(mailDeliveryPlugin);
  await app.register(mailRoutes, { prefix: API_V1 });
};
