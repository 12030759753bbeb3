/**
 * Queries of course import (issue 38): the imports themselves, where imported items and files came from,
 * and what the plan compares a package with (the items and files an earlier import of it left, the
 * knowledge ids and aliases it would use). Each takes a Db or a transaction.
 */
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows, textArray, uuidArray } from '../../db/rows.js';
import { account } from '../../db/schema/identity.js';
import { contentImportOrigin, coursewareImport, fileImportOrigin } from '../../db/schema/imports.js';

export type ImportRow = typeof coursewareImport.$inferSelect;
export type ImportInsert = typeof coursewareImport.$inferInsert;

/** An item an earlier import of the package wrote, as it is now. */
export interface OriginRow {
  contentId: string;
  path: string;
  fieldsHash: string;
  urlAlias: string;
  name: string;
  parentId: string | null;
  rootId: string | null;
  status: string;
}

/** Items of an earlier import of a package, with their origin path. */
export async function findOrigins(db: Db, packageId: string): Promise<OriginRow[]> {
  return rows<OriginRow>(
    db,
    sql`SELECT o.content_id AS "contentId", o.path, o.fields_hash AS "fieldsHash", c.url_alias AS "urlAlias",
          c.name, c.parent_id AS "parentId", c.root_id AS "rootId", c.status
        FROM content_import_origin o JOIN content c ON c.id = o.content_id
        WHERE o.package_id = ${packageId}`,
  );
}

/** A ready file an earlier import attached, with its origin path. */
export interface FileOriginRow {
  fileId: string;
  contentId: string;
  path: string;
  name: string;
  sha256: string | null;
  size: number;
}

/** Files earlier imports attached to these items. */
export async function findFileOrigins(db: Db, contentIds: readonly string[]): Promise<FileOriginRow[]> {
  if (contentIds.length === 0) return [];
  return rows<FileOriginRow>(
    db,
    sql`SELECT o.file_id AS "fileId", o.content_id AS "contentId", o.path, f.name, f.sha256, f.size
        FROM file_import_origin o JOIN file f ON f.id = o.file_id
        WHERE o.content_id = ANY(${uuidArray(contentIds)}) AND f.status = 'ready'`,
  );
}

/** Current fields of items, for telling the curator which ones an update changes. */
export interface CurrentItemRow {
  id: string;
  version: number;
  fields: Record<string, unknown>;
}

/** The fields an import sets, of these items, with their knowledge ids in order. */
export async function findCurrentItems(db: Db, ids: readonly string[]): Promise<CurrentItemRow[]> {
  if (ids.length === 0) return [];
  return rows<CurrentItemRow>(
    db,
    sql`SELECT c.id, c.version, jsonb_build_object(
          'name', c.name, 'description', c.description, 'categories', c.categories, 'tags', c.tags,
          'keywords', c.keywords, 'educationLevels', c.education_levels,
          'experienceLevels', c.experience_levels, 'includes', c.includes, 'sourceName', c.source_name,
          'sourceUrl', c.source_url, 'sourceAuthor', c.source_author, 'licenseName', c.license_name,
          'licenseUrl', c.license_url,
          'knowledgeIds', coalesce((SELECT array_agg(k.knowledge_id ORDER BY k.index)
                                    FROM content_knowledge k WHERE k.content_id = c.id), '{}')) AS fields
        FROM content c WHERE c.id = ANY(${uuidArray(ids)})`,
  );
}

