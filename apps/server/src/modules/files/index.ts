/**
 * The files module (000 §7 File service, 001 §3 File upload): its API under /api/v1, the job handlers
 * of bundles, cartridges and document text (read in a bounded worker thread), and the hourly sweep of
 * the file store. Other modules use, besides `files.service.ts`, the job that reads an imported file's
 * text for search (docs/search.md).
 */
import type { FastifyPluginAsync } from 'fastify';
import { FILE_SWEEP_INTERVAL_MS } from '@portal/shared/limits';
import { API_V1 } from '../../lib/api-prefix.js';
import { scheduleHousekeeping } from '../../lib/schedule.js';
import { createBundleJobHandler } from './bundles.service.js';
import { createDocumentTextExtractor } from './document-text-pool.js';
import { createDocumentTextJobHandler } from './document-text.service.js';
import { sweepFileStore } from './file-sweep.js';
import fileRoutes from './files.routes.js';
import fileVersionRoutes from './file-versions.routes.js';
import previewRoutes from './preview.routes.js';

export { enqueueDocumentText } from './document-text.service.js';
/** The upload rules a course import's package and files go through (issue 38). */
export { SNIFF_BYTES, sniffType, storeGuarded } from './upload-guard.js';
export { multipartError, refuseUploadsOver } from './multipart.js';

/** Registers the files module's job handlers, its sweep and its routes. */
export const filesModule: FastifyPluginAsync = async (app) => {
  app.jobs.register(createBundleJobHandler({ fileStore: app.fileStore, config: app.config }));
  // Document text is read in a bounded worker thread, never on the thread answering requests.
  const extractor = createDocumentTextExtractor({
    timeoutMs: app.config.documentTextTimeoutMs,
    memoryMb: app.config.documentTextMemoryMb,
  });
  app.addHook('onClose', async () => {
    // Running extractions are given back to the queue (the runner stops first), then their threads end.
    await app.jobs.stop();
    await extractor.close();
  });
  app.jobs.register(createDocumentTextJobHandler({ fileStore: app.fileStore, extractor }));
  // What a process killed mid-write left in the file store goes at start, then hourly on a job worker.
  scheduleHousekeeping(app, {
    name: 'file store sweep',
    intervalMs: FILE_SWEEP_INTERVAL_MS,
    task: () => sweepFileStore(app.db, app.fileStore, { graceMs: app.config.fileSweepGraceMs, log: app.log }),
  });
  await app.register(fileRoutes, { prefix: API_V1 });
  await app.register(fileVersionRoutes, { prefix: API_V1 });
  await app.register(previewRoutes, { prefix: API_V1 });
};
