/**
 * Statistics queries (001 §3, §7, §9): recording a download with its rollups, the courseware metrics,
 * statistic buckets and raw download data. Each takes a database or a transaction.
 *
 * Ranges arrive as instants [fromT, toT): local midnights of the viewer's time zone, converted by
 * PostgreSQL (`timestamp AT TIME ZONE zone`), so a daylight-saving change never shifts a day.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  CONTENT_CATEGORIES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  type ContentStatus,
} from '@portal/shared/enums';
import type { Db } from '../../db/client.js';
import { rows, textArray } from '../../db/rows.js';
import { downloadEvent } from '../../db/schema/statistics.js';

/** Width of a slot of the time-series rollup; every IANA zone's midnight falls on a slot boundary. */
const SLOT = sql`interval '15 minutes'`;
/** Origin of the slots (a UTC midnight). */
const SLOT_ORIGIN = sql`TIMESTAMPTZ '2000-01-01 00:00:00+00'`;
const DAY_MS = 86_400_000;

export type DownloadEventValues = typeof downloadEvent.$inferInsert;

/** The business unit (id and category group) of an account, if it has one. */
export async function findAccountUnit(
  db: Db,
  accountId: string,
): Promise<{ id: string; category: string } | undefined> {
  const [row] = await rows<{ id: string; category: string }>(
    db,
    sql`SELECT o.id, o.category FROM account a JOIN organization o ON o.id = a.organization_id
        WHERE a.id = ${accountId}::uuid`,
  );
  return row;
}

/**
 * Inserts one download event and adds it to the three rollups, in one transaction: the rollups never
 * differ from a recount of the events.
 */
export async function insertDownloadWithRollups(db: Db, values: DownloadEventValues): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx.insert(downloadEvent).values(values).returning({ id: downloadEvent.id });
    await addToRollups(tx, sql`SELECT * FROM download_event WHERE id = ${event!.id}::uuid`);
  });
}

/**
 * Adds the events selected by `events` (a query over download_event) to the rollups by UPSERT.
 * Used per download, and in bulk by the demo seed and the benchmark.
 */
export async function addToRollups(db: Db, events: SQL): Promise<void> {
  await db.execute(sql`
    INSERT INTO download_slot_count (slot_start, downloads)
    SELECT date_bin(${SLOT}, e.occurred_at, ${SLOT_ORIGIN}), count(*)::int FROM (${events}) e GROUP BY 1
    ON CONFLICT (slot_start) DO UPDATE SET downloads = download_slot_count.downloads + excluded.downloads`);
  await db.execute(sql`
    INSERT INTO download_day_unit (day, organization_id, downloads)
    SELECT (e.occurred_at AT TIME ZONE 'UTC')::date, e.organization_id, count(*)::int
    FROM (${events}) e WHERE e.organization_id IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (day, organization_id) DO UPDATE SET downloads = download_day_unit.downloads + excluded.downloads`);
  await db.execute(sql`
    INSERT INTO download_day_content (day, category_group, top_content_id, top_content_name, downloads)
    SELECT (e.occurred_at AT TIME ZONE 'UTC')::date, e.organization_category, e.top_content_id,
           max(coalesce(e.top_content_name, '')), count(*)::int
    FROM (${events}) e
    WHERE e.organization_category IS NOT NULL AND e.top_content_id IS NOT NULL GROUP BY 1, 2, 3
    ON CONFLICT (day, category_group, top_content_id) DO UPDATE
      SET downloads = download_day_content.downloads + excluded.downloads,
          top_content_name = excluded.top_content_name`);
}

