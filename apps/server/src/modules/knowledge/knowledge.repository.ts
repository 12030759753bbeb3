/** Knowledge items (000 §3: NICE work roles, TKS statements, CAE knowledge units). Queries only. */
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
