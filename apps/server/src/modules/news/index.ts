/** What the seed uses of news besides `news.service.ts`: the demo news and events (DESIGN "Demo data"). */
import type { FastifyPluginAsync } from 'fastify';
import { API_V1 } from '../../lib/api-prefix.js';
export { findPublicNews, listListedNews } from './news.service.js';
export type { PublicDatedItem } from '../dated-items/dated-items.service.js';
import { newsApiRoutes, newsFeedRoutes } from './news.routes.js';
export { seedDemoNewsAndEvents } from './demo-news.js';

/** The news module (001 §2 News, §4 editing): its API under /api/v1 and the RSS/Atom feed. */
export const newsModule: FastifyPluginAsync = async (app) => {
  await app.register(newsApiRoutes, { prefix: API_V1 });
  await app.register(newsFeedRoutes);
};
