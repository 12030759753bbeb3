/**
 * The files of an import's plan (issue 38 "Preview before writing"): each file's size, SHA-256 and media
 * type checked against its first bytes, compared with the file an earlier import left at its path.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { FILE_NAME_MAX } from '@portal/shared/limits';
import type { ImportChange } from '@portal/shared/schemas/imports-limits';
import type { ImportIssue } from '@portal/shared/schemas/imports';
import { sniffType, SNIFF_BYTES } from '../files/index.js';
import { readHead } from './package-staging.js';
import type { SourceFile } from './course-tree.js';
import type { PlannedItem } from './import-plan.js';
import type * as repo from './imports.repository.js';

/** Files hashed at the same time while planning. */
const HASH_CONCURRENCY = 4;
/** `text` within `max` characters, cut at the end with an ellipsis when longer. */
export const shortened = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** What unpacking already knows of a file: its size and SHA-256, by its absolute path. */
export type KnownHashes = ReadonlyMap<string, { size: number; sha256: string }>;

/**
 * SHA-256 (hex) and size of a file on disk, and its first bytes (to check them against its media type);
 * a file unpacking hashed already (`known`) is not read again beyond its head.
 */
async function examine(
  file: SourceFile,
  known: KnownHashes | undefined,
): Promise<{ size: number; sha256: string; head: Buffer }> {
  const hashed = known?.get(file.path);
  if (hashed) return { ...hashed, head: await readHead(file.path) };
  const hash = crypto.createHash('sha256');
  let size = 0;
  const chunks: Buffer[] = [];
  let headBytes = 0;
  await pipeline(fs.createReadStream(file.path), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      hash.update(chunk);
      size += chunk.length;
      if (headBytes < SNIFF_BYTES) {
        chunks.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
        headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
      }
    }
  });
  return { size, sha256: hash.digest('hex'), head: Buffer.concat(chunks) };
}

/** Runs `work` over `items`, `concurrency` at a time, in order of the results. */
async function mapLimited<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next;
      next += 1;
      results[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** Sizes, hashes and media types of every file, each compared with the file at its path before. */
export async function planFiles(
  items: PlannedItem[],
  fileOriginByKey: Map<string, repo.FileOriginRow>,
  issues: ImportIssue[],
  known: KnownHashes | undefined,
): Promise<void> {
  const all = items.flatMap((item) => item.source.files.map((file, index) => ({ item, file, index })));
  const examined = await mapLimited(all, HASH_CONCURRENCY, async ({ file }) => {
    const found = await examine(file, known);
    return { ...found, sniffed: await sniffType(file.mimeType, found.head) };
  });
  all.forEach(({ item, file, index }, k) => {
    const { size, sha256, sniffed } = examined[k]!;
    const path = file.originPath ?? `${item.path}/${file.filename}`;
    if (!sniffed.ok) issues.push({ severity: 'error', path, message: `${file.filename}: ${sniffed.reason}` });
    const existing = item.existing ? fileOriginByKey.get(`${item.existing.contentId}\n${path}`) : undefined;
    const change: ImportChange = !existing ? 'new' : existing.sha256 === sha256 ? 'unchanged' : 'changed';
    item.files.push({
      source: file,
      path,
      name: shortened(file.name, FILE_NAME_MAX),
      size,
      sha256,
      mimeType: sniffed.ok ? sniffed.type : file.mimeType,
      index,
      change,
      existing,
    });
  });
}
