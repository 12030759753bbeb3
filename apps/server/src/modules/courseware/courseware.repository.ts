/**
 * Courseware queries (000 §3, §7): an item, its tree, files and links, and the catalogue list. Search
 * has its own queries in `search.repository.ts`. Only SQL lives here; the visibility rules are passed
 * in by the service as the list of statuses the caller may see. Every function takes a Db or a
 * transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type ContentStatus, type KnowledgeType } from '@portal/shared/enums';
import { TREE_DEPTH_MAX } from '@portal/shared/limits';
import { UUID_PATTERN } from '@portal/shared/schemas/common';
import type { Db } from '../../db/client.js';
import { rows, textArray, uuidArray } from '../../db/rows.js';
import { content } from '../../db/schema/courseware.js';

/** A content row as the detail page needs it. */
export interface ContentRow {
  id: string;
  name: string;
  description: string;
  urlAlias: string;
  status: ContentStatus;
  categories: string[];
  tags: string[];
  keywords: string[];
  educationLevels: string[];
  experienceLevels: string[];
  includes: string[];
  parentId: string | null;
  rootId: string | null;
  lastCuratedCourseware: string | null;
  lastCuratedEnvironment: string | null;
  sourceName: string | null;
  sourceUrl: string | null;
  sourceAuthor: string | null;
  licenseName: string | null;
  licenseUrl: string | null;
  createdAt: Date | string;
  modifiedAt: Date | string;
  version: number;
  /** Display name of the account that saved last, if any. */
  modifiedByName: string | null;
  /** The description as plain text (what search and link previews read). */
  descriptionText: string;
  /** The status search, lists and the sitemap go by (the most hidden of its own and its ancestors'). */
  listingStatus: ContentStatus | null;
}

const CONTENT_COLUMNS = sql`c.id, c.name, c.description, c.url_alias AS "urlAlias", c.status, c.categories, c.tags,
  c.keywords, c.education_levels AS "educationLevels", c.experience_levels AS "experienceLevels", c.includes,
  c.parent_id AS "parentId", c.root_id AS "rootId",
  c.last_curated_courseware::text AS "lastCuratedCourseware", c.last_curated_environment::text AS "lastCuratedEnvironment",
  c.source_name AS "sourceName", c.source_url AS "sourceUrl", c.source_author AS "sourceAuthor",
  c.license_name AS "licenseName", c.license_url AS "licenseUrl", c.created_at AS "createdAt", c.modified_at AS "modifiedAt",
  c.version, (SELECT a.display_name FROM account a WHERE a.id = c.modified_by) AS "modifiedByName",
  c.description_text AS "descriptionText", c.listing_status AS "listingStatus"`;

/** One content row by id (when `id` is a uuid) or by URL alias. */
export async function findContent(
  db: Db,
  key: { id?: string; alias?: string },
): Promise<ContentRow | undefined> {
  const where = key.id ? sql`c.id = ${key.id}::uuid` : sql`c.url_alias = ${key.alias ?? ''}`;
  const [row] = await rows<ContentRow>(db, sql`SELECT ${CONTENT_COLUMNS} FROM content c WHERE ${where}`);
  return row;
}

/** The alias and last change of every item whose listing status is one of `statuses`, in alias order. */
export async function listAliasesByListing(
  db: Db,
  statuses: readonly ContentStatus[],
): Promise<{ urlAlias: string; modifiedAt: Date | string }[]> {
  return rows(
    db,
    sql`SELECT url_alias AS "urlAlias", modified_at AS "modifiedAt" FROM content
        WHERE listing_status = ANY(${textArray(statuses)}) ORDER BY url_alias`,
  );
}

