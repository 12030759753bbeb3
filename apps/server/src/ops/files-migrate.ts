/**
 * Moving an existing portal's files into another store (issue 24 "Moving an existing portal"): every
 * object of `source` is copied to `target` under the same key and verified there by SHA-256 (read back
 * from the target, not taken on trust). An object the target already holds with the same size is
 * skipped (a store shows only whole objects, so that is a finished copy): the copy can be stopped and run
 * again. The portal may keep serving meanwhile; files it stores after the listing are in the old store
 * only until the copy runs again.
 */
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hashingMeter, type FileStore } from '../lib/storage.js';

export interface MigrateSummary {
  copied: number;
  copiedBytes: number;
  skipped: number;
  /** Keys that failed, with why (copy or verification). */
  failed: { key: string; reason: string }[];
}

/** SHA-256 of a stream's bytes, through the file store's own meter. */
async function sha256Of(stream: Readable): Promise<string> {
  const meter = hashingMeter();
  await pipeline(stream, meter, new Writable({ write: (_chunk, _enc, done) => done() }));
  return meter.digest().sha256;
}

/**
 * Copies and verifies every object; one failure does not stop the others.
 * @param onProgress called after each object with the counts so far
 */
export async function migrateFiles(
  source: FileStore,
  target: FileStore,
  onProgress?: (summary: MigrateSummary, key: string) => void,
): Promise<MigrateSummary> {
  const summary: MigrateSummary = { copied: 0, copiedBytes: 0, skipped: 0, failed: [] };
  for await (const object of source.list()) {
    const key = object.key;
    try {
      const existing = await target.size(key).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (existing === object.size) {
        summary.skipped += 1;
      } else {
        const sent = await target.put(key, source.get(key));
        const stored = await sha256Of(target.get(key));
        if (stored !== sent.sha256) throw new Error(`SHA-256 in the target ${stored} is not ${sent.sha256}`);
        summary.copied += 1;
        summary.copiedBytes += sent.size;
      }
    } catch (error) {
      summary.failed.push({ key, reason: error instanceof Error ? error.message : String(error) });
    }
    onProgress?.(summary, key);
  }
  return summary;
}
