/**
 * What changed under followed items (issue 37 "Follow"), read for the follows module through
 * courseware.service: the saved revisions of an item and of every item under it since a time, and an
 * item's chain of ancestors.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TREE_DEPTH_MAX } from '@portal/shared/limits';
import { WHOLE_TREE_DOWNLOAD_KINDS, type DownloadKind } from '@portal/shared/schemas/my-downloads-limits';
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
 * The latest revision saved after `since` of the item `id`, and, when the download `kind` held the whole
 * tree (a bundle or cartridge), of every published item under it: one row "changedAt", null when none.
 * To be joined LATERAL per item; an index probe of (content_id, changed_at) per item of the tree.
 */
function latestChangeSince(id: SQL, since: SQL, kind: SQL): SQL {
  return sql`WITH RECURSIVE tree AS (
      SELECT ${id} AS id, 0 AS depth
      UNION ALL
      SELECT c.id, tree.depth + 1 FROM tree JOIN content c ON c.parent_id = tree.id
      WHERE ${kind} = ANY(${textArray(WHOLE_TREE_DOWNLOAD_KINDS)}) AND tree.depth < ${TREE_DEPTH_MAX}
        AND c.listing_status = 'published'
    )
    SELECT max(v.changed_at) AS "changedAt"
    FROM tree JOIN content_revision v ON v.content_id = tree.id AND v.changed_at > ${since}`;
}

/**
 * Of the items given, those changed since their own `since` (latestChangeSince: the item's saves, and
 * for a whole-tree download those under it), with the latest such save, in one query.
 * @param items each item, the instant after which a save counts (a timestamp as PostgreSQL reads it) and
 *   what was downloaded
 */
export async function findChangedAfter(
  db: Db,
  items: readonly { contentId: string; since: string; kind: DownloadKind }[],
): Promise<Map<string, Date>> {
  if (items.length === 0) return new Map();
  const ids = uuidArray(items.map((i) => i.contentId));
  const times = textArray(items.map((i) => i.since));
  const kinds = textArray(items.map((i) => i.kind));
  const found = await rows<{ contentId: string; changedAt: Date | string }>(
    db,
    sql`SELECT g.id AS "contentId", v."changedAt"
        FROM unnest(${ids}, ${times}::timestamptz[], ${kinds}) AS g(id, since, kind)
        CROSS JOIN LATERAL (${latestChangeSince(sql`g.id`, sql`g.since`, sql`g.kind`)}) v
        WHERE v."changedAt" IS NOT NULL`,
  );
  return new Map(found.map((r) => [r.contentId, new Date(r.changedAt)]));
}

/**
 * For each row of `since` (a statement of rows "contentId", "lastDownloadedAt", "kind": the items a
 * person downloaded, when last and what), whether it changed after that instant (latestChangeSince):
 * the statement of findChangedSinceRows, which the benchmark also explains.
 */
export function changedSinceStatement(since: SQL): SQL {
  return sql`SELECT d."contentId", v."changedAt" IS NOT NULL AS "isChanged"
      FROM (${since}) d
      CROSS JOIN LATERAL (${latestChangeSince(sql`d."contentId"`, sql`d."lastDownloadedAt"`, sql`d.kind`)}) v`;
}

/** Reads changedSinceStatement: one statement for the whole page of items. */
export async function findChangedSinceRows(
  db: Db,
  since: SQL,
): Promise<{ contentId: string; isChanged: boolean }[]> {
  return rows(db, changedSinceStatement(since));
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
