/**
 * Deleting courseware (issue 4; 000 §4): how many items a delete takes with it, and the delete of an
 * item with its whole subtree, its files and bundles (rows in one transaction, bytes after it).
 */
import type { ContentStatus } from '@portal/shared/enums';
import type { DeleteContentResponse } from '@portal/shared/schemas/courseware';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../lib/storage.js';
import * as repo from './courseware-write.repository.js';
import { openableStatuses } from './courseware.service.js';
import { inTransaction, notFound } from './content-checks.js';
import { lockVisible, removeBlobs, type Actor } from './courseware-write.service.js';

/**
 * How many items a delete of `id` takes with it (issue 4: the dialog says so).
 * @throws AppError not_found
 */
export async function countDescendants(db: Db, actor: Actor, id: string): Promise<number> {
  const row = await repo.findRef(db, id);
  if (!row || !openableStatuses(actor.permissions).includes(row.status as ContentStatus)) throw notFound();
  return (await repo.findTreeIds(db, id)).length - 1;
}

/**
 * Deletes an item with all its descendants (000 §4; issue 4: nothing is left orphaned): their files,
 * bundles and lesson files go too, rows in the transaction and bytes from the store after it.
 * @returns how many items went, and the parent to go to
 * @throws AppError not_found
 */
export async function deleteContent(
  db: Db,
  { fileStore, actor, id }: { fileStore: FileStore; actor: Actor; id: string },
): Promise<DeleteContentResponse> {
  const { response, keys } = await inTransaction(db, async (tx) => {
    const row = await lockVisible(tx, actor, id);
    const treeIds = await repo.findTreeIds(tx, id);
    const fileIds = await repo.findTreeFileIds(tx, treeIds);
    await repo.deleteTreeBundles(tx, treeIds);
    const keys = await repo.deleteFileRows(tx, fileIds);
    const parent = row.parentId ? await repo.findRef(tx, row.parentId) : undefined;
    await repo.deleteContentRow(tx, id);
    return {
      response: {
        deletedCount: treeIds.length,
        parent: parent ? { id: parent.id, name: parent.name, urlAlias: parent.urlAlias } : null,
      },
      keys,
    };
  });
  await removeBlobs(fileStore, keys);
  return response;
}
