/** The forms module (001 §2 contact, newsletter and support forms): its API under /api/v1. */
import type { FastifyPluginAsync } from 'fastify';
import { API_V1 } from '../../lib/api-prefix.js';
import formsRoutes from './forms.routes.js';

/** Registers the module's routes. */
export const formsModule: FastifyPluginAsync = async (app) => {
  await app.register(formsRoutes, { prefix: API_V1 });
};
