/** Knowledge items (000 §3: TKS, KSA, KU, CyBOK areas) and NICE work roles (issue 25). Queries only. */
import { sql, type SQL } from 'drizzle-orm';
import type { KnowledgeType } from '@portal/shared/enums';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';

/** Knowledge page, keyset on id, optionally one type. */
export async function listKnowledge(db: Db, args: { limit: number; type?: string; afterId?: string }) {
  const parts: SQL[] = [sql`true`];
  if (args.type) parts.push(sql`type = ${args.type}`);
  if (args.afterId) parts.push(sql`id > ${args.afterId}`);
  return rows<{ id: string; code: string; name: string; type: KnowledgeType }>(
    db,
    sql`SELECT id, code, name, type FROM knowledge_item WHERE ${sql.join(parts, sql` AND `)} ORDER BY id LIMIT ${args.limit + 1}`,
  );
}

/** Every NICE work role with its category and number of TKS statements, by category then id. */
export async function listWorkRoles(db: Db) {
  return rows<{
    id: string;
    name: string;
    description: string;
    categoryId: string;
    categoryName: string;
    statementCount: number;
  }>(
    db,
    sql`SELECT r.id, r.name, r.description, r.category_id AS "categoryId", g.name AS "categoryName",
          (SELECT count(*)::int FROM work_role_statement s WHERE s.work_role_id = r.id) AS "statementCount"
        FROM work_role r JOIN work_role_category g ON g.id = r.category_id
        ORDER BY g.name, r.id`,
  );
}

/** Whether a NICE work role of this id exists. */
export async function workRoleExists(db: Db, id: string): Promise<boolean> {
  const found = await rows<{ id: string }>(db, sql`SELECT id FROM work_role WHERE id = ${id}`);
  return found.length > 0;
}
