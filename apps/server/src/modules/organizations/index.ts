/** The organizations module (business units, 001 §3): its API under /api/v1. */
import type { FastifyPluginAsync } from 'fastify';
import { API_V1 } from '../../lib/api-prefix.js';
import organizationRoutes from './organizations.routes.js';

/** Registers the module's routes. */
export const organizationsModule: FastifyPluginAsync = async (app) => {
  await app.register(organizationRoutes, { prefix: API_V1 });
};
