/** The events module (001 §2 Events, §4 editing): its API under /api/v1. */
import type { FastifyPluginAsync } from 'fastify';
import { API_V1 } from '../../lib/api-prefix.js';
export { findPublicEvent, listListedEvents } from './events.service.js';
export type { PublicDatedItem } from '../dated-items/dated-items.service.js';
import eventRoutes from './events.routes.js';

/** Registers the module's routes. */
export const eventsModule: FastifyPluginAsync = async (app) => {
  await app.register(eventRoutes, { prefix: API_V1 });
};
