/**
 * File rules (000 §3 File, §5, §6 CanViewFiles, §7 File service; 001 §3 File upload, §5, §9;
 * DESIGN.md "Files of courseware are private"). Uploads are streamed through a size limit and a
 * content sniff into the store under a generated key; a refused upload leaves nothing behind. Public
 * files are served at their public address to anyone; a private file is fetched through a short-lived
 * signed URL given only to callers holding the permission that covers it, so the browser can stream it
 * without a bearer header; each courseware or bundle download is recorded. The headers, caching and
 * byte ranges a file is served with are file-serving.ts.
 */
import { enqueueDocumentText } from './document-text.service.js';
import type { Readable } from 'node:stream';
import { AppError, MESSAGES } from '@portal/shared/errors';
import type { PermissionFlags } from '@portal/shared/permissions';
import { DOWNLOAD_KIND_OF_BUNDLE_FORMAT } from '@portal/shared/schemas/my-downloads-limits';
import {
  UPLOAD_MAX_BYTES,
  fileIconOf,
  type DownloadUrlResponse,
  type FileContentQuery,
  type FileInfo,
  type UploadFileFields,
  type UploadFileResponse,
} from '@portal/shared/schemas/files';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { publicUrlOf } from '../../lib/served-files.js';
import { NO_SECRETS_KEY, type SecretsKeyring } from '../../lib/secrets.js';
import { createSettingSigner, type Signer } from '../../lib/signer.js';
import { sanitizeFilename } from './filenames.js';
import { childStatuses, findOpenableRef } from '../courseware/courseware.service.js';
import { findAccountContact } from '../identity/identity.service.js';
import { audienceOfFingerprint } from './bundle-tree.js';
import { isPageOpenable, pageExists } from '../pages/pages.service.js';
import * as repo from './files.repository.js';
import { recordDownload } from '../statistics/statistics.service.js';
import type { BundleRow, FileRow } from './files.repository.js';
import type { FileStore } from '../../lib/storage.js';
import { faultPoint } from '../../lib/fault-points.js';
import { storeGuarded } from './upload-guard.js';

/** How long a signed download link stays valid. */
export const DOWNLOAD_LINK_TTL_S = 300;
const KEY_SETTING = 'download-secret';

/** The caller as the file rules need it. */
export interface FileSession {
  permissions: PermissionFlags;
  accountId: string | null;
}

/** Signs download links (lib/signer.ts). */
export type DownloadSigner = Signer;

/**
 * The HMAC signer of download links, its secret the `download-secret` setting (lib/signer.ts).
 * @param keyring config.secretsKeyring
 * @throws SecretsKeyError when the stored secret does not open with the keyring
 */
export function createDownloadSigner(
  db: Db,
  keyring: SecretsKeyring = NO_SECRETS_KEY,
): Promise<DownloadSigner> {
  return createSettingSigner(db, KEY_SETTING, keyring);
}

const notFound = () => new AppError('not_found', 'File does not exist.');

/** The content item a courseware, bundle or lesson file belongs to (null for any other file). */
async function ownerContentIdOf(db: Db, row: FileRow): Promise<string | null> {
  if (row.metadataType === 'lesson') return (await repo.findLessonOfFile(db, row.id))?.contentId ?? null;
  return row.metadataType === 'content' || row.metadataType === 'bundle' ? row.metadataId : null;
}

/**
 * Whether the caller may open what a file belongs to: the item of a courseware, bundle or lesson file
 * (isOpenable), or the page of a page or widget file (its status, as the page itself). Portraits and
 * files of no owner belong to nothing hidden.
 */
async function isOwnerOpenable(db: Db, perms: PermissionFlags, row: FileRow): Promise<boolean> {
  if (row.metadataType === 'page')
    return !row.metadataId || (await isPageOpenable(db, perms, row.metadataId));
  const ownerId = await ownerContentIdOf(db, row);
  return !ownerId || (await findOpenableRef(db, perms, ownerId)) !== undefined;
}

/**
 * Checks that the caller may see a file (any status) and returns it. The item a courseware, bundle or
 * lesson file belongs to, or the page of a page file, must be one the caller may open (else 404, as for
 * the item or page itself). A private
 * file needs the permission that covers it: CanViewFiles for courseware files and bundles (and a bundle
 * built for editors, with unpublished items, only for editors), CanViewLessonFiles for lesson
 * artifacts, CanUpdateContent for anything else.
 * @throws AppError 401 signed out, 403 without the permission, 404 unknown or hidden
 */
