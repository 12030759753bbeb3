/**
 * The work-role queries of search (issue 25): browse by a NICE work role, most specific items first,
 * and each item's coverage of the role's statements. Only SQL lives here; they read the knowledge
 * module's work_role tables. Every function takes a Db or a transaction.
 */
import { sql } from 'drizzle-orm';
import type { ContentStatus } from '@portal/shared/enums';
import type { Db } from '../../db/client.js';
import { rows, uuidArray } from '../../db/rows.js';
import {
  filterConditions,
  SUMMARY_COLUMNS,
  type ContentFilters,
  type SummaryRow,
} from './search.repository.js';

/**
 * SQL of one statement's specificity (issue 25): ln(work roles / roles of the statement), over alias
 * `ws` (a work_role_statement row). A statement of every role weighs 0.
 */
const STATEMENT_WEIGHT = sql`ln((SELECT count(*) FROM work_role)::float8
  / (SELECT count(*) FROM work_role_statement w2 WHERE w2.knowledge_id = ws.knowledge_id))`;

/**
 * Browse by a work role (issue 25, no text): the items the filters match (they include the role),
 * ordered by specificity — the sum of STATEMENT_WEIGHT over the role's statements the item is
 * aligned to — then name and id; keyset on (score, name, id). Returns limit+1 rows.
 */
export async function browseByWorkRole(
  db: Db,
  args: {
    statuses: readonly ContentStatus[];
    filters: ContentFilters & { workRole: string };
    limit: number;
    after?: { s: number; n: string; i: string };
  },
): Promise<(SummaryRow & { score: number })[]> {
  const where = filterConditions(args.statuses, args.filters);
  const a = args.after;
  const after = a
    ? sql`WHERE score < ${a.s}::float8 OR (score = ${a.s}::float8 AND (name, id) > (${a.n}, ${a.i}::uuid))`
    : sql``;
  return rows<SummaryRow & { score: number }>(
    db,
    sql`WITH scored AS (
          SELECT c.id, c.name, (SELECT coalesce(sum(${STATEMENT_WEIGHT}), 0)::float8
              FROM (SELECT DISTINCT ck.knowledge_id FROM content_knowledge ck WHERE ck.content_id = c.id) k
              JOIN work_role_statement ws ON ws.knowledge_id = k.knowledge_id AND ws.work_role_id = ${args.filters.workRole}) AS score
          FROM content c WHERE ${where}),
        page AS (SELECT * FROM scored ${after} ORDER BY score DESC, name, id LIMIT ${args.limit + 1})
        SELECT ${SUMMARY_COLUMNS}, page.score::real AS rank, page.score
        FROM page JOIN content c ON c.id = page.id LEFT JOIN content r ON r.id = c.root_id AND r.id <> c.id
        ORDER BY page.score DESC, c.name, c.id`,
  );
}

/**
 * How many of a work role's statements each of `ids` is aligned to, and how many the role has.
 * Items aligned to none are left out of the map.
 */
export async function workRoleCoverage(
  db: Db,
  workRole: string,
  ids: readonly string[],
): Promise<{ total: number; matched: Map<string, number> }> {
  const [total] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM work_role_statement WHERE work_role_id = ${workRole}`,
  );
  const found =
    ids.length === 0
      ? []
      : await rows<{ id: string; n: number }>(
          db,
          sql`SELECT ck.content_id AS id, count(DISTINCT ck.knowledge_id)::int AS n
              FROM content_knowledge ck JOIN work_role_statement ws ON ws.knowledge_id = ck.knowledge_id
              WHERE ws.work_role_id = ${workRole} AND ck.content_id = ANY(${uuidArray(ids)})
              GROUP BY ck.content_id`,
        );
  return { total: total?.n ?? 0, matched: new Map(found.map((r) => [r.id, r.n])) };
}
