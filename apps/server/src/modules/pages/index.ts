/** What the seed uses of pages besides `pages.service.ts`: the demo pages of the embedded default (DESIGN "Demo data"). */
import type { FastifyPluginAsync } from 'fastify';
import { API_V1 } from '../../lib/api-prefix.js';
import { pageRoutes } from './pages.routes.js';
export { findPublicPage, listListedPages, type PublicPage } from './pages.service.js';
export { seedDemoPages, type DemoFileUpload, type DemoPageFiles } from './demo-pages.js';

/** The pages module (001 §3 Page, Widget kinds; issue 11): its API under /api/v1. */
export const pagesModule: FastifyPluginAsync = async (app) => {
  await app.register(pageRoutes, { prefix: API_V1 });
};