export async function authorize(
  db: Db,
  perms: PermissionFlags,
  fileId: string,
): Promise<{ row: FileRow; bundleRow?: BundleRow }> {
  const row = await repo.findFile(db, fileId);
  if (!row) throw notFound();
  if (!(await isOwnerOpenable(db, perms, row))) throw notFound();
  if (row.visibility === 'public') return { row };
  if (!perms.IsLogin) throw new AppError('unauthenticated', 'Please log in to download files.');
  if (row.metadataType === 'content' || row.metadataType === 'bundle') {
    if (!perms.CanViewFiles)
      throw new AppError('forbidden', 'Your account may not download courseware files.');
  } else if (row.metadataType === 'lesson') {
    if (!perms.CanViewLessonFiles)
      throw new AppError('forbidden', 'Your account may not download lesson files.');
  } else if (!perms.CanUpdateContent) {
    throw new AppError('forbidden', 'You do not have permission to see this file.');
  }
  if (row.metadataType === 'bundle') {
    const bundleRow = await repo.findBundleOfFile(db, row.id);
    const audience = bundleRow ? audienceOfFingerprint(bundleRow.fingerprint) : [];
    const mine = childStatuses(perms);
    if (!bundleRow || !audience.every((status) => mine.includes(status))) throw notFound();
    return { row, bundleRow };
  }
  return { row };
}

/**
 * One file's record (000 §3 File), any status: a bundle is pending until built, then ready or failed
 * with a reason (polled by the zip download, 000 §4).
 * @throws AppError 401, 403, 404 as the download rules
 */
export async function getFileInfo(db: Db, session: FileSession, fileId: string): Promise<FileInfo> {
  const { row, bundleRow } = await authorize(db, session.permissions, fileId);
  return {
    id: row.id,
    name: row.name,
    filename: row.filename,
    type: row.mimeType,
    size: Number(row.size),
    sha256: row.sha256,
    status: row.status as FileInfo['status'],
    publicUrl: row.visibility === 'public' ? publicUrlOf(row.id) : null,
    icon: fileIconOf(row.filename),
    visibility: row.visibility as FileInfo['visibility'],
    metadataType: row.metadataType as FileInfo['metadataType'],
    metadataId: row.metadataId,
    failureReason: row.status === 'failed' ? (bundleRow?.failureReason ?? null) : null,
    createdTimestamp: isoTimestamp(row.createdAt),
  };
}

/**
 * A download URL for a file (000 §7: publicUrl, name). Private files get a signed link valid
 * DOWNLOAD_LINK_TTL_S seconds that names the caller and the item the download started from.
 * @throws AppError 401 signed out, 403 without the permission, 404 unknown, hidden or not ready
 */
export async function getDownloadUrl(
  db: Db,
  {
    signer,
    session,
    fileId,
    from,
    nowS = Math.floor(Date.now() / 1000),
  }: {
    signer: DownloadSigner;
    session: FileSession;
    fileId: string;
    from: string | undefined;
    nowS?: number;
  },
): Promise<DownloadUrlResponse> {
  const { row } = await authorize(db, session.permissions, fileId);
  if (row.status !== 'ready') throw notFound();
  const base = publicUrlOf(row.id);
  if (row.visibility === 'public') return { publicUrl: base, name: row.filename };
  const exp = nowS + DOWNLOAD_LINK_TTL_S;
  const u = session.accountId ?? '';
  const params = new URLSearchParams({ exp: String(exp) });
  if (from) params.set('from', from);
  if (u) params.set('u', u);
  params.set('sig', signer.sign([row.id, String(exp), from ?? '', u]));
  return { publicUrl: `${base}?${params.toString()}`, name: row.filename };
}

/** Metadata types whose downloads are recorded as download events (the statistics dashboard). */
const RECORDED_TYPES = new Set(['content', 'bundle', 'lesson']);

/**
 * Resolves a file for streaming: public files to anyone who may open the item or page they belong to
 * (an image of a hidden item, or a file of an unpublished page, is not served: 404), private ones with
 * a valid signature, and
 * records the download event of courseware files and bundles (who, when, which file, from which item,
 * its top-most ancestor).
 * @param perms the caller's flags (a browser's <img> request carries no token: a visitor's)
 * @throws AppError 403 for a bad or expired signature, 404 unknown, not ready or of a hidden item
 */
export async function openForDownload(
  db: Db,
  {
    signer,
    perms,
    fileId,
    query,
    nowS = Math.floor(Date.now() / 1000),
  }: {
    signer: DownloadSigner;
    perms: PermissionFlags;
    fileId: string;
    query: Partial<FileContentQuery>;
    nowS?: number;
  },
): Promise<FileRow> {
  const row = await repo.findFile(db, fileId);
  if (!row || row.status !== 'ready') throw notFound();
  if (row.visibility === 'public') {
    if (!(await isOwnerOpenable(db, perms, row))) throw notFound();
  } else {
    const { exp, sig, from, u } = query;
    if (!exp || !sig || !signer.verify([row.id, String(exp), from ?? '', u ?? ''], sig)) {
      throw new AppError(
        'forbidden',
        'This download link is not valid. Open the file from its courseware page.',
      );
    }
    if (exp < nowS)
      throw new AppError(
        'forbidden',
        'This download link has expired. Open the file from its courseware page again.',
      );
    if (RECORDED_TYPES.has(row.metadataType)) {
      const ownerId = await ownerContentIdOf(db, row);
      const account = u ? await findAccountContact(db, u) : undefined;
      const owner = ownerId ? await repo.findFileOwner(db, ownerId) : undefined;
      const source = from && from !== ownerId ? await repo.findFileOwner(db, from) : owner;
      const bundleRow = row.metadataType === 'bundle' ? await repo.findBundleOfFile(db, row.id) : undefined;
      await recordDownload(db, {
        kind: bundleRow ? DOWNLOAD_KIND_OF_BUNDLE_FORMAT[bundleRow.format] : 'file',
        accountId: account?.id ?? null,
        userName: account?.displayName ?? null,
        userEmail: account?.email ?? null,
        fileId: row.id,
        fileName: row.filename,
        contentId: source?.id ?? null,
        contentName: source?.name ?? null,
        topContentId: source?.topId ?? null,
        topContentName: source?.topName ?? null,
        tags: source?.tags ?? [],
      });
    }
  }
  return row;
}

