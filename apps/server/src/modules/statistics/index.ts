/** What the seed uses of statistics besides `statistics.service.ts`: the demo downloads (DESIGN "Demo data"). */
import type { FastifyPluginAsync } from 'fastify';
import { API_V1 } from '../../lib/api-prefix.js';
import myDownloadsRoutes from './my-downloads.routes.js';
import statisticsRoutes from './statistics.routes.js';
export { seedDemoDownloads } from './demo-downloads.js';
/** A person's last downloads of given items, as a statement: courseware's "changed since I downloaded it" (issue 37). */
export { lastDownloadsStatement } from './my-downloads.service.js';

/** The statistics module (001 §4 dashboard; issue 13): its API under /api/v1. */
export const statisticsModule: FastifyPluginAsync = async (app) => {
  await app.register(statisticsRoutes, { prefix: API_V1 });
  await app.register(myDownloadsRoutes, { prefix: API_V1 });
};
