/**
 * Queries of bundles (000 §4, §7; issue 26 Common Cartridge): the visible tree of an item with its
 * files, what a cartridge page and its metadata show of each item (contributors and CyBOK topics
 * included, issue 38), one query per kind for the whole tree, and bundle rows.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { ContentStatus, KnowledgeType } from '@portal/shared/enums';
import type { CybokTopic } from '@portal/shared/schemas/courseware';
import type { BundleFormat } from '@portal/shared/schemas/files';
import type { Db } from '../../db/client.js';
import { millis, rows, textArray, uuidArray } from '../../db/rows.js';
import { bundle, file } from '../../db/schema/files.js';
import { TREE_DEPTH_MAX } from '@portal/shared/limits';
import { updateFileWhileStatus } from './files.repository.js';

export interface TreeItemRow {
  id: string;
  parentId: string | null;
  name: string;
  urlAlias: string;
  status: ContentStatus;
  index: number;
  categories: string[];
  tags: string[];
  educationLevels: string[];
  experienceLevels: string[];
  modifiedAt: Date | string;
  sourceName: string | null;
  sourceUrl: string | null;
  sourceAuthor: string | null;
  licenseName: string | null;
  licenseUrl: string | null;
}

/** An item and its descendants whose status is in `statuses` (the root whatever its status). */
export async function findTreeItems(
  db: Db,
  rootId: string,
  statuses: readonly ContentStatus[],
): Promise<TreeItemRow[]> {
  return rows<TreeItemRow>(
    db,
    sql`WITH RECURSIVE tree AS (
          SELECT id, 0 AS depth FROM content WHERE id = ${rootId}::uuid
          UNION ALL
          SELECT c.id, tree.depth + 1 FROM content c JOIN tree ON c.parent_id = tree.id
          WHERE c.status = ANY(${textArray(statuses)}) AND tree.depth < ${TREE_DEPTH_MAX})
        SELECT c.id, c.parent_id AS "parentId", c.name, c.url_alias AS "urlAlias", c.status, c.index,
          c.categories, c.tags, c.education_levels AS "educationLevels", c.experience_levels AS "experienceLevels",
          c.modified_at AS "modifiedAt", c.source_name AS "sourceName", c.source_url AS "sourceUrl",
          c.source_author AS "sourceAuthor", c.license_name AS "licenseName", c.license_url AS "licenseUrl"
        FROM tree JOIN content c ON c.id = tree.id`,
  );
}

export interface TreeFileRow {
  id: string;
  contentId: string;
  name: string;
  filename: string;
  mimeType: string;
  size: number;
  sha256: string | null;
  storageKey: string;
  index: number;
  createdAt: Date | string;
}

/** The ready courseware files of the given items. */
export async function findItemFiles(db: Db, contentIds: readonly string[]): Promise<TreeFileRow[]> {
  if (contentIds.length === 0) return [];
  return rows<TreeFileRow>(
    db,
    sql`SELECT id, metadata_id AS "contentId", name, filename, mime_type AS "mimeType", size::float8 AS size,
          sha256, storage_key AS "storageKey", index, created_at AS "createdAt"
        FROM file WHERE metadata_type = 'content' AND status = 'ready' AND metadata_id = ANY(${uuidArray(contentIds)})
        ORDER BY index, name, id`,
  );
}

/**
 * What an item's cartridge page shows besides its name: description (sanitised HTML) and includes; and
 * the keywords its metadata carries (read back by the importer, issue 38).
 */
export interface ItemPageRow {
  id: string;
  description: string;
  includes: string[];
  keywords: string[];
}

/** The descriptions, includes and keywords of the given items. */
export async function findItemPages(db: Db, contentIds: readonly string[]): Promise<ItemPageRow[]> {
  if (contentIds.length === 0) return [];
  return rows<ItemPageRow>(
    db,
    sql`SELECT id, description, includes, keywords FROM content WHERE id = ANY(${uuidArray(contentIds)})`,
  );
}

/** The sections (name, description HTML) of the given items, in their order. */
export async function findItemSections(db: Db, contentIds: readonly string[]) {
  if (contentIds.length === 0) return [];
  return rows<{ contentId: string; name: string; description: string }>(
    db,
    sql`SELECT content_id AS "contentId", name, description FROM content_section
        WHERE content_id = ANY(${uuidArray(contentIds)}) ORDER BY content_id, index, id`,
  );
}

/**
 * The knowledge items of any type linked to the given items, with their code and statement, and the
 * topics (with their keywords) the item names for it (CyBOK alignments; null when none), in order.
 */
export async function findItemKnowledgeStatements(db: Db, contentIds: readonly string[]) {
  if (contentIds.length === 0) return [];
  return rows<{
    contentId: string;
    id: string;
    code: string;
    name: string;
    type: string;
    topics: CybokTopic[] | null;
  }>(
    db,
    sql`SELECT ck.content_id AS "contentId", k.id, k.code, k.name, k.type, ck.topics
        FROM content_knowledge ck JOIN knowledge_item k ON k.id = ck.knowledge_id
        WHERE ck.content_id = ANY(${uuidArray(contentIds)}) ORDER BY ck.content_id, ck.index, k.id`,
  );
}

/** A contributor of an item as a cartridge names them (000 §3 Contributor, without e-mail or portrait). */
export interface ItemContributorRow {
  firstName: string;
  middleName: string | null;
  lastName: string;
  prefix: string | null;
  suffix: string | null;
  school: string | null;
  title: string | null;
}

