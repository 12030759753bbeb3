/**
 * What changed under followed items (issue 37 "Follow"), read for the follows module through
 * courseware.service: the saved revisions of an item and of every item under it since a time, and an
 * item's chain of ancestors.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TREE_DEPTH_MAX } from '@portal/shared/limits';
import type { Db } from '../../db/client.js';
import { rows, textArray, uuidArray } from '../../db/rows.js';

/** A published item changed under a followed root since the root's time. */
export interface ContentChangeRow {
  /** The index of its root in the roots given. */
  rootIndex: number;
  contentId: string;
  name: string;
  urlAlias: string;
  /** The latest change. */
  changedAt: Date;
  /** The fields its saves changed; empty when it was only created. */
  fields: string[];
}

/**
 * Every published item (by its listing status: no hidden ancestor) under each root, the root included,
 * with a revision saved after the root's `since`, in one query for any number of roots.
 * @param roots each root item and the time after which its changes count
 */
export async function findChangesUnder(
  db: Db,
  roots: readonly { contentId: string; since: Date }[],
): Promise<ContentChangeRow[]> {
  if (roots.length === 0) return [];
  const given = JSON.stringify(
    roots.map((r, k) => ({ k, root_id: r.contentId, since: r.since.toISOString() })),
  );
  const found = await rows<ContentChangeRow>(
    db,
    sql`WITH RECURSIVE root AS (
          SELECT * FROM jsonb_to_recordset(${given}::jsonb) AS r(k integer, root_id uuid, since timestamptz)
        ), tree AS (
          SELECT root.k, root.since, root.root_id AS id, 0 AS depth FROM root
          UNION ALL
          SELECT tree.k, tree.since, c.id, tree.depth + 1
          FROM tree JOIN content c ON c.parent_id = tree.id WHERE tree.depth < ${TREE_DEPTH_MAX}
        )
        SELECT tree.k AS "rootIndex", c.id AS "contentId", c.name, c.url_alias AS "urlAlias",
               max(v.changed_at) AS "changedAt",
               coalesce(array_agg(DISTINCT k.key) FILTER (WHERE k.key IS NOT NULL), '{}') AS fields
        FROM tree
        JOIN content_revision v ON v.content_id = tree.id AND v.changed_at > tree.since
        JOIN content c ON c.id = tree.id AND c.listing_status = 'published'
        LEFT JOIN LATERAL jsonb_object_keys(v.previous) AS k(key) ON true
        GROUP BY tree.k, c.id, c.name, c.url_alias
        ORDER BY tree.k, max(v.changed_at) DESC, c.id`,
  );
  // Either driver: a timestamp of raw SQL may come as text.
  return found.map((r) => ({ ...r, changedAt: new Date(r.changedAt) }));
}

/** The item and its ancestors, nearest first (the item itself first); empty when it does not exist. */
export async function findChain(
  db: Db,
  id: string,
): Promise<{ id: string; name: string; urlAlias: string }[]> {
  return rows<{ id: string; name: string; urlAlias: string }>(
    db,
    sql`WITH RECURSIVE chain AS (
          SELECT id, name, url_alias, parent_id, 0 AS depth FROM content WHERE id = ${id}::uuid
          UNION ALL
          SELECT p.id, p.name, p.url_alias, p.parent_id, chain.depth + 1
          FROM content p JOIN chain ON p.id = chain.parent_id WHERE chain.depth < ${TREE_DEPTH_MAX})
        SELECT id, name, url_alias AS "urlAlias" FROM chain ORDER BY depth`,
  );
}

/**
 * Of the items given, those with a revision (a save of their fields or files) after their own `since`,
 * with the latest such save, in one query: one probe per item of the index on (content_id, changed_at).
 * @param items each item and the instant after which a save counts (a timestamp as PostgreSQL reads it)
 */
export async function findChangedAfter(
  db: Db,
  items: readonly { contentId: string; since: string }[],
): Promise<Map<string, Date>> {
  if (items.length === 0) return new Map();
  const ids = uuidArray(items.map((i) => i.contentId));
  const times = textArray(items.map((i) => i.since));
  const found = await rows<{ contentId: string; changedAt: Date | string }>(
    db,
    sql`SELECT g.id AS "contentId", v.changed_at AS "changedAt"
        FROM unnest(${ids}, ${times}::timestamptz[]) AS g(id, since)
        CROSS JOIN LATERAL (
          SELECT changed_at FROM content_revision
          WHERE content_id = g.id AND changed_at > g.since
          ORDER BY changed_at DESC LIMIT 1) v`,
  );
  return new Map(found.map((r) => [r.contentId, new Date(r.changedAt)]));
}

/**
 * For each row of `since` (a statement of rows "contentId", "lastDownloadedAt": the items a person
 * downloaded and when last), whether the item has a revision after that instant; one statement, an
 * index probe of (content_id, changed_at) per row.
 */
export async function findChangedSinceRows(
  db: Db,
  since: SQL,
): Promise<{ contentId: string; isChanged: boolean }[]> {
  return rows(
    db,
    sql`SELECT d."contentId", EXISTS (
          SELECT 1 FROM content_revision v
          WHERE v.content_id = d."contentId" AND v.changed_at > d."lastDownloadedAt") AS "isChanged"
        FROM (${since}) d`,
  );
}

/** Items by id with what a list shows of them (name, alias, status, categories); missing ids are left out. */
export async function findListedRefs(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; name: string; urlAlias: string; status: string; categories: string[] }[]> {
  if (ids.length === 0) return [];
  return rows(
    db,
    sql`SELECT id, name, url_alias AS "urlAlias", status, categories FROM content
        WHERE id = ANY(${uuidArray(ids)})`,
  );
}
