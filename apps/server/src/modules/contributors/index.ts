/** The contributors module (000 §3 Contributor): its API under /api/v1. */
import type { FastifyPluginAsync } from 'fastify';
import { API_V1 } from '../../lib/api-prefix.js';
import contributorRoutes from './contributors.routes.js';

/** Registers the module's routes. */
export const contributorsModule: FastifyPluginAsync = async (app) => {
  await app.register(contributorRoutes, { prefix: API_V1 });
};