/** The parent chain of an item, top-most first. */
export async function findAncestors(
  db: Db,
  parentId: string | null,
): Promise<{ id: string; name: string; urlAlias: string; status: ContentStatus }[]> {
  if (!parentId) return [];
  return rows(
    db,
    sql`WITH RECURSIVE chain AS (
          SELECT id, name, url_alias, status, parent_id, 0 AS depth FROM content WHERE id = ${parentId}::uuid
          UNION ALL
          SELECT p.id, p.name, p.url_alias, p.status, p.parent_id, chain.depth + 1
          FROM content p JOIN chain ON p.id = chain.parent_id WHERE chain.depth < ${TREE_DEPTH_MAX})
        SELECT id, name, url_alias AS "urlAlias", status FROM chain ORDER BY depth DESC`,
  );
}

/**
 * Whether an ancestor of the item has a status outside `statuses` (an item under a hidden ancestor is
 * hidden with it, as in the tree walks).
 */
export async function hasHiddenAncestor(
  db: Db,
  id: string,
  statuses: readonly ContentStatus[],
): Promise<boolean> {
  const [row] = await rows<{ hidden: boolean }>(
    db,
    sql`WITH RECURSIVE chain AS (
          SELECT p.status, p.parent_id, 1 AS depth FROM content c JOIN content p ON p.id = c.parent_id
          WHERE c.id = ${id}::uuid
          UNION ALL
          SELECT p.status, p.parent_id, chain.depth + 1 FROM content p JOIN chain ON p.id = chain.parent_id
          WHERE chain.depth < ${TREE_DEPTH_MAX})
        SELECT EXISTS (SELECT 1 FROM chain WHERE NOT (status = ANY(${textArray(statuses)}))) AS hidden`,
  );
  return row?.hidden ?? false;
}

/**
 * The items of `ids` whose status and every ancestor's status are in `statuses` (hasHiddenAncestor for
 * many items in one query): id, name, urlAlias and status; the others are left out, in no order.
 */
export async function findVisibleRefs(
  db: Db,
  ids: readonly string[],
  statuses: readonly ContentStatus[],
): Promise<{ id: string; name: string; urlAlias: string; status: ContentStatus }[]> {
  const allowed = textArray(statuses);
  return rows(
    db,
    sql`WITH RECURSIVE chain AS (
          SELECT c.id AS item_id, p.status, p.parent_id, 1 AS depth
          FROM content c JOIN content p ON p.id = c.parent_id
          WHERE c.id = ANY(${uuidArray(ids)})
          UNION ALL
          SELECT chain.item_id, p.status, p.parent_id, chain.depth + 1
          FROM content p JOIN chain ON p.id = chain.parent_id
          WHERE chain.depth < ${TREE_DEPTH_MAX})
        SELECT c.id, c.name, c.url_alias AS "urlAlias", c.status FROM content c
        WHERE c.id = ANY(${uuidArray(ids)}) AND c.status = ANY(${allowed})
          AND NOT EXISTS (SELECT 1 FROM chain WHERE chain.item_id = c.id AND NOT (chain.status = ANY(${allowed})))`,
  );
}

export interface ChildRow {
  id: string;
  index: number;
  name: string;
  categories: string[];
  tags: string[];
  status: ContentStatus;
  urlAlias: string;
}

export async function findChildren(
  db: Db,
  parentId: string,
  statuses: readonly ContentStatus[],
): Promise<ChildRow[]> {
  return rows<ChildRow>(
    db,
    sql`SELECT id, index, name, categories, tags, status, url_alias AS "urlAlias" FROM content
        WHERE parent_id = ${parentId}::uuid AND status = ANY(${textArray(statuses)}) ORDER BY index, name, id`,
  );
}

export async function findSections(db: Db, contentId: string) {
  return rows<{ id: string; name: string; description: string; index: number }>(
    db,
    sql`SELECT id, name, description, index FROM content_section WHERE content_id = ${contentId}::uuid ORDER BY index, id`,
  );
}

/** A file of an item, with why its text was not extracted (null: extracted, pending or not a document). */
export interface ContentFileRow {
  id: string;
  name: string;
  filename: string;
  type: string;
  size: number;
  textNotExtracted: string | null;
}