/** One upload as the route hands it over: the validated fields and the file part's stream. */
export interface UploadInput {
  fields: UploadFileFields;
  /** The file part's bytes, read once. */
  body: Readable;
  /** The file name the client sent with the part (a label only). */
  clientFilename: string | undefined;
  /** True when the multipart parser cut the part at its own limit. */
  wasTruncated(): boolean;
}

/**
 * Stores an upload (000 §7, 001 §3: type, name, visibility, metadata id and type, the file body). The
 * body streams through the limit of its kind (UPLOAD_MAX_BYTES) and the content sniff into the store
 * under a fresh key, never whole in memory; the row is written only once the bytes are stored. On any
 * failure the partial object is removed and no row is written.
 * @returns id, and publicUrl for a public file (null for private: ask for a download URL)
 * @throws AppError 413 MESSAGES.uploadTooLarge over the limit; 422 content not matching the type, or
 *   metadata naming an item or contributor that does not exist
 */
export async function uploadFile(
  db: Db,
  { fileStore, session, input }: { fileStore: FileStore; session: FileSession; input: UploadInput },
): Promise<UploadFileResponse> {
  const { fields } = input;
  try {
    await checkMetadata(db, session.permissions, fields);
  } catch (error) {
    input.body.resume();
    throw error;
  }
  const { guard, storageKey, stored } = await storeGuarded(fileStore, input.body, {
    maxBytes: UPLOAD_MAX_BYTES[fields.kind],
    claimedType: fields.type,
  });
  faultPoint('upload.stored');
  try {
    if (input.wasTruncated()) throw new AppError('too_large', MESSAGES.uploadTooLarge);
    const row = await repo.insertFile(db, {
      name: fields.name,
      filename: sanitizeFilename(input.clientFilename, fields.name),
      mimeType: guard.type,
      size: stored.size,
      sha256: stored.sha256,
      storageKey,
      // Courseware files are private whatever the form says (issue 9): only images of an item may be public.
      visibility: fields.metadataType === 'content' && fields.kind === 'file' ? 'private' : fields.visibility,
      metadataType: fields.metadataType,
      metadataId: fields.metadataId ?? null,
      status: 'ready',
      index: fields.metadataId ? await repo.nextFileIndex(db, fields.metadataId) : 0,
      createdBy: session.accountId,
    });
    // Its text is read for search by a job: the upload does not wait for it.
    if (row.metadataType === 'content') await enqueueDocumentText(db, [row.id]);
    return { id: row.id, publicUrl: row.visibility === 'public' ? publicUrlOf(row.id) : null };
  } catch (error) {
    await fileStore.delete(storageKey);
    throw error;
  }
}

/** The item, page or contributor an upload names must exist (and the item be one the caller may open). */
async function checkMetadata(db: Db, perms: PermissionFlags, fields: UploadFileFields): Promise<void> {
  if (!fields.metadataId) return;
  if (fields.metadataType === 'content') {
    if (!(await findOpenableRef(db, perms, fields.metadataId))) {
      throw new AppError('rule_broken', 'The content item this file is for does not exist.');
    }
  } else if (fields.metadataType === 'page') {
    if (!(await pageExists(db, fields.metadataId))) {
      throw new AppError('rule_broken', 'The page this file is for does not exist.');
    }
  } else if (!(await repo.contributorExists(db, fields.metadataId))) {
    throw new AppError('rule_broken', 'The contributor this portrait is for does not exist.');
  }
}

/**
 * Deletes a file: its row (and bundle row), then its stored bytes. The route requires CanUpdateContent.
 * @throws AppError 404 unknown or hidden from the caller
 */
export async function deleteFile(
  db: Db,
  { fileStore, session, fileId }: { fileStore: FileStore; session: FileSession; fileId: string },
): Promise<void> {
  await authorize(db, session.permissions, fileId);
  const row = await repo.deleteFileRow(db, fileId);
  if (!row) throw notFound();
  await fileStore.delete(row.storageKey);
}
