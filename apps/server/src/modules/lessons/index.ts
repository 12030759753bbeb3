/** The lessons module (000 §7 Lesson service): its API under /api/v1. */
import type { FastifyPluginAsync } from 'fastify';
import { API_V1 } from '../../lib/api-prefix.js';
import lessonRoutes from './lessons.routes.js';

/** Registers the module's routes. */
export const lessonsModule: FastifyPluginAsync = async (app) => {
  await app.register(lessonRoutes, { prefix: API_V1 });
};