/** Empties the rollups and counts them again from every event (bulk loads; repair). */
export async function rebuildRollups(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM download_slot_count`);
  await db.execute(sql`DELETE FROM download_day_unit`);
  await db.execute(sql`DELETE FROM download_day_content`);
  await addToRollups(db, sql`SELECT * FROM download_event`);
}

/** Courseware metrics (001 §3) over the items whose status is in `statuses`. */
export async function countMetrics(db: Db, statuses: readonly ContentStatus[]) {
  const countOf = (column: string, value: string, alias: string) =>
    sql`count(*) FILTER (WHERE ${value} = ANY(${sql.identifier(column)}))::int AS ${sql.identifier(alias)}`;
  const columns = [
    sql`count(*)::int AS "total"`,
    countOf('tags', 'homework', 'assignment'),
    countOf('tags', 'quizzes', 'quiz'),
    ...CONTENT_CATEGORIES.map((c) => countOf('categories', c, `category:${c}`)),
    ...EXPERIENCE_LEVELS.map((c) => countOf('experience_levels', c, `experience:${c}`)),
    ...EDUCATION_LEVELS.map((c) => countOf('education_levels', c, `education:${c}`)),
  ];
  const [counts] = await rows<Record<string, number>>(
    db,
    sql`SELECT ${sql.join(columns, sql`, `)} FROM content WHERE status = ANY(${textArray(statuses)})`,
  );
  const [links] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM content_knowledge ck JOIN content c ON c.id = ck.content_id
        WHERE c.status = ANY(${textArray(statuses)})`,
  );
  return { counts: counts!, linkages: links!.n };
}

/** The instants of local midnight of two days in a time zone (PostgreSQL's zone rules). */
export async function rangeInstants(
  db: Db,
  args: { from: string; to: string; timeZone: string },
): Promise<{ fromT: Date; toT: Date }> {
  const [row] = await rows<{ fromT: string | Date; toT: string | Date }>(
    db,
    sql`SELECT (${args.from}::timestamp AT TIME ZONE ${args.timeZone}) AS "fromT",
               (${args.to}::timestamp AT TIME ZONE ${args.timeZone}) AS "toT"`,
  );
  return { fromT: new Date(row!.fromT), toT: new Date(row!.toT) };
}

/** Downloads per calendar day of `timeZone` for the days [fromDay, toDay), zero days included. */
export async function downloadsPerDay(
  db: Db,
  args: { fromDay: string; toDay: string; timeZone: string; limit: number },
): Promise<{ day: string; value: number }[]> {
  const { fromDay, toDay, timeZone, limit } = args;
  return rows<{ day: string; value: number }>(
    db,
    sql`SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce(s.value, 0)::int AS value
        FROM generate_series(${fromDay}::date, ${toDay}::date - 1, interval '1 day') AS d
        LEFT JOIN (
          SELECT (slot_start AT TIME ZONE ${timeZone})::date AS day, sum(downloads) AS value
          FROM download_slot_count
          WHERE slot_start >= (${fromDay}::timestamp AT TIME ZONE ${timeZone})
            AND slot_start < (${toDay}::timestamp AT TIME ZONE ${timeZone})
          GROUP BY 1
        ) s ON s.day = d::date
        ORDER BY d LIMIT ${limit}`,
  );
}

/**
 * Splits [fromT, toT) into whole UTC days, read from a daily rollup, and the partial days at its ends,
 * counted from the raw events.
 */
function splitRange(fromT: Date, toT: Date) {
  const from = fromT.getTime();
  const to = toT.getTime();
  const d0 = Math.ceil(from / DAY_MS) * DAY_MS;
  const d1 = Math.floor(to / DAY_MS) * DAY_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  if (d0 >= d1) return { days: null, raw: [[iso(from), iso(to)]] as const };
  const raw: [string, string][] = [];
  if (from < d0) raw.push([iso(from), iso(d0)]);
  if (d1 < to) raw.push([iso(d1), iso(to)]);
  return { days: [iso(d0).slice(0, 10), iso(d1).slice(0, 10)] as const, raw };
}

function rawRanges(ranges: readonly (readonly [string, string])[]): SQL {
  if (ranges.length === 0) return sql`false`;
  return sql.join(
    ranges.map(([a, b]) => sql`(e.occurred_at >= ${a}::timestamptz AND e.occurred_at < ${b}::timestamptz)`),
    sql` OR `,
  );
}

/** A keyset position in a table ordered by value descending, then key. */
export interface RankCursor {
  value: number;
  key: string;
}

function afterRank(cursor: RankCursor | undefined): SQL {
  return cursor
    ? sql`WHERE t.value < ${cursor.value} OR (t.value = ${cursor.value} AND t.key > ${cursor.key})`
    : sql``;
}

