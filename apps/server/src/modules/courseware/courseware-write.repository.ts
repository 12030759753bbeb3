/**
 * Courseware write queries (issue 4: create, edit, delete, restore, history). Only SQL lives here; the
 * service runs these inside one transaction per request and passes that transaction in as `db`.
 */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows, uuidArray } from '../../db/rows.js';
import { contributor } from '../../db/schema/contributors.js';
import {
  content,
  contentContributor,
  contentKnowledge,
  contentRevision,
  contentSection,
} from '../../db/schema/courseware.js';
import { file } from '../../db/schema/files.js';
import { knowledgeItem } from '../../db/schema/knowledge.js';
import type { ContentRow } from './courseware.repository.js';

/** The editable state of an item as stored, read under a row lock for a save. */
export type LockedContent = Pick<
  ContentRow,
  | 'id'
  | 'name'
  | 'description'
  | 'urlAlias'
  | 'status'
  | 'categories'
  | 'tags'
  | 'keywords'
  | 'educationLevels'
  | 'experienceLevels'
  | 'parentId'
  | 'rootId'
  | 'lastCuratedCourseware'
  | 'lastCuratedEnvironment'
  | 'version'
>;

/** Reads one item and locks its row until the transaction ends (FOR UPDATE), so saves queue up. */
export async function lockContent(db: Db, id: string): Promise<LockedContent | undefined> {
  const [row] = await rows<LockedContent>(
    db,
    sql`SELECT id, name, description, url_alias AS "urlAlias", status, categories, tags, keywords,
          education_levels AS "educationLevels", experience_levels AS "experienceLevels",
          parent_id AS "parentId", root_id AS "rootId",
          last_curated_courseware::text AS "lastCuratedCourseware",
          last_curated_environment::text AS "lastCuratedEnvironment", version
        FROM content WHERE id = ${id}::uuid FOR UPDATE`,
  );
  return row;
}

/** Whether another item already uses the alias. */
export async function isAliasTaken(db: Db, alias: string, exceptId?: string): Promise<boolean> {
  const found = await rows<{ hit: number }>(
    db,
    exceptId
      ? sql`SELECT 1 AS hit FROM content WHERE url_alias = ${alias} AND id <> ${exceptId}::uuid LIMIT 1`
      : sql`SELECT 1 AS hit FROM content WHERE url_alias = ${alias} LIMIT 1`,
  );
  return found.length > 0;
}

/** The next free child index under a parent. */
export async function nextChildIndex(db: Db, parentId: string): Promise<number> {
  const [row] = await rows<{ next: number }>(
    db,
    sql`SELECT coalesce(max(index) + 1, 0)::int AS next FROM content WHERE parent_id = ${parentId}::uuid`,
  );
  return row?.next ?? 0;
}

export type ContentInsert = typeof content.$inferInsert;

/** Inserts an item; the search trigger fills its vector and facet bits. */
export async function insertContent(db: Db, values: ContentInsert): Promise<void> {
  await db.insert(content).values(values);
}

/** Sets columns of an item, bumps its version and stamps who and when; returns the new version. */
export async function updateContentRow(
  db: Db,
  id: string,
  values: Partial<ContentInsert>,
  accountId: string | null,
): Promise<number> {
  const [row] = await db
    .update(content)
    .set({ ...values, version: sql`${content.version} + 1`, modifiedAt: sql`now()`, modifiedBy: accountId })
    .where(eq(content.id, id))
    .returning({ version: content.version });
  return row!.version;
}

/** Records the values a save replaced (issue 4: history). */
export async function insertRevision(
  db: Db,
  values: {
    contentId: string;
    version: number;
    accountId: string | null;
    previous: Record<string, unknown>;
    restoredFrom?: number | null;
  },
): Promise<void> {
  await db.insert(contentRevision).values(values);
}

/** Knowledge ids of an item, each type in index order. */
export async function findKnowledgeIds(db: Db, contentId: string): Promise<string[]> {
  const found = await db
    .select({ id: contentKnowledge.knowledgeId })
    .from(contentKnowledge)
    .where(eq(contentKnowledge.contentId, contentId))
    .orderBy(asc(contentKnowledge.index), asc(contentKnowledge.knowledgeId));
  return found.map((r) => r.id);
}

/** Which of the ids are knowledge items. */
export async function existingKnowledgeIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await db
    .select({ id: knowledgeItem.id })
    .from(knowledgeItem)
    .where(inArray(knowledgeItem.id, [...ids]));
  return new Set(found.map((r) => r.id));
}

/**
 * Replaces the knowledge links; `ids` is the display order of each type (index per type). A link that
 * stays keeps what else it holds (a CyBOK alignment's topics).
 */
export async function replaceKnowledge(db: Db, contentId: string, lists: readonly string[][]): Promise<void> {
  const values = lists.flatMap((ids) => ids.map((knowledgeId, index) => ({ contentId, knowledgeId, index })));
  const kept = values.map((v) => v.knowledgeId);
  await db
    .delete(contentKnowledge)
    .where(
      kept.length > 0
        ? and(eq(contentKnowledge.contentId, contentId), notInArray(contentKnowledge.knowledgeId, kept))
        : eq(contentKnowledge.contentId, contentId),
    );
  if (values.length > 0) {
    await db
      .insert(contentKnowledge)
      .values(values)
      .onConflictDoUpdate({
        target: [contentKnowledge.contentId, contentKnowledge.knowledgeId],
        set: { index: sql`excluded.index` },
      });
  }
}

export async function findContributorIds(db: Db, contentId: string): Promise<string[]> {
  const found = await db
    .select({ id: contentContributor.contributorId })
    .from(contentContributor)
    .where(eq(contentContributor.contentId, contentId))
    .orderBy(asc(contentContributor.index));
  return found.map((r) => r.id);
}

