/**
 * Course import (issue 38): an uploaded package is kept in the file store, unpacked into a staging folder,
 * read (a Common Cartridge when it has an `imsmanifest.xml`, else a folder tree) and planned; the plan's
 * preview waits for the curator. Confirmed, a durable job (`courseware-import`) writes it; it can be
 * cancelled while its files are stored; a worker that dies leaves the job to be taken over, and the
 * import starts again from its package (its rows are written in one transaction, so nothing half done
 * remains). One import of a package runs at a time.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@portal/shared/errors';
import {
  IMPORT_MESSAGES,
  type CoursewareImport,
  type CoursewareImportList,
  type ImportPreview,
  type ImportProgress,
} from '@portal/shared/schemas/imports';
import {
  IMPORT_JOB_MAX_ATTEMPTS,
  IMPORT_PACKAGE_MAX_BYTES,
  IMPORT_POLL_INTERVAL_MS,
  IMPORT_PREVIEW_TTL_MS,
  type ImportStatus,
} from '@portal/shared/schemas/imports-limits';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { isoTimestamp } from '../../db/rows.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import type { FileStore } from '../../lib/storage.js';
import { storeGuarded } from '../files/index.js';
import { enqueueJob, messageOf, PermanentJobError, type JobHandler } from '../jobs/jobs.service.js';
import { readCartridge } from './cartridge-source.js';
import { writeImport } from './course-writer.js';
import { ImportCancelled } from './import-files.js';
import { readFolderTree } from './folder-source.js';
import { planImport, type ImportPlan } from './import-plan.js';
import * as repo from './imports.repository.js';
import { PackageRefused, type StagedPackage } from './package.js';
import { removeStaging, stagePackage } from './package-staging.js';
import type { PackageInfo } from './package-upload.js';

/** The job kind that writes a confirmed import. */
export const IMPORT_JOB_KIND = 'courseware-import';
/** The manifest that makes a package a Common Cartridge. */
const CARTRIDGE_MANIFEST = 'imsmanifest.xml';

/** Where the import module keeps what it needs besides the database. */
export interface ImportContext {
  db: Db;
  fileStore: FileStore;
  /** Folder of the staging folders (DATA_DIR/imports). */
  stagingRoot: string;
  /** Folder of IMS's Common Cartridge schemas (SHARED_DATA_DIR/imscc). */
  schemaDir: string;
  log?: FastifyBaseLogger;
}

/** The payload of an import job. */
const PayloadSchema = z.object({ importId: z.uuid() });
/** The cursor of the list: the last import's creation time and id. */
const CursorSchema = z.object({ createdAt: z.iso.datetime(), id: z.uuid() });

const notFound = () => new AppError('not_found', 'Import does not exist.');

/** The staging folder of an import. */
const stagingOf = (context: ImportContext, id: string) => path.join(context.stagingRoot, id);

/** The listing of a staged package, written beside its folder once it is whole. */
const listingOf = (context: ImportContext, id: string) => `${stagingOf(context, id)}.json`;

/** Unpacks an import's kept package, and notes its listing for the job that writes it. */
async function stage(context: ImportContext, id: string, storageKey: string): Promise<StagedPackage> {
  const dir = stagingOf(context, id);
  await removeStaging(dir);
  await fs.promises.rm(listingOf(context, id), { force: true });
  const staged = await stagePackage({
    source: { open: () => context.fileStore.get(storageKey) },
    stagingDir: dir,
  });
  await fs.promises.writeFile(listingOf(context, id), JSON.stringify(staged));
  return staged;
}

/**
 * The staged package of an import: the one its preview unpacked on this instance when it is still
 * whole (its listing is there), else unpacked again from the kept package (another instance, a restart).
 */
async function stagedOrStage(context: ImportContext, id: string, storageKey: string): Promise<StagedPackage> {
  try {
    const staged = JSON.parse(await fs.promises.readFile(listingOf(context, id), 'utf8')) as StagedPackage;
    if (staged.root === stagingOf(context, id)) return staged;
  } catch {
    // No listing: not staged here, or not whole.
  }
  return stage(context, id, storageKey);
}

/** Reads a staged package with the reader its contents call for, and plans it. */
async function readAndPlan(
  context: ImportContext,
  staged: StagedPackage,
  packageName: string,
): Promise<ImportPlan> {
  const isCartridge = staged.files.some((f) => f.path === CARTRIDGE_MANIFEST);
  const read = isCartridge
    ? await readCartridge(staged, { schemaDir: context.schemaDir })
    : await readFolderTree(staged, { packageName });
  const known = new Map(
    staged.files.flatMap((f) =>
      f.sha256
        ? [[path.join(staged.root, ...f.path.split('/')), { size: f.size, sha256: f.sha256 }] as const]
        : [],
    ),
  );
  return planImport(context.db, read, known);
}