/**
 * The contributors of the given items, by item id, each item's in their order on it (as its page
 * shows them: index, then last name); an item without contributors is not in the map.
 */
export async function findItemContributors(
  db: Db,
  contentIds: readonly string[],
): Promise<Map<string, ItemContributorRow[]>> {
  const byItem = new Map<string, ItemContributorRow[]>();
  if (contentIds.length === 0) return byItem;
  const found = await rows<ItemContributorRow & { contentId: string }>(
    db,
    sql`SELECT cc.content_id AS "contentId", p.first_name AS "firstName", p.middle_name AS "middleName",
          p.last_name AS "lastName", p.prefix, p.suffix, p.school, p.title
        FROM content_contributor cc JOIN contributor p ON p.id = cc.contributor_id
        WHERE cc.content_id = ANY(${uuidArray(contentIds)}) ORDER BY cc.content_id, cc.index, p.last_name, p.id`,
  );
  for (const { contentId, ...person } of found) {
    const list = byItem.get(contentId);
    if (list) list.push(person);
    else byItem.set(contentId, [person]);
  }
  return byItem;
}

/** The knowledge items (TKS, KSA, KU) linked to the given items, in their order. */
export async function findItemKnowledge(db: Db, contentIds: readonly string[]) {
  if (contentIds.length === 0) return [];
  return rows<{ contentId: string; knowledgeId: string; type: KnowledgeType }>(
    db,
    sql`SELECT ck.content_id AS "contentId", ck.knowledge_id AS "knowledgeId", k.type
        FROM content_knowledge ck JOIN knowledge_item k ON k.id = ck.knowledge_id
        WHERE ck.content_id = ANY(${uuidArray(contentIds)}) ORDER BY ck.content_id, ck.index, k.id`,
  );
}

/** A bundle of `contentId` in `format` built (or being built) from the tree with `fingerprint`: ready first. */
export async function findBundleByFingerprint(
  db: Db,
  contentId: string,
  fingerprint: string,
  format: BundleFormat,
) {
  const [row] = await rows<{ fileId: string; name: string; status: 'pending' | 'ready' }>(
    db,
    sql`SELECT f.id AS "fileId", f.name, f.status FROM bundle b JOIN file f ON f.id = b.file_id
        WHERE b.content_id = ${contentId}::uuid AND b.fingerprint = ${fingerprint} AND b.format = ${format}
          AND f.status IN ('ready', 'pending')
        ORDER BY (f.status = 'ready') DESC, f.created_at DESC LIMIT 1`,
  );
  return row;
}

/**
 * Serialises bundle requests for one tree until the transaction ends, so that two requests (on any
 * instances) never create two bundles of the same tree.
 */
export async function lockBundleRequest(tx: Db, contentId: string, fingerprint: string): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`bundle:${contentId}:${fingerprint}`}, 0))`,
  );
}

/** Inserts the pending bundle file and its bundle row; returns the file id. */
export async function insertBundle(
  tx: Db,
  values: {
    contentId: string;
    fingerprint: string;
    format: BundleFormat;
    name: string;
    mimeType: string;
    storageKey: string;
    createdBy: string | null;
  },
): Promise<string> {
  const [row] = await tx
    .insert(file)
    .values({
      name: values.name,
      filename: values.name,
      mimeType: values.mimeType,
      storageKey: values.storageKey,
      visibility: 'private',
      metadataType: 'bundle',
      metadataId: values.contentId,
      status: 'pending',
      createdBy: values.createdBy,
    })
    .returning({ id: file.id });
  await tx.insert(bundle).values({
    fileId: row!.id,
    contentId: values.contentId,
    fingerprint: values.fingerprint,
    format: values.format,
  });
  return row!.id;
}

/** Records the tree a bundle was actually built from (it may have changed since the request). */
export async function setBundleFingerprint(db: Db, fileId: string, fingerprint: string): Promise<void> {
  await db.update(bundle).set({ fingerprint }).where(eq(bundle.fileId, fileId));
}

/** Marks a pending bundle failed with a reason a user can read; false when it was not pending. */
export async function failBundle(db: Db, fileId: string, reason: string): Promise<boolean> {
  if (!(await updateFileWhileStatus(db, { id: fileId, status: 'pending', values: { status: 'failed' } })))
    return false;
  await db.update(bundle).set({ failureReason: reason }).where(eq(bundle.fileId, fileId));
  return true;
}

/**
 * Deletes the finished bundles of an item in the same format for the same audience that a newer one
 * replaces, once they are older than `graceMs` (a download of one may still be running); returns their
 * storage keys.
 */
export async function deleteSupersededBundles(
  db: Db,
  args: {
    contentId: string;
    format: BundleFormat;
    audiencePrefix: string;
    keepFileId: string;
    graceMs: number;
  },
): Promise<string[]> {
  const old = await rows<{ id: string }>(
    db,
    sql`SELECT f.id FROM bundle b JOIN file f ON f.id = b.file_id
        WHERE b.content_id = ${args.contentId}::uuid AND f.id <> ${args.keepFileId}::uuid
          AND b.format = ${args.format}
          AND starts_with(b.fingerprint, ${args.audiencePrefix}) AND f.status IN ('ready', 'failed')
          AND f.created_at < now() - ${millis(args.graceMs)}`,
  );
  if (old.length === 0) return [];
  const deleted = await db
    .delete(file)
    .where(
      inArray(
        file.id,
        old.map((o) => o.id),
      ),
    )
    .returning({ storageKey: file.storageKey });
  return deleted.map((d) => d.storageKey);
}