export async function findContentFiles(db: Db, contentId: string) {
  return rows<ContentFileRow>(
    db,
    sql`SELECT f.id, f.name, f.filename, f.mime_type AS type, f.size::float8 AS size,
          ft.failure_reason AS "textNotExtracted"
        FROM file f LEFT JOIN file_text ft ON ft.file_id = f.id
        WHERE f.metadata_type = 'content' AND f.metadata_id = ${contentId}::uuid AND f.status = 'ready'
        ORDER BY f.index, f.name, f.id`,
  );
}

export async function findContentKnowledge(db: Db, contentId: string) {
  return rows<{
    id: string;
    index: number;
    code: string;
    name: string;
    type: KnowledgeType;
    topics: { topic: string; keywords: string[] }[] | null;
  }>(
    db,
    sql`SELECT k.id, ck.index, k.code, k.name, k.type, ck.topics FROM content_knowledge ck JOIN knowledge_item k ON k.id = ck.knowledge_id
        WHERE ck.content_id = ${contentId}::uuid ORDER BY ck.index, k.id`,
  );
}

export async function countLessons(db: Db, contentId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM lesson WHERE content_id = ${contentId}::uuid`,
  );
  return row?.n ?? 0;
}

/** Files of an item and of its visible descendants, tree order. */
export async function findTreeFiles(db: Db, contentId: string, statuses: readonly ContentStatus[]) {
  return rows<{
    id: string;
    name: string;
    filename: string;
    type: string;
    size: number;
    contentId: string;
    contentName: string;
  }>(
    db,
    sql`WITH RECURSIVE tree AS (
          SELECT id, name, ARRAY[0, 0]::int[] AS path, 0 AS depth FROM content WHERE id = ${contentId}::uuid
          UNION ALL
          SELECT c.id, c.name, tree.path || ARRAY[c.index, 0], tree.depth + 1 FROM content c JOIN tree ON c.parent_id = tree.id
          WHERE c.status = ANY(${textArray(statuses)}) AND tree.depth < ${TREE_DEPTH_MAX})
        SELECT f.id, f.name, f.filename, f.mime_type AS type, f.size::float8 AS size, tree.id AS "contentId", tree.name AS "contentName"
        FROM tree JOIN file f ON f.metadata_type = 'content' AND f.metadata_id = tree.id AND f.status = 'ready'
        ORDER BY tree.path, f.index, f.name, f.id`,
  );
}

/** Admin listing (000 §3 Content list item), keyset on (created_at, id). */
export async function listContent(
  db: Db,
  args: { statuses: readonly ContentStatus[]; limit: number; after?: { t: string; i: string } },
) {
  const after = args.after
    ? sql` AND (c.created_at, c.id) > (${args.after.t}::timestamptz, ${args.after.i}::uuid)`
    : sql``;
  return rows<{
    id: string;
    urlAlias: string;
    name: string;
    status: ContentStatus;
    categories: string[];
    contributors: string[] | null;
    createdAt: Date | string;
    modifiedAt: Date | string;
    cursor: string;
  }>(
    db,
    sql`SELECT c.id, c.url_alias AS "urlAlias", c.name, c.status, c.categories,
          (SELECT array_agg(cc.contributor_id::text ORDER BY cc.index) FROM content_contributor cc WHERE cc.content_id = c.id) AS contributors,
          c.created_at AS "createdAt", c.modified_at AS "modifiedAt", to_json(c.created_at)#>>'{}' AS cursor
        FROM content c WHERE c.status = ANY(${textArray(args.statuses)})${after}
        ORDER BY c.created_at, c.id LIMIT ${args.limit + 1}`,
  );
}

/** A course: a content item whose categories include `course`. */
export async function findCourse(
  db: Db,
  courseId: string,
): Promise<{ id: string; name: string; urlAlias: string; status: string } | undefined> {
  if (!UUID_PATTERN.test(courseId)) return undefined;
  const [row] = await db
    .select({ id: content.id, name: content.name, urlAlias: content.urlAlias, status: content.status })
    .from(content)
    .where(and(eq(content.id, courseId), sql`'course' = any(${content.categories})`));
  return row;
}
