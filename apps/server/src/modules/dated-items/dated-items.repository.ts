/**
 * Queries shared by news and events (tables `news` and `event`, the same columns for id, alias, status
 * and date): a keyset page by date, one item by id or alias, a free alias, delete.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ContentStatus } from '@portal/shared/enums';
import { idOrAliasKey } from '@portal/shared/patterns';
import type { Db } from '../../db/client.js';
import { rows, textArray } from '../../db/rows.js';

export type DatedTable = 'news' | 'event';

export interface DatedCursor {
  date: string;
  id: string;
}

/**
 * A page of items with one of `statuses`, newest first (or, with `isUpcoming`, from `now` on, soonest
 * first), after `after` (keyset on date and id).
 */
export async function listDated<R>(
  db: Db,
  table: DatedTable,
  options: { statuses: readonly ContentStatus[]; isUpcoming: boolean; after?: DatedCursor; limit: number },
): Promise<R[]> {
  const t = sql.identifier(table);
  const conditions: SQL[] = [sql`status = ANY(${textArray(options.statuses)})`];
  if (options.isUpcoming) conditions.push(sql`date >= now()`);
  if (options.after) {
    const { date, id } = options.after;
    conditions.push(
      options.isUpcoming
        ? sql`(date, id) > (${date}::timestamptz, ${id}::uuid)`
        : sql`(date, id) < (${date}::timestamptz, ${id}::uuid)`,
    );
  }
  const order = options.isUpcoming ? sql`date ASC, id ASC` : sql`date DESC, id DESC`;
  return rows<R>(
    db,
    sql`SELECT * FROM ${t} WHERE ${sql.join(conditions, sql` AND `)} ORDER BY ${order} LIMIT ${options.limit}`,
  );
}

/** The alias and last change of every item with one of `statuses`, in alias order. */
export async function listDatedAliases(
  db: Db,
  table: DatedTable,
  statuses: readonly ContentStatus[],
): Promise<{ urlAlias: string; modifiedAt: Date | string }[]> {
  return rows(
    db,
    sql`SELECT url_alias AS "urlAlias", modified_at AS "modifiedAt" FROM ${sql.identifier(table)}
        WHERE status = ANY(${textArray(statuses)}) ORDER BY url_alias`,
  );
}

/** One item by id (any case) or URL alias, normalised (idOrAliasKey). */
export async function findDated<R>(db: Db, table: DatedTable, idOrAlias: string): Promise<R | undefined> {
  const t = sql.identifier(table);
  const key = idOrAliasKey(idOrAlias);
  const where = 'id' in key ? sql`id = ${key.id}::uuid` : sql`url_alias = ${key.alias}`;
  const [row] = await rows<R>(db, sql`SELECT * FROM ${t} WHERE ${where}`);
  return row;
}

/** `base`, or `base-2`, `base-3` … : the first alias no other item of the table has. */
export async function freeAlias(db: Db, table: DatedTable, base: string, exceptId?: string): Promise<string> {
  const t = sql.identifier(table);
  const taken = await rows<{ alias: string }>(
    db,
    sql`SELECT url_alias AS alias FROM ${t}
        WHERE (url_alias = ${base} OR url_alias LIKE ${`${base}-%`})
          ${exceptId ? sql`AND id <> ${exceptId}::uuid` : sql``}`,
  );
  const used = new Set(taken.map((r) => r.alias));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Deletes an item; false when there was none. */
export async function deleteDated(db: Db, table: DatedTable, id: string): Promise<boolean> {
  const t = sql.identifier(table);
  const found = await rows<{ id: string }>(db, sql`DELETE FROM ${t} WHERE id = ${id}::uuid RETURNING id`);
  return found.length > 0;
}