export async function existingContributorIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await db
    .select({ id: contributor.id })
    .from(contributor)
    .where(inArray(contributor.id, [...ids]));
  return new Set(found.map((r) => r.id));
}

export async function replaceContributors(db: Db, contentId: string, ids: readonly string[]): Promise<void> {
  await db.delete(contentContributor).where(eq(contentContributor.contentId, contentId));
  if (ids.length > 0) {
    await db
      .insert(contentContributor)
      .values(ids.map((contributorId, index) => ({ contentId, contributorId, index })));
  }
}

export interface SectionRow {
  id: string;
  name: string;
  description: string;
  index: number;
}

export async function findSectionRows(db: Db, contentId: string): Promise<SectionRow[]> {
  return db
    .select({
      id: contentSection.id,
      name: contentSection.name,
      description: contentSection.description,
      index: contentSection.index,
    })
    .from(contentSection)
    .where(eq(contentSection.contentId, contentId))
    .orderBy(asc(contentSection.index), asc(contentSection.id));
}

/**
 * Makes the item's sections exactly `sections` in that order: listed ids are updated, new ones
 * inserted, the rest deleted. Ids must already belong to the item (the service checks).
 */
export async function replaceSections(
  db: Db,
  contentId: string,
  sections: readonly { id?: string; name: string; description: string }[],
): Promise<void> {
  const keep = sections.flatMap((s) => (s.id ? [s.id] : []));
  await db
    .delete(contentSection)
    .where(
      keep.length > 0
        ? and(eq(contentSection.contentId, contentId), sql`${contentSection.id} <> ALL(${uuidArray(keep)})`)
        : eq(contentSection.contentId, contentId),
    );
  for (const [index, section] of sections.entries()) {
    if (section.id) {
      await db
        .update(contentSection)
        .set({ name: section.name, description: section.description, index })
        .where(eq(contentSection.id, section.id));
    } else {
      await db
        .insert(contentSection)
        .values({ contentId, name: section.name, description: section.description, index });
    }
  }
}

export interface ChildRow {
  id: string;
  name: string;
  index: number;
}

/** Direct children of an item, whatever their status. */
export async function findChildRows(db: Db, parentId: string): Promise<ChildRow[]> {
  return db
    .select({ id: content.id, name: content.name, index: content.index })
    .from(content)
    .where(eq(content.parentId, parentId))
    .orderBy(asc(content.index), asc(content.name));
}

export interface FileRow {
  id: string;
  name: string;
  index: number;
  size: number;
  sha256: string | null;
}

/** The ready files of an item (what its page lists). */
export async function findFileRows(db: Db, contentId: string): Promise<FileRow[]> {
  return db
    .select({ id: file.id, name: file.name, index: file.index, size: file.size, sha256: file.sha256 })
    .from(file)
    .where(and(eq(file.metadataType, 'content'), eq(file.metadataId, contentId), eq(file.status, 'ready')))
    .orderBy(asc(file.index), asc(file.name));
}

export async function updateFileRow(db: Db, id: string, values: { name: string; index: number }) {
  await db.update(file).set(values).where(eq(file.id, id));
}

/** Deletes file rows and returns their storage keys, to be removed from the store after commit. */
export async function deleteFileRows(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const deleted = await db
    .delete(file)
    .where(inArray(file.id, [...ids]))
    .returning({ key: file.storageKey });
  return deleted.map((r) => r.key);
}

/** Ids of an item and all its descendants. */
export async function findTreeIds(db: Db, id: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`WITH RECURSIVE tree AS (
          SELECT id FROM content WHERE id = ${id}::uuid
          UNION
          SELECT c.id FROM content c JOIN tree ON c.parent_id = tree.id)
        SELECT id FROM tree`,
  );
  return found.map((r) => r.id);
}

/**
 * Every file that belongs to the items of a tree: their own files, their zip bundles and the files
 * their lessons point at. Portraits belong to contributors, not content, and are kept.
 */
export async function findTreeFileIds(db: Db, treeIds: readonly string[]): Promise<string[]> {
  const ids = uuidArray(treeIds);
  const found = await rows<{ id: string }>(
    db,
    sql`SELECT f.id FROM file f WHERE f.metadata_type <> 'portrait' AND f.metadata_id = ANY(${ids})
        UNION SELECT b.file_id FROM bundle b WHERE b.content_id = ANY(${ids})
        UNION SELECT f.id FROM file f WHERE f.id::text IN (
          SELECT u->>'fileId' FROM lesson l, jsonb_array_elements(l.urls) u WHERE l.content_id = ANY(${ids})
          UNION
          SELECT u->>'fileId' FROM lesson l, jsonb_array_elements(l.pages) p, jsonb_array_elements(p->'urls') u
          WHERE l.content_id = ANY(${ids}))`,
  );
  return found.map((r) => r.id);
}

/** Deletes an item; its descendants, sections, links, lessons and revisions go by ON DELETE CASCADE. */
export async function deleteContentRow(db: Db, id: string): Promise<void> {
  await db.delete(content).where(eq(content.id, id));
}

/** Bundle rows of a tree's items (their files are deleted with the tree's files). */
export async function deleteTreeBundles(db: Db, treeIds: readonly string[]): Promise<void> {
  await db.execute(sql`DELETE FROM bundle WHERE content_id = ANY(${uuidArray(treeIds)})`);
}

/** Parent reference (for "go to the parent after a delete"). */
export async function findRef(db: Db, id: string) {
  const [row] = await db
    .select({ id: content.id, name: content.name, urlAlias: content.urlAlias, status: content.status })
    .from(content)
    .where(eq(content.id, id));
  return row;
}
