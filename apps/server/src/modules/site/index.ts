/**
 * The site module (001 §2, §9): /dist/env.json, the admin's site settings (feature flags), unsafe-site
 * incidents, and the browser's error reports.
 */
import type { FastifyPluginAsync } from 'fastify';
import siteRoutes from './site.routes.js';
import clientErrorRoutes from './client-errors.routes.js';

/** Registers the module's routes. */
export const siteModule: FastifyPluginAsync = async (app) => {
  await app.register(siteRoutes);
  await app.register(clientErrorRoutes);
};