/** An import row as the API returns it. */
function toImport(row: repo.ImportRow & { creatorName: string | null }): CoursewareImport {
  return {
    id: row.id,
    status: row.status as ImportStatus,
    format: row.format as CoursewareImport['format'],
    packageName: row.packageName,
    packageId: row.packageId,
    createdAt: isoTimestamp(row.createdAt),
    updatedAt: isoTimestamp(row.updatedAt),
    createdBy: row.createdBy ? { id: row.createdBy, name: row.creatorName ?? '' } : null,
    preview: row.preview as ImportPreview,
    progress: row.progress as ImportProgress,
    summary: (row.summary as CoursewareImport['summary']) ?? null,
    error: row.error,
  };
}

/**
 * Keeps an uploaded package, unpacks, reads and plans it: the import waits as `previewed` with its
 * preview; nothing of the course is written.
 * @param input.body the package's bytes (a zip or .imscc, or a folder zipped as it arrived: package-upload.ts),
 *   at most IMPORT_PACKAGE_MAX_BYTES
 * @returns the import with its preview
 * @throws AppError 413 too large, 400 a package refused as a whole (its message says why)
 */
export async function createImport(
  context: ImportContext,
  input: { body: Readable; accountId: string | null; package: PackageInfo },
): Promise<CoursewareImport> {
  const { name, kind, wasTruncated } = input.package;
  const { db, fileStore } = context;
  const { storageKey, stored } = await storeGuarded(fileStore, input.body, {
    maxBytes: IMPORT_PACKAGE_MAX_BYTES,
    claimedType: 'application/octet-stream',
  });
  const id = crypto.randomUUID();
  try {
    if (wasTruncated()) throw new AppError('too_large', 'The package is larger than the portal takes.');
    const staged = await stage(context, id, storageKey);
    const plan = await readAndPlan(context, staged, name);
    const row = await repo.insertImport(db, {
      id,
      status: 'previewed',
      format: plan.format === 'cartridge' ? plan.format : kind,
      packageName: name,
      packageId: plan.packageId,
      storageKey,
      packageSize: stored.size,
      courseId: plan.courseId,
      preview: plan.preview,
      progress: { items: 0, itemsTotal: plan.items.length, bytes: 0, bytesTotal: plan.preview.counts.bytes },
      createdBy: input.accountId,
    });
    return toImport({ ...row, creatorName: null });
  } catch (error) {
    await fs.promises.rm(listingOf(context, id), { force: true });
    await removeStaging(stagingOf(context, id)).catch(() => undefined);
    await fileStore.delete(storageKey).catch(() => undefined);
    if (error instanceof PackageRefused) throw new AppError('invalid_input', error.message);
    throw error;
  }
}

/** One import. @throws AppError 404 */
export async function getImport(db: Db, id: string): Promise<CoursewareImport> {
  const row = await repo.findImport(db, id);
  if (!row) throw notFound();
  return toImport(row);
}

/** Imports, newest first, paged by `nextPageToken`. @throws AppError 400 a token not of this list */
export async function listImports(
  db: Db,
  query: { pageToken?: string; pageSize: number },
): Promise<CoursewareImportList> {
  const after = query.pageToken ? decodePageToken(query.pageToken, CursorSchema) : undefined;
  const found = await repo.listImports(db, after, query.pageSize + 1);
  const { page, nextPageToken } = keysetPage(found, query.pageSize, (r) => ({
    createdAt: isoTimestamp(r.createdAt),
    id: r.id,
  }));
  return {
    items: page.map((r) => {
      const { preview, ...rest } = toImport(r);
      return { ...rest, counts: preview.counts };
    }),
    nextPageToken,
  };
}

/**
 * Confirms a preview: the import is queued for a job worker.
 * @throws AppError 404; 409 not waiting for confirmation, or another import of the package running;
 *   400 the preview has errors, or warnings not accepted
 */
export async function startImport(db: Db, id: string, acceptWarnings: boolean): Promise<CoursewareImport> {
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.findImport(tx, id);
      if (!row) throw notFound();
      if (row.status !== 'previewed') throw new AppError('conflict', IMPORT_MESSAGES.notPreviewed);
      const { counts } = row.preview as ImportPreview;
      if (counts.errors > 0) throw new AppError('invalid_input', IMPORT_MESSAGES.hasErrors);
      if (counts.warnings > 0 && !acceptWarnings)
        throw new AppError('invalid_input', IMPORT_MESSAGES.acceptWarnings);
      const updated = await repo.updateImport(tx, id, { status: 'queued' }, ['previewed']);
      await enqueueJob(tx, {
        kind: IMPORT_JOB_KIND,
        payload: { importId: id },
        maxAttempts: IMPORT_JOB_MAX_ATTEMPTS,
      });
      return toImport({ ...updated!, creatorName: row.creatorName });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', IMPORT_MESSAGES.busy);
    throw error;
  }
}

