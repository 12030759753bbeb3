/**
 * The SEO module (issue 22): /robots.txt and the sitemaps, and the head of every app page (title,
 * description, canonical address, Open Graph) that the web app's plugin writes into index.html.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { PageHeadReader } from '../../plugins/server-render.js';
import { appPageParts, writeAppPage } from './seo.service.js';
import seoRoutes from './seo.routes.js';

/** Registers the module's routes. */
export const seoModule: FastifyPluginAsync = async (app) => {
  await app.register(seoRoutes);
};

/**
 * The head and browser configuration of the app's page at `path`, read once per request from its
 * `readDb` (a replica, issue 36); when the database cannot be read, the default head (logged at warn).
 */
export const appPageHead: PageHeadReader = async (request, path) => {
  const parts = await appPageParts(request.readDb, request.server.config, {
    path,
    query: request.query as Record<string, unknown>,
    onError: (error) => request.log.warn({ err: error }, 'app page served with the default head'),
  });
  return { env: parts.env, write: (template, options) => writeAppPage(template, parts, options) };
};
