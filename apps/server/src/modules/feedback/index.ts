/** The feedback module (000 §7 Feedback service): its API under /api/v1. */
import type { FastifyPluginAsync } from 'fastify';
import { API_V1 } from '../../lib/api-prefix.js';
import feedbackRoutes from './feedback.routes.js';

/** Registers the module's routes. */
export const feedbackModule: FastifyPluginAsync = async (app) => {
  await app.register(feedbackRoutes, { prefix: API_V1 });
};
