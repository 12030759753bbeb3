/**
 * The file store's sweep (issue 23 "Faults, tested": no orphaned file). Bytes are stored before the row
 * that names them is committed, and deleted after the row that named them is gone, so a process killed
 * between the two leaves an object no row names (unreachable, but taking space); one killed while
 * writing leaves a partial upload. The sweep removes both once they have been left alone for the grace
 * period, so a write in flight (always younger) is never touched, on this instance or another.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../lib/storage.js';
import * as files from './files.repository.js';

export interface SweepResult {
  /** Complete objects no file row named, removed. */
  orphans: number;
  /** Partial uploads removed. */
  partials: number;
}

/**
 * Removes the file store's objects that no file row names and its partial uploads, each only when
 * unmodified for `graceMs` milliseconds. The objects are listed before the rows are read, so an object
 * whose row commits during the sweep is either named or younger than the grace period.
 */
export async function sweepFileStore(
  db: Db,
  fileStore: FileStore,
  { graceMs, now = new Date(), log }: { graceMs: number; now?: Date; log?: FastifyBaseLogger },
): Promise<SweepResult> {
  const cutoff = now.getTime() - graceMs;
  const candidates: string[] = [];
  for await (const object of fileStore.list()) {
    if (object.modifiedAt.getTime() <= cutoff) candidates.push(object.key);
  }
  const inUse = candidates.length > 0 ? await files.storageKeysInUse(db) : new Set<string>();
  const orphans = candidates.filter((key) => !inUse.has(key));
  for (const key of orphans) await fileStore.delete(key);
  const partials = await fileStore.removeStalePartials(graceMs);
  if (orphans.length + partials > 0) log?.info({ orphans: orphans.length, partials }, 'file store swept');
  return { orphans: orphans.length, partials };
}