/**
 * Cancels an import: a queued one at once, a running one when its worker next looks (within
 * IMPORT_POLL_INTERVAL_MS), before its rows are written; a preview is discarded.
 * @throws AppError 404; 409 the import has already ended
 */
export async function cancelImport(context: ImportContext, id: string): Promise<CoursewareImport> {
  const { db } = context;
  const row = await repo.findImport(db, id);
  if (!row) throw notFound();
  if (row.status === 'previewed') return discardImport(context, id);
  const cancelled =
    (await repo.updateImport(db, id, { status: 'cancelled', cancelRequested: true }, ['queued'])) ??
    (await repo.updateImport(db, id, { cancelRequested: true }, ['running']));
  if (!cancelled) throw new AppError('conflict', IMPORT_MESSAGES.notCancellable);
  if (cancelled.status === 'cancelled') await dropPackage(context, cancelled);
  return toImport({ ...cancelled, creatorName: row.creatorName });
}

/** Discards a preview: its package and staging folder go. @throws AppError 404; 409 not a preview */
export async function discardImport(context: ImportContext, id: string): Promise<CoursewareImport> {
  const row = await repo.updateImport(context.db, id, { status: 'discarded' }, ['previewed']);
  if (!row) {
    if (!(await repo.findImport(context.db, id))) throw notFound();
    throw new AppError('conflict', IMPORT_MESSAGES.notPreviewed);
  }
  await dropPackage(context, row);
  return getImport(context.db, id);
}

/** Removes an ended import's kept package and staging folder. */
async function dropPackage(context: ImportContext, row: repo.ImportRow): Promise<void> {
  await fs.promises.rm(listingOf(context, row.id), { force: true });
  await removeStaging(stagingOf(context, row.id)).catch(() => undefined);
  if (row.storageKey) {
    await context.fileStore.delete(row.storageKey).catch(() => undefined);
    await repo.updateImport(context.db, row.id, { storageKey: null });
  }
}

/** Removes the packages of previews older than IMPORT_PREVIEW_TTL_MS (they are discarded). */
export async function sweepStalePreviews(context: ImportContext): Promise<number> {
  const stale = await repo.findStalePreviews(context.db, new Date(Date.now() - IMPORT_PREVIEW_TTL_MS));
  for (const row of stale) {
    const discarded = await repo.updateImport(context.db, row.id, { status: 'discarded' }, ['previewed']);
    if (discarded) await dropPackage(context, discarded);
  }
  return stale.length;
}

/**
 * The job that writes a confirmed import: stages and plans the package again (the portal may have
 * changed since the preview), stores the files with progress, and writes the rows in one transaction
 * that also marks the import done. A cancel aborts it before the rows; an instance shutting down gives
 * the job back, and the next worker starts the import again from its package.
 */
export function importJobHandler(context: ImportContext): JobHandler<{ importId: string }> {
  return {
    kind: IMPORT_JOB_KIND,
    payload: PayloadSchema,
    async run({ importId }, job) {
      const { db } = context;
      const row = await repo.updateImport(db, importId, { status: 'running' }, ['queued', 'running']);
      if (!row || !row.storageKey) return;
      const cancel = new AbortController();
      const watch = setInterval(() => {
        void repo.isCancelRequested(db, importId).then((asked) => {
          if (asked) cancel.abort();
        });
      }, IMPORT_POLL_INTERVAL_MS);
      try {
        const staged = await stagedOrStage(context, importId, row.storageKey);
        const plan = await readAndPlan(context, staged, row.packageName);
        if (plan.preview.counts.errors > 0) {
          throw new PermanentJobError(plan.preview.issues.find((i) => i.severity === 'error')!.message);
        }
        await writeImport({
          db,
          fileStore: context.fileStore,
          plan,
          accountId: row.createdBy,
          log: job.log,
          signal: AbortSignal.any([cancel.signal, job.signal]),
          onProgress: (progress) => void repo.setProgress(db, importId, progress),
          inTransaction: async (tx, summary) => {
            await repo.updateImport(tx, importId, {
              status: 'done',
              summary,
              courseId: summary.course.id,
              preview: plan.preview,
              progress: {
                items: plan.items.length,
                itemsTotal: plan.items.length,
                bytes: summary.bytes,
                bytesTotal: summary.bytes,
              },
            });
          },
        });
        await dropPackage(context, row);
      } catch (error) {
        if (job.signal.aborted && !cancel.signal.aborted) throw error;
        const cancelled = error instanceof ImportCancelled || cancel.signal.aborted;
        await repo.updateImport(db, importId, {
          status: cancelled ? 'cancelled' : 'failed',
          error: cancelled ? null : `The import failed and nothing of it was written: ${messageOf(error)}`,
        });
        await dropPackage(context, row);
        if (!cancelled) throw new PermanentJobError(messageOf(error));
      } finally {
        clearInterval(watch);
      }
    },
  };
}
