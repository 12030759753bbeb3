/**
 * The first step of writing an import (course-writer.ts; issue 38): the new and changed files of the
 * plan copied into the file store, checked against the SHA-256 the preview took; on a failure or a cancel
 * nothing stored remains.
 */
import fs from 'node:fs';
import { newStorageKey, type FileStore } from '../../lib/storage.js';
import type { ImportPlan, PlannedFile, PlannedItem } from './import-plan.js';

/** Files copied into the store at the same time. */
export const FILE_PUT_CONCURRENCY = 8;
/** Thrown when the import was cancelled while its files were stored; nothing remains of it. */
export class ImportCancelled extends Error {
  constructor() {
    super('The import was cancelled.');
    this.name = 'ImportCancelled';
  }
}

/** A file of the plan whose bytes are in the store under `storageKey`. */
export interface StoredBytes {
  file: PlannedFile;
  item: PlannedItem;
  storageKey: string;
}

/**
 * Copies the new and changed files of the plan into the store, FILE_PUT_CONCURRENCY at a time,
 * reporting bytes as they go. On failure or abort removes what it stored and rethrows.
 */
export async function storeFiles(
  plan: ImportPlan,
  fileStore: FileStore,
  report: (bytes: number, itemsDone: number) => void,
  signal: AbortSignal | undefined,
): Promise<StoredBytes[]> {
  const jobs = plan.items.flatMap((item) =>
    item.files.filter((f) => f.change !== 'unchanged').map((file) => ({ item, file })),
  );
  const pending = new Map(plan.items.map((i) => [i, i.files.filter((f) => f.change !== 'unchanged').length]));
  let itemsDone = [...pending.values()].filter((n) => n === 0).length;
  let bytes = 0;
  report(bytes, itemsDone);
  const stored: StoredBytes[] = [];
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < jobs.length) {
      if (signal?.aborted) {
        failure ??= new ImportCancelled();
        break;
      }
      const { item, file } = jobs[next]!;
      next += 1;
      const storageKey = newStorageKey();
      let body: fs.ReadStream | undefined;
      try {
        body = (await fs.promises.open(file.source.path, 'r')).createReadStream();
        const put = await fileStore.put(storageKey, body, signal ? { signal } : undefined);
        if (put.sha256 !== file.sha256) {
          throw new Error(`${file.path} changed after the preview; upload the package again.`);
        }
        stored.push({ file, item, storageKey });
        bytes += put.size;
        const left = pending.get(item)! - 1;
        pending.set(item, left);
        if (left === 0) itemsDone += 1;
        report(bytes, itemsDone);
      } catch (error) {
        failure ??= error;
        body?.destroy();
        await fileStore.delete(storageKey).catch(() => undefined);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(FILE_PUT_CONCURRENCY, jobs.length) }, worker));
  // Stopped while the last files were stored: nothing of the import is written.
  if (failure === undefined && signal?.aborted) failure = new ImportCancelled();
  if (failure !== undefined) {
    await removeStored(stored, fileStore);
    throw failure;
  }
  return stored;
}

/** Removes stored bytes of an import that is not written (a failure or a cancel). */
export async function removeStored(stored: readonly StoredBytes[], fileStore: FileStore): Promise<void> {
  await Promise.all(stored.map((s) => fileStore.delete(s.storageKey).catch(() => undefined)));
}