/** Business units by downloads in [fromT, toT), most first (the top-schools table). */
export async function downloadsPerUnit(
  db: Db,
  args: { fromT: Date; toT: Date; limit: number; after?: RankCursor },
): Promise<{ key: string; label: string; value: number }[]> {
  const { days, raw } = splitRange(args.fromT, args.toT);
  const fromRollup = days
    ? sql`SELECT organization_id AS unit, sum(downloads) AS n FROM download_day_unit
          WHERE day >= ${days[0]}::date AND day < ${days[1]}::date GROUP BY 1`
    : sql`SELECT NULL::uuid AS unit, 0::bigint AS n WHERE false`;
  return rows(
    db,
    sql`SELECT * FROM (
          SELECT o.id::text AS key, o.name AS label, sum(c.n)::int AS value
          FROM (
            ${fromRollup}
            UNION ALL
            SELECT e.organization_id, count(*) FROM download_event e
            WHERE e.organization_id IS NOT NULL AND (${rawRanges(raw)}) GROUP BY 1
          ) c JOIN organization o ON o.id = c.unit
          GROUP BY o.id, o.name
        ) t ${afterRank(args.after)}
        ORDER BY t.value DESC, t.key LIMIT ${args.limit}`,
  );
}

/** Top-most content items by downloads in [fromT, toT), most first, for one category group or all. */
export async function downloadsPerTopContent(
  db: Db,
  args: { fromT: Date; toT: Date; group?: string; limit: number; after?: RankCursor },
): Promise<{ key: string; label: string; value: number }[]> {
  const { days, raw } = splitRange(args.fromT, args.toT);
  const groupOfRollup = args.group ? sql`AND category_group = ${args.group}` : sql``;
  const groupOfEvent = args.group
    ? sql`AND e.organization_category = ${args.group}`
    : sql`AND e.organization_category IS NOT NULL`;
  const fromRollup = days
    ? sql`SELECT top_content_id AS id, max(top_content_name) AS name, sum(downloads) AS n
          FROM download_day_content
          WHERE day >= ${days[0]}::date AND day < ${days[1]}::date ${groupOfRollup} GROUP BY 1`
    : sql`SELECT NULL::uuid AS id, NULL::text AS name, 0::bigint AS n WHERE false`;
  return rows(
    db,
    sql`SELECT * FROM (
          SELECT c.id::text AS key, max(c.name) AS label, sum(c.n)::int AS value
          FROM (
            ${fromRollup}
            UNION ALL
            SELECT e.top_content_id, max(coalesce(e.top_content_name, '')), count(*) FROM download_event e
            WHERE e.top_content_id IS NOT NULL ${groupOfEvent} AND (${rawRanges(raw)}) GROUP BY 1
          ) c
          GROUP BY c.id
        ) t ${afterRank(args.after)}
        ORDER BY t.value DESC, t.key LIMIT ${args.limit}`,
  );
}

/** A keyset position in the raw events: (occurred_at, id). */
export interface EventCursor {
  t: string;
  id: string;
}

export interface DownloadRow {
  id: string;
  occurredAt: string;
  userName: string | null;
  userEmail: string | null;
  fileName: string;
  fileId: string;
  contentName: string | null;
  tags: string[] | null;
  topContentName: string | null;
  unitName: string | null;
  unitCategory: string | null;
  unitRegion: string | null;
}

/** Raw download events in [fromT, toT) by (occurred_at, id), with their business unit; `limit` rows after `after`. */
export async function findDownloads(
  db: Db,
  args: { fromT: Date; toT: Date; limit: number; after?: EventCursor },
): Promise<DownloadRow[]> {
  const after = args.after
    ? sql`AND (e.occurred_at, e.id) > (${args.after.t}::timestamptz, ${args.after.id}::uuid)`
    : sql``;
  return rows<DownloadRow>(
    db,
    sql`SELECT e.id, to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "occurredAt",
               e.user_name AS "userName", e.user_email AS "userEmail", e.file_name AS "fileName",
               e.file_id AS "fileId", e.content_name AS "contentName", e.tags,
               e.top_content_name AS "topContentName", o.name AS "unitName", o.category AS "unitCategory",
               o.region AS "unitRegion"
        FROM download_event e LEFT JOIN organization o ON o.id = e.organization_id
        WHERE e.occurred_at >= ${args.fromT.toISOString()}::timestamptz
          AND e.occurred_at < ${args.toT.toISOString()}::timestamptz ${after}
        ORDER BY e.occurred_at, e.id LIMIT ${args.limit}`,
  );
}