/** The reference data's ids among `ids`, compared without case: lower-cased id → stored id. */
export async function findKnowledgeIds(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM knowledge_item WHERE lower(id) = ANY(${textArray(ids.map((i) => i.toLowerCase()))})`,
  );
  return new Map(found.map((r) => [r.id.toLowerCase(), r.id]));
}

/** Which of these URL aliases other items use already. */
export async function findTakenAliases(db: Db, aliases: readonly string[]): Promise<Set<string>> {
  if (aliases.length === 0) return new Set();
  const found = await rows<{ alias: string }>(
    db,
    sql`SELECT url_alias AS alias FROM content WHERE url_alias = ANY(${textArray(aliases)})`,
  );
  return new Set(found.map((r) => r.alias));
}

/** Records (or moves) where items came from. */
export async function upsertOrigins(
  db: Db,
  values: { contentId: string; packageId: string; path: string; fieldsHash: string }[],
): Promise<void> {
  if (values.length === 0) return;
  await db
    .insert(contentImportOrigin)
    .values(values)
    .onConflictDoUpdate({
      target: contentImportOrigin.contentId,
      set: { path: sql`excluded.path`, fieldsHash: sql`excluded.fields_hash` },
    });
}

/** Records where new files came from. */
export async function insertFileOrigins(
  db: Db,
  values: { fileId: string; contentId: string; path: string }[],
): Promise<void> {
  if (values.length > 0) await db.insert(fileImportOrigin).values(values);
}

/** Adds an import. */
export async function insertImport(db: Db, values: ImportInsert): Promise<ImportRow> {
  const [row] = await db.insert(coursewareImport).values(values).returning();
  return row!;
}

/** An import with the name of who started it. */
export async function findImport(
  db: Db,
  id: string,
): Promise<(ImportRow & { creatorName: string | null }) | undefined> {
  const [row] = await db
    .select({ row: coursewareImport, creatorName: account.displayName })
    .from(coursewareImport)
    .leftJoin(account, eq(account.id, coursewareImport.createdBy))
    .where(eq(coursewareImport.id, id));
  return row ? { ...row.row, creatorName: row.creatorName } : undefined;
}

/** Sets columns of an import and stamps `updatedAt`; `onlyIn` limits it to imports in those states. */
export async function updateImport(
  db: Db,
  id: string,
  values: Partial<ImportInsert>,
  onlyIn?: readonly string[],
): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(coursewareImport)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      onlyIn
        ? and(eq(coursewareImport.id, id), sql`${coursewareImport.status} = ANY(${textArray(onlyIn)})`)
        : eq(coursewareImport.id, id),
    )
    .returning();
  return row;
}

/** Newest imports first, after the (createdAt, id) of the last one of the page before. */
export async function listImports(
  db: Db,
  after: { createdAt: string; id: string } | undefined,
  limit: number,
): Promise<(ImportRow & { creatorName: string | null })[]> {
  const found = await db
    .select({ row: coursewareImport, creatorName: account.displayName })
    .from(coursewareImport)
    .leftJoin(account, eq(account.id, coursewareImport.createdBy))
    .where(
      after
        ? or(
            lt(coursewareImport.createdAt, new Date(after.createdAt)),
            and(eq(coursewareImport.createdAt, new Date(after.createdAt)), lt(coursewareImport.id, after.id)),
          )
        : undefined,
    )
    .orderBy(desc(coursewareImport.createdAt), desc(coursewareImport.id))
    .limit(limit);
  return found.map((r) => ({ ...r.row, creatorName: r.creatorName }));
}

/** Previews never started and older than `before`: their kept packages can go. */
export async function findStalePreviews(db: Db, before: Date): Promise<ImportRow[]> {
  return db
    .select()
    .from(coursewareImport)
    .where(and(eq(coursewareImport.status, 'previewed'), lt(coursewareImport.updatedAt, before)));
}

/** Whether a cancel of the import was asked for (the running job looks every IMPORT_POLL_INTERVAL_MS). */
export async function isCancelRequested(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ cancelRequested: coursewareImport.cancelRequested })
    .from(coursewareImport)
    .where(eq(coursewareImport.id, id));
  return row?.cancelRequested ?? false;
}

/** Sets a running import's progress (no row read back: the preview is large). */
export async function setProgress(db: Db, id: string, progress: unknown): Promise<void> {
  await db
    .update(coursewareImport)
    .set({ progress, updatedAt: sql`now()` })
    .where(and(eq(coursewareImport.id, id), eq(coursewareImport.status, 'running')));
}
