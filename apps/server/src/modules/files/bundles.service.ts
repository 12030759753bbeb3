/**
 * Bundles of an item and all its children (000 §4 zip download, §7 File service Bundle), built as a zip
 * or as an IMS Common Cartridge (issue 26, `format` imscc). A request answers at once: with the ready
 * bundle of the unchanged tree (same format and fingerprint), with the bundle already being built, or
 * with a new private pending file (`<item>_bundle_<YYYY-MM-DD>.zip`, `<item>_cartridge_<YYYY-MM-DD>.imscc`)
 * whose build is a durable job (kind `bundle`), created in one transaction. Clients poll the file status
 * (GET /files/:id) until ready or failed (with a reason), then ask for a download URL.
 */
import { z } from 'zod';
import { AppError, MESSAGES } from '@portal/shared/errors';
import type { ContentStatus } from '@portal/shared/enums';
import { DATE_FORMAT, FILE_NAME_MAX } from '@portal/shared/limits';
import type { BundleFormat, BundleResponse } from '@portal/shared/schemas/files';
import { BUNDLE_FILE_NAMES } from '@portal/shared/schemas/my-downloads-limits';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { childStatuses, isOpenable } from '../courseware/courseware.service.js';
import { PermanentJobError, enqueueJob, type JobHandler } from '../jobs/jobs.service.js';
import { DamagedFileError, MissingFileError, writeArchive } from './bundle-archive.js';
import {
  audienceKey,
  audienceOfFingerprint,
  fingerprintOf,
  loadBundleTree,
  type BundleTree,
} from './bundle-tree.js';
import { writeCartridge } from './cartridge-archive.js';
import { loadItemPages, pagesFingerprintPart, type ItemPage } from './cartridge-tree.js';
import * as repo from './bundles.repository.js';
import { safeSegment } from './filenames.js';
import * as files from './files.repository.js';
import type { FileSession } from './files.service.js';
import { newStorageKey, type FileStore } from '../../lib/storage.js';
import { faultPoint } from '../../lib/fault-points.js';

/** The job kind that builds a bundle. */
export const BUNDLE_JOB_KIND = 'bundle';
/** Attempts before a bundle is marked failed (each after a backoff, see jobs.service.ts). */
export const BUNDLE_MAX_ATTEMPTS = 3;
/** A bundle replaced by a newer one of the same tree and audience is deleted after this long. */
export const BUNDLE_SUPERSEDED_GRACE_MS = 60 * 60_000;
/** Per format: the name's suffix and extension (shared: My downloads reads them), and the stored file's media type. */
const FORMAT_FILES: Record<BundleFormat, { suffix: string; extension: string; mimeType: string }> = {
  zip: { ...BUNDLE_FILE_NAMES.zip, mimeType: 'application/zip' },
  imscc: { ...BUNDLE_FILE_NAMES.imscc, mimeType: 'application/vnd.ims.imsccv1p1' },
};

/**
 * The bundle's name (000 §7: "name ending in _bundle.zip plus a date"): the item's URL alias hyphenated
 * (course and module included), `_bundle_`, the UTC date, `.zip`, e.g.
 * `seed-labs-network-security-labs_bundle_2026-11-21.zip`; a cartridge `_cartridge_` and `.imscc`;
 * at most FILE_NAME_MAX characters.
 */
