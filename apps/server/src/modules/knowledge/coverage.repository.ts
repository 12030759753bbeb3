/**
 * Queries of the coverage matrix (issue 25). An alignment counts for the item and each of its ancestors
 * (a lab's alignment counts for its module and course): CTE `aligned` walks parent_id upwards. An
 * item's visibility is its listing_status (an item under an unpublished ancestor counts as unpublished).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';

/**
 * CTE `aligned(id, knowledge_id, listing_status)`: every item with each alignment of its subtree.
 * `listing_status` is 'published' when the item and the aligned descendant are both published (the
 * public catalogue), 'unpublished' when either is unpublished or unlisted (what editors see besides);
 * archived items and alignments of archived items count nowhere.
 */
const ALIGNED = sql`RECURSIVE up(id, knowledge_id, origin) AS (
    SELECT ck.content_id, ck.knowledge_id, c.listing_status
      FROM content_knowledge ck JOIN content c ON c.id = ck.content_id
    UNION
    SELECT c.parent_id, up.knowledge_id, up.origin FROM up JOIN content c ON c.id = up.id WHERE c.parent_id IS NOT NULL),
  aligned AS (
    SELECT up.id, up.knowledge_id,
      CASE WHEN up.origin = 'published' AND c.listing_status = 'published' THEN 'published'
           WHEN up.origin <> 'archived' AND c.listing_status <> 'archived' THEN 'unpublished' END AS listing_status
    FROM up JOIN content c ON c.id = up.id)`;

/** Items of one listing status in `aligned` (joined by `join`, narrowed by `where`), counted once each. */
const itemsOf = (status: string, join: SQL, where: SQL = sql`true`) =>
  sql`(SELECT count(DISTINCT a.id)::int FROM aligned a ${join} WHERE a.listing_status = ${status} AND ${where})`;

export interface CoverageCountRow {
  id: string;
  code: string;
  name: string;
  group: string | null;
  statements: number;
  covered: number;
  published: number;
  unpublished: number;
}

/** Every work role (by category name, then id) with its counts. */
export async function workRoleCounts(db: Db): Promise<CoverageCountRow[]> {
  const onRole = sql`JOIN work_role_statement s ON s.knowledge_id = a.knowledge_id AND s.work_role_id = r.id`;
  return rows<CoverageCountRow>(
    db,
    sql`WITH ${ALIGNED}
        SELECT r.id, r.id AS code, r.name, g.name AS "group",
          (SELECT count(*)::int FROM work_role_statement s WHERE s.work_role_id = r.id) AS statements,
          (SELECT count(DISTINCT s.knowledge_id)::int FROM work_role_statement s
             WHERE s.work_role_id = r.id AND EXISTS (SELECT 1 FROM aligned a
               WHERE a.knowledge_id = s.knowledge_id AND a.listing_status = 'published')) AS covered,
          ${itemsOf('published', onRole)} AS published,
          ${itemsOf('unpublished', onRole)} AS unpublished
        FROM work_role r JOIN work_role_category g ON g.id = r.category_id
        ORDER BY g.name, r.id`,
  );
}

/** Every knowledge item of `type` (KU, CYBOK) with its counts; statements is 1. */
export async function knowledgeCounts(db: Db, type: 'KU' | 'CYBOK'): Promise<CoverageCountRow[]> {
  return rows<CoverageCountRow>(
    db,
    sql`WITH ${ALIGNED}
        SELECT k.id, k.code, k.name, NULL AS "group", 1 AS statements,
          (CASE WHEN EXISTS (SELECT 1 FROM aligned a WHERE a.knowledge_id = k.id AND a.listing_status = 'published')
            THEN 1 ELSE 0 END) AS covered,
          ${itemsOf('published', sql``, sql`a.knowledge_id = k.id`)} AS published,
          ${itemsOf('unpublished', sql``, sql`a.knowledge_id = k.id`)} AS unpublished
        FROM knowledge_item k WHERE k.type = ${type}
        ORDER BY k.code`,
  );
}

/**
 * The uncovered statements of every work role (no published item aligned), the `limit` most specific
 * of each (fewest roles, then id), with each role's number of gaps.
 */
export async function workRoleGaps(
  db: Db,
  limit: number,
): Promise<{ roleId: string; id: string; code: string; name: string; roles: number; total: number }[]> {
  return rows(
    db,
    sql`WITH ${ALIGNED},
        gaps AS (
          SELECT s.work_role_id AS "roleId", k.id, k.code, k.name,
            (SELECT count(*)::int FROM work_role_statement w WHERE w.knowledge_id = k.id) AS roles
          FROM work_role_statement s JOIN knowledge_item k ON k.id = s.knowledge_id
          WHERE NOT EXISTS (SELECT 1 FROM aligned a WHERE a.knowledge_id = s.knowledge_id AND a.listing_status = 'published')),
        ranked AS (
          SELECT *, row_number() OVER (PARTITION BY "roleId" ORDER BY roles, id) AS n,
            count(*) OVER (PARTITION BY "roleId")::int AS total
          FROM gaps)
        SELECT "roleId", id, code, name, roles, total FROM ranked WHERE n <= ${limit} ORDER BY "roleId", n`,
  );
}

/**
 * A page of one work role's uncovered statements, most specific first (fewest roles, then id), after
 * the cursor `after`; `limit + 1` rows so the caller knows whether there is a next page.
 */
export async function workRoleGapPage(
  db: Db,
  roleId: string,
  { limit, after }: { limit: number; after?: { roles: number; id: string } },
): Promise<{ id: string; code: string; name: string; roles: number }[]> {
  const cursor = after ? sql`(g.roles, g.id) > (${after.roles}::int, ${after.id})` : sql`true`;
  return rows(
    db,
    sql`WITH ${ALIGNED},
        gaps AS (
          SELECT k.id, k.code, k.name,
            (SELECT count(*)::int FROM work_role_statement w WHERE w.knowledge_id = k.id) AS roles
          FROM work_role_statement s JOIN knowledge_item k ON k.id = s.knowledge_id
          WHERE s.work_role_id = ${roleId}
            AND NOT EXISTS (SELECT 1 FROM aligned a WHERE a.knowledge_id = s.knowledge_id AND a.listing_status = 'published'))
        SELECT g.id, g.code, g.name, g.roles FROM gaps g WHERE ${cursor}
        ORDER BY g.roles, g.id LIMIT ${limit + 1}`,
  );
}

/**
 * The search generation (migration 0014): raised by statement triggers whenever content, its knowledge
 * links or its files change, so a matrix computed at one generation holds until it moves.
 */
export async function searchGeneration(db: Db): Promise<number> {
  const [row] = await rows<{ generation: string | number }>(
    db,
    sql`SELECT generation FROM search_generation WHERE id = 1`,
  );
  return Number(row?.generation ?? 0);
}
