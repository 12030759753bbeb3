/**
 * The courseware module (000 §7 Content service): the catalogue, search and item pages' API and the
 * editing API and the revisions of items (issue 37) under /api/v1, and the sweep of kept searches (issue 33: deleted on a schedule).
 */
import type { FastifyPluginAsync } from 'fastify';
import { SEARCH_CACHE_SWEEP_INTERVAL_MS } from '@portal/shared/limits';
import { API_V1 } from '../../lib/api-prefix.js';
import { scheduleHousekeeping } from '../../lib/schedule.js';
import coursewareRoutes from './courseware.routes.js';
import coursewareWriteRoutes from './courseware-write.routes.js';
import contentRevisionRoutes from './content-revisions.routes.js';
import { sweepSearchCache } from './search-cache.repository.js';
import type { LastDownloadsStatement } from './changed-since-download.js';
export type { LastDownloadsStatement } from './changed-since-download.js';
export { findPublicItem, listListedItems, type PublicItem } from './courseware.service.js';
/**
 * The item writes a course import makes in its own transaction (issue 38), with the rules of the item
 * editor's: lock and update a row with its revision, replace its knowledge links, contributors and
 * sections, read its files, and add its words to the search lexicon.
 */
export {
  findContributorIds,
  findFileRows,
  findSectionRows,
  insertRevision,
  lockContent,
  replaceContributors,
  replaceKnowledge,
  replaceSections,
  updateContentRow,
} from './courseware-write.repository.js';
export { addLexiconWords } from './search-vocabulary.repository.js';

/**
 * Registers the courseware routes and the search cache sweep. `lastDownloadsStatement` reads a person's
 * downloads (the statistics module's) for "changed since I downloaded it" (issue 37).
 */
export const coursewareModule: FastifyPluginAsync<{
  lastDownloadsStatement?: LastDownloadsStatement;
}> = async (app, { lastDownloadsStatement }) => {
  // Kept searches and sightings past their TTL or generation (issue 33: deleted on a schedule).
  scheduleHousekeeping(app, {
    name: 'search cache sweep',
    intervalMs: SEARCH_CACHE_SWEEP_INTERVAL_MS,
    task: () => sweepSearchCache(app.db),
  });
  await app.register(coursewareRoutes, { prefix: API_V1, lastDownloadsStatement });
  await app.register(coursewareWriteRoutes, { prefix: API_V1 });
  await app.register(contentRevisionRoutes, { prefix: API_V1 });
};