export function bundleName(urlAlias: string, now: Date, format: BundleFormat = 'zip'): string {
  const { suffix, extension } = FORMAT_FILES[format];
  const tail = `${suffix}${now.toISOString().slice(0, DATE_FORMAT.length)}${extension}`;
  const stem = safeSegment(urlAlias.replace(/\//g, '-'), FILE_NAME_MAX - tail.length) || 'content';
  return `${stem}${tail}`;
}

/** The bundle job's payload: the pending bundle file. */
const BundlePayloadSchema = z.object({ fileId: z.uuid() });

/** The tree's fingerprint in `format`, with the pages a cartridge also shows (loaded only for one). */
async function fingerprintIn(
  db: Db,
  tree: BundleTree,
  format: BundleFormat,
): Promise<{ fingerprint: string; pages?: Map<string, ItemPage> }> {
  if (format === 'zip') return { fingerprint: fingerprintOf(tree) };
  const pages = await loadItemPages(db, tree);
  return { fingerprint: fingerprintOf(tree, format, pagesFingerprintPart(tree, pages)), pages };
}

/**
 * Requests the zip (or, with `format` imscc, the Common Cartridge) of an item and all its children
 * visible to the caller (000 §4, §7; issue 26). `contentId` is a uuid (the route validates it).
 * @param wake tells this instance's workers a job is due (another instance's poll finds it otherwise)
 * @returns the bundle file id, name and status: ready (`isReused`) when the unchanged tree was built
 *   before, pending otherwise
 * @throws AppError not_found when the item does not exist or the caller may not open it; rule_broken
 *   when a zip's tree has no files
 */
export async function requestBundle(
  db: Db,
  {
    session,
    contentId,
    wake,
    format = 'zip',
    now = new Date(),
  }: { session: FileSession; contentId: string; wake: () => void; format?: BundleFormat; now?: Date },
): Promise<BundleResponse> {
  const perms = session.permissions;
  const statuses = childStatuses(perms);
  const tree = await loadBundleTree(db, contentId, statuses);
  if (!tree || !(await isOpenable(db, perms, tree.root))) {
    throw new AppError('not_found', MESSAGES.contentNotFound);
  }
  // A cartridge holds pages as well, so only a zip needs files.
  if (format === 'zip' && tree.files.length === 0)
    throw new AppError('rule_broken', 'This item and its children have no files.');
  const { fingerprint } = await fingerprintIn(db, tree, format);
  const existing = await repo.findBundleByFingerprint(db, contentId, fingerprint, format);
  if (existing) return { ...existing, isReused: existing.status === 'ready' };
  const created = await db.transaction(async (tx) => {
    await repo.lockBundleRequest(tx, contentId, fingerprint);
    // A request that waited for the lock finds the bundle the one before it created.
    const raced = await repo.findBundleByFingerprint(tx, contentId, fingerprint, format);
    if (raced) return { ...raced, isReused: raced.status === 'ready' };
    const name = bundleName(tree.root.urlAlias, now, format);
    const fileId = await repo.insertBundle(tx, {
      contentId,
      fingerprint,
      format,
      name,
      mimeType: FORMAT_FILES[format].mimeType,
      storageKey: newStorageKey(),
      createdBy: session.accountId,
    });
    await enqueueJob(tx, { kind: BUNDLE_JOB_KIND, payload: { fileId }, maxAttempts: BUNDLE_MAX_ATTEMPTS });
    return { fileId, name, status: 'pending' as const, isReused: false };
  });
  if (created.status === 'pending') wake();
  return created;
}

/**
 * The handler of bundle jobs: builds the archive (zip or Common Cartridge, as the bundle's format says)
 * of the item's tree as it is now (for the audience the bundle was requested for) under a fresh storage key, then marks the file ready with its size and
 * SHA-256. Idempotent: a bundle that is no longer pending (built, failed, deleted) is left alone, and an
 * archive that lost the race to be recorded is removed. Replaced bundles of the same item and audience
 * are cleaned up after BUNDLE_SUPERSEDED_GRACE_MS. When no attempt is left the file is marked failed
 * with the reason (shown to the user).
 */
export function createBundleJobHandler(deps: {
  fileStore: FileStore;
  config: Pick<Config, 'publicBaseUrl'>;
}): JobHandler<z.infer<typeof BundlePayloadSchema>> {
  return {
    kind: BUNDLE_JOB_KIND,
    payload: BundlePayloadSchema,
    async run({ fileId }, { db, signal, log }) {
      const fileRow = await files.findFile(db, fileId);
      if (!fileRow || fileRow.status !== 'pending') return;
      const bundleRow = await files.findBundleOfFile(db, fileId);
      if (!bundleRow) throw new PermanentJobError('The bundle record is missing.');
      const statuses: ContentStatus[] = audienceOfFingerprint(bundleRow.fingerprint);
      const tree = await loadBundleTree(db, bundleRow.contentId, statuses);
      if (!tree) throw new PermanentJobError('The item was deleted.');
      const format = bundleRow.format as BundleFormat;
      if (format === 'zip' && tree.files.length === 0)
        throw new PermanentJobError('The item and its children no longer have files.');
      const { fingerprint, pages } = await fingerprintIn(db, tree, format);
      const storageKey = newStorageKey();
      const started = Date.now();
      const archive = {
        tree,
        fileStore: deps.fileStore,
        storageKey,
        context: { publicBaseUrl: deps.config.publicBaseUrl, generatedAt: new Date() },
        signal,
      };
      const written = await (pages ? writeCartridge({ ...archive, pages }) : writeArchive(archive)).catch(
        (error: unknown) => {
          // A damaged or missing stored file stays so: retrying cannot help.
          if (error instanceof DamagedFileError || error instanceof MissingFileError) {
            throw new PermanentJobError(error.message);
          }
          throw error;
        },
      );
      faultPoint('bundle.written');
      const supersededKeys = await db.transaction(async (tx) => {
        const isRecorded = await files.updateFileWhileStatus(tx, {
          id: fileId,
          status: 'pending',
          values: {
            status: 'ready',
            storageKey,
            size: written.size,
            sha256: written.sha256,
          },
        });
        if (!isRecorded) return undefined;
        if (fingerprint !== bundleRow.fingerprint) await repo.setBundleFingerprint(tx, fileId, fingerprint);
        return repo.deleteSupersededBundles(tx, {
          contentId: bundleRow.contentId,
          format,
          audiencePrefix: `${audienceKey(statuses)}:`,
          keepFileId: fileId,
          graceMs: BUNDLE_SUPERSEDED_GRACE_MS,
        });
      });
      if (supersededKeys === undefined) {
        await deps.fileStore.delete(storageKey);
        return;
      }
      await Promise.allSettled(supersededKeys.map((key) => deps.fileStore.delete(key)));
      log.info(
        { fileId, format, files: tree.files.length, bytes: written.size, ms: Date.now() - started },
        'bundle built',
      );
    },
    async onGiveUp({ db, job, reason }) {
      const parsed = BundlePayloadSchema.safeParse(job.payload);
      if (parsed.success) await repo.failBundle(db, parsed.data.fileId, reason);
    },
  };
}
