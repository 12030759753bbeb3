/**
 * Replacing the contents of a courseware file (issue 37 "Replacing a file keeps the earlier version"):
 * the file keeps its id, address, name (unless a new one is given) and its download statistics; the
 * bytes it had stay in the store, named by a `file_version` row, and the item gets a revision that
 * shows the replacement in its history.
 */
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { AppError, MESSAGES } from '@portal/shared/errors';
import type { PermissionFlags } from '@portal/shared/permissions';
import { UPLOAD_MAX_BYTES } from '@portal/shared/schemas/files';
import type { ReplaceFileResponse } from '@portal/shared/schemas/revisions';
import type { Db } from '../../db/client.js';
import { file, fileVersion } from '../../db/schema/files.js';
import type { FileStore } from '../../lib/storage.js';
import { findOpenableRef, recordFileReplacement } from '../courseware/courseware.service.js';
import { enqueueDocumentText } from './document-text.service.js';
import { sanitizeFilename } from './filenames.js';
import * as repo from './files.repository.js';
import { storeGuarded } from './upload-guard.js';

const notFound = () => new AppError('not_found', 'File does not exist.');

/**
 * The courseware file to replace, if the caller may open its item; read before the body is.
 * @throws AppError 404 unknown, not a courseware file, or of a hidden item
 */
export async function findReplaceableFile(db: Db, perms: PermissionFlags, fileId: string) {
  const row = await repo.findFile(db, fileId);
  if (!row || row.metadataType !== 'content' || !row.metadataId || row.status !== 'ready') throw notFound();
  if (!(await findOpenableRef(db, perms, row.metadataId))) throw notFound();
  return row;
}

/**
 * Stores the new contents (through the limit of courseware files and the content sniff against the
 * part's type), then in one transaction keeps the earlier contents as a file version, points the file at
 * the new bytes and records the revision. On failure the new bytes are removed.
 * @throws AppError 404 (the file went meanwhile), 413 too large, 422 content not matching its type
 */
export async function replaceFileContent(
  db: Db,
  {
    fileStore,
    accountId,
    row,
    input,
  }: {
    fileStore: FileStore;
    accountId: string | null;
    row: repo.FileRow;
    input: {
      body: Readable;
      mimeType: string;
      clientFilename: string | undefined;
      name?: string;
      /** True when the multipart parser cut the part at its own limit. */
      wasTruncated(): boolean;
    };
  },
): Promise<ReplaceFileResponse> {
  const { guard, storageKey, stored } = await storeGuarded(fileStore, input.body, {
    maxBytes: UPLOAD_MAX_BYTES.file,
    claimedType: input.mimeType,
  });
  try {
    if (input.wasTruncated()) throw new AppError('too_large', MESSAGES.uploadTooLarge);
    const version = await db.transaction(async (tx) => {
      const [old] = await tx.select().from(file).where(eq(file.id, row.id)).for('update');
      if (!old || old.metadataType !== 'content' || !old.metadataId) throw notFound();
      const [kept] = await tx
        .insert(fileVersion)
        .values({
          fileId: old.id,
          contentId: old.metadataId,
          name: old.name,
          filename: old.filename,
          mimeType: old.mimeType,
          size: old.size,
          sha256: old.sha256,
          storageKey: old.storageKey,
          replacedBy: accountId,
        })
        .returning({ id: fileVersion.id });
      const name = input.name ?? old.name;
      await tx
        .update(file)
        .set({
          name,
          filename: sanitizeFilename(input.clientFilename, name),
          mimeType: guard.type,
          size: stored.size,
          sha256: stored.sha256,
          storageKey,
        })
        .where(eq(file.id, old.id));
      const made = await recordFileReplacement(tx, {
        contentId: old.metadataId,
        accountId,
        earlier: { id: old.id, name: old.name, size: old.size, sha256: old.sha256, versionId: kept!.id },
      });
      if (made === undefined) throw notFound();
      // Its text is read again for search by a job.
      await enqueueDocumentText(tx, [old.id]);
      return made;
    });
    return { id: row.id, contentId: row.metadataId!, version, size: stored.size, sha256: stored.sha256 };
  } catch (error) {
    await fileStore.delete(storageKey);
    throw error;
  }
}
