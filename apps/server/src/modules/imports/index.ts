/**
 * Courseware imported by the course (issue 38): the readers of a package (a folder tree, a Common
 * Cartridge), the plan (dry run) and the writer, the durable import job and its routes. The demo data
 * import (seed) writes its courses through the same planner and writer.
 */
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { IMPORT_SWEEP_INTERVAL_MS } from '@portal/shared/schemas/imports-limits';
import { API_V1 } from '../../lib/api-prefix.js';
import { scheduleHousekeeping } from '../../lib/schedule.js';
import importsRoutes from './imports.routes.js';
import { importJobHandler, sweepStalePreviews, type ImportContext } from './imports.service.js';

export {
  SOURCE_MIME_TYPES,
  authorsOf,
  naturalCompare,
  sourceItem,
  type CourseSource,
  type SourceAlignment,
  type SourceFile,
  type SourceItem,
  type SourceLicense,
  type SourcePerson,
} from './course-tree.js';
export { planImport, type ImportPlan } from './import-plan.js';
export { writeImport, type WrittenImport } from './course-writer.js';
export { INSERT_BATCH_SIZE, inBatches } from './tree-write.repository.js';

/** Registers the import routes, the import job and the sweep of previews never confirmed. */
export const importsModule: FastifyPluginAsync = async (app) => {
  const context: ImportContext = {
    db: app.db,
    fileStore: app.fileStore,
    stagingRoot: path.join(app.config.dataDir, 'imports'),
    schemaDir: path.join(app.config.sharedDataDir, 'imscc'),
    log: app.log,
  };
  app.jobs.register(importJobHandler(context));
  scheduleHousekeeping(app, {
    name: 'import previews',
    intervalMs: IMPORT_SWEEP_INTERVAL_MS,
    task: () => sweepStalePreviews(context),
  });
  await app.register(importsRoutes, { prefix: API_V1, context });
};
