/**
 * The tree a zip bundle holds (000 §4, §7): an item and its descendants visible to an audience, with
 * their files and metadata, and the fingerprint that says whether an existing bundle still matches it.
 */
import crypto from 'node:crypto';
import { CONTENT_STATUSES, type ContentStatus } from '@portal/shared/enums';
import type { BundleFormat } from '@portal/shared/schemas/files';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import * as repo from './bundles.repository.js';

/**
 * Bumped when the archive's layout, README or manifest change, so that bundles built the old way are
 * not served again.
 */
export const BUNDLE_FORMAT_VERSION = 1;

export interface BundleSource {
  name: string;
  url: string | null;
  license: string | null;
  licenseUrl: string | null;
  author: string | null;
}

export interface BundleFile {
  id: string;
  contentId: string;
  name: string;
  filename: string;
  type: string;
  size: number;
  /** SHA-256 recorded when the file was stored; the archive checks the bytes against it. */
  sha256: string | null;
  storageKey: string;
  createdAt: Date;
}

export interface BundleItem extends Pick<
  repo.TreeItemRow,
  | 'id'
  | 'parentId'
  | 'name'
  | 'urlAlias'
  | 'status'
  | 'index'
  | 'categories'
  | 'tags'
  | 'educationLevels'
  | 'experienceLevels'
> {
  tkss: string[];
  ksas: string[];
  kus: string[];
  source: BundleSource | null;
  modifiedTimestamp: string;
  children: BundleItem[];
  files: BundleFile[];
}

export interface BundleTree {
  root: BundleItem;
  /** Every item, parents before children, siblings by index. */
  items: BundleItem[];
  /** Every file, in the order of `items`. */
  files: BundleFile[];
  /** The statuses of descendants included (the audience the bundle was built for). */
  statuses: ContentStatus[];
}

const bySiblingOrder = (a: BundleItem, b: BundleItem) =>
  a.index - b.index || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * Loads the tree under `rootId` with descendants of the given statuses.
 * @returns undefined when the item does not exist
 */
export async function loadBundleTree(
  db: Db,
  rootId: string,
  statuses: readonly ContentStatus[],
): Promise<BundleTree | undefined> {
  const rows = await repo.findTreeItems(db, rootId, statuses);
  if (!rows.some((r) => r.id === rootId)) return undefined;
  const ids = rows.map((r) => r.id);
  const [files, knowledge] = await Promise.all([
    repo.findItemFiles(db, ids),
    repo.findItemKnowledge(db, ids),
  ]);
  const byId = new Map<string, BundleItem>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id,
      parentId: r.parentId,
      name: r.name,
      urlAlias: r.urlAlias,
      status: r.status,
      index: r.index,
      categories: r.categories,
      tags: r.tags,
      educationLevels: r.educationLevels,
      experienceLevels: r.experienceLevels,
      tkss: [],
      ksas: [],
      kus: [],
      source:
        r.sourceName || r.licenseName
          ? {
              name: r.sourceName ?? '',
              url: r.sourceUrl,
              license: r.licenseName,
              licenseUrl: r.licenseUrl,
              author: r.sourceAuthor,
            }
          : null,
      modifiedTimestamp: isoTimestamp(r.modifiedAt),
      children: [],
      files: [],
    });
  }
  for (const k of knowledge) {
    const item = byId.get(k.contentId);
    // The bundle's metadata keeps 000 §3's three lists; CyBOK areas are not among them.
    if (!item || k.type === 'CYBOK') continue;
    (k.type === 'TKS' ? item.tkss : k.type === 'KSA' ? item.ksas : item.kus).push(k.knowledgeId);
  }
  for (const f of files) {
    byId.get(f.contentId)?.files.push({
      id: f.id,
      contentId: f.contentId,
      name: f.name,
      filename: f.filename,
      type: f.mimeType,
      size: Number(f.size),
      sha256: f.sha256,
      storageKey: f.storageKey,
      createdAt: f.createdAt instanceof Date ? f.createdAt : new Date(f.createdAt),
    });
  }
  for (const item of byId.values()) {
    if (item.id !== rootId && item.parentId) byId.get(item.parentId)?.children.push(item);
  }
  const root = byId.get(rootId)!;
  const items: BundleItem[] = [];
  const visit = (item: BundleItem) => {
    items.push(item);
    item.children.sort(bySiblingOrder);
    item.children.forEach(visit);
  };
  visit(root);
  return {
    root,
    items,
    files: items.flatMap((i) => i.files),
    statuses: [...statuses].sort() as ContentStatus[],
  };
}

/** The audience part of a fingerprint: the descendant statuses a bundle includes, e.g. `published`. */
export function audienceKey(statuses: readonly ContentStatus[]): string {
  return [...statuses].sort().join('+');
}

/** The statuses of descendants a bundle with this fingerprint includes. */
export function audienceOfFingerprint(fingerprint: string): ContentStatus[] {
  const key = fingerprint.split(':')[0] ?? '';
  return key
    .split('+')
    .filter((s): s is ContentStatus => (CONTENT_STATUSES as readonly string[]).includes(s));
}

/**
 * `<audience>:<sha256>` over everything the archive is made of: the format version, each item's id,
 * parent, name, alias, order, modified time and metadata, and each file's id, names, size and SHA-256;
 * for another format than the zip (a Common Cartridge), also that format and `extra` (what its pages
 * show besides, e.g. descriptions and knowledge statements). Two trees with the same fingerprint give
 * archives with the same entries and bytes inside.
 */
export function fingerprintOf(tree: BundleTree, format: BundleFormat = 'zip', extra?: unknown): string {
  const base = {
    format: BUNDLE_FORMAT_VERSION,
    items: tree.items.map((i) => [
      i.id,
      i.parentId,
      i.name,
      i.urlAlias,
      i.index,
      i.modifiedTimestamp,
      i.categories,
      i.tags,
      i.educationLevels,
      i.experienceLevels,
      i.tkss,
      i.ksas,
      i.kus,
      i.source,
    ]),
    files: tree.files.map((f) => [f.id, f.contentId, f.name, f.filename, f.type, f.size, f.sha256]),
  };
  // The zip's canonical form stays as it was, so that zips built before formats existed are reused.
  const canonical = JSON.stringify(format === 'zip' ? base : { ...base, bundleFormat: format, extra });
  const hash = crypto.createHash('sha256').update(canonical).digest('hex');
  return `${audienceKey(tree.statuses)}:${hash}`;
}
