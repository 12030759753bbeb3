/**
 * The statistics dashboard's rules (001 §3 Dashboard data, §7 Statistics client, §9 CSV export):
 * courseware metrics over the catalogue as the viewer may see it, statistic buckets of the downloads
 * (per calendar day of the viewer's time zone, per business unit, per top-most content item and
 * category group), raw download data points, and the CSV export's rows.
 */
import { z } from 'zod';
import {
  CATEGORY_GROUPS,
  CONTENT_CATEGORIES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  type CategoryGroup,
  type StatisticCategory,
  type StatisticMetric,
} from '@portal/shared/enums';
import type { PermissionFlags } from '@portal/shared/permissions';
import { STATISTICS_EXPORT_BATCH } from '@portal/shared/limits';
import {
  MISSING_UNIT,
  type CoursewareMetrics,
  type DownloadDataPage,
  type DownloadDataPoint,
  type DownloadExportQuery,
  type RawStatisticsQuery,
  type StatisticBucketPage,
  type StatisticBucketsQuery,
} from '@portal/shared/schemas/statistics';
import type { Db } from '../../db/client.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import { openableStatuses } from '../courseware/courseware.service.js';
import * as repo from './statistics.repository.js';

/**
 * Courseware metrics (001 §3): counts over the items the viewer may open (editors: every status but
 * archived, which needs view-archived-content too).
 */
export async function getCoursewareMetrics(db: Db, perms: PermissionFlags): Promise<CoursewareMetrics> {
  const { counts, linkages } = await repo.countMetrics(db, openableStatuses(perms));
  const pick = <K extends string>(keys: readonly K[], prefix: string) =>
    Object.fromEntries(keys.map((k) => [k, counts[`${prefix}:${k}`] ?? 0])) as Record<K, number>;
  return {
    assignmentCount: counts.assignment ?? 0,
    categoryCounts: pick(CONTENT_CATEGORIES, 'category'),
    experienceLevelCounts: pick(EXPERIENCE_LEVELS, 'experience'),
    educationLevelCounts: pick(EDUCATION_LEVELS, 'education'),
    linkagesCount: linkages,
    quizCount: counts.quiz ?? 0,
    totalCourseware: counts.total ?? 0,
  };
}

const DayCursorSchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
const RankCursorSchema = z.object({ value: z.number().int(), key: z.string().max(64) });

/** The day after a YYYY-MM-DD day. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * Statistic buckets of a category and metric for a filter (001 §7), paged by nextPageToken:
 * - downloads: one bucket per calendar day of the viewer's zone in [from, to), days without downloads
 *   included (id `contentfiledownload#downloads#YYYY-MM-DD`);
 * - businessunit: business units by downloads, most first (id `…#businessunit#<unit id>`);
 * - topmostcontent: top-most items by downloads of the units of category group `view` (all units
 *   when absent), most first (id `…#topmostcontent#<group or all>#<item id>`).
 * @throws AppError invalid_input for a page token of another list
 */
export async function getStatisticBuckets(
  db: Db,
  {
    category,
    metric,
    query,
  }: { category: StatisticCategory; metric: StatisticMetric; query: StatisticBucketsQuery },
): Promise<StatisticBucketPage> {
  const prefix = `${category}#${metric}`;
  if (metric === 'downloads') {
    const cursor = decodePageToken(query.token, DayCursorSchema);
    const fromDay = cursor ? nextDay(cursor.day) : query.from;
    if (fromDay >= query.to) return { items: [], nextPageToken: null };
    const found = await repo.downloadsPerDay(db, {
      fromDay,
      toDay: query.to,
      timeZone: query.timeZone,
      limit: query.limit + 1,
    });
    const { page, nextPageToken } = keysetPage(found, query.limit, (last) => ({ day: last.day }));
    return {
      items: page.map((r) => ({ id: `${prefix}#${r.day}`, label: r.day, value: r.value })),
      nextPageToken,
    };
  }
  const after = decodePageToken(query.token, RankCursorSchema);
  const { fromT, toT } = await repo.rangeInstants(db, query);
  const group: CategoryGroup | undefined = query.view;
  const found =
    metric === 'businessunit'
      ? await repo.downloadsPerUnit(db, { fromT, toT, limit: query.limit + 1, after })
      : await repo.downloadsPerTopContent(db, { fromT, toT, group, limit: query.limit + 1, after });
  const keyPrefix = metric === 'topmostcontent' ? `${prefix}#${group ?? 'all'}` : prefix;
  const { page, nextPageToken } = keysetPage(found, query.limit, (last) => ({
    value: last.value,
    key: last.key,
  }));
  return {
    items: page.map((r) => ({ id: `${keyPrefix}#${r.key}`, label: r.label, value: r.value })),
    nextPageToken,
  };
}

const EventCursorSchema = z.object({ t: z.string().max(40), id: z.uuid() });

function toDataPoint(row: repo.DownloadRow): DownloadDataPoint {
  const category = CATEGORY_GROUPS.find((g) => g === row.unitCategory) ?? 'other';
  return {
    id: row.id,
    timestamp: row.occurredAt,
    metadata: {
      userName: row.userName,
      userEmail: row.userEmail,
      fileName: row.fileName,
      fileId: row.fileId,
      downloadedFrom: { contentName: row.contentName, tags: row.tags ?? [] },
      topMostContent: { contentName: row.topContentName },
      businessUnits:
        row.unitName === null ? [] : [{ name: row.unitName, category, region: row.unitRegion ?? '' }],
    },
  };
}

/**
 * Raw download data points of the range (001 §7 raw statistics), oldest first, paged by nextPageToken.
 * @throws AppError invalid_input for a page token of another list
 */
export async function getDownloadData(db: Db, query: RawStatisticsQuery): Promise<DownloadDataPage> {
  const after = decodePageToken(query.token, EventCursorSchema);
  const { fromT, toT } = await repo.rangeInstants(db, query);
  const found = await repo.findDownloads(db, { fromT, toT, limit: query.limit + 1, after });
  const { page, nextPageToken } = keysetPage(found, query.limit, (last) => ({
    t: last.occurredAt,
    id: last.id,
  }));
  return { items: page.map(toDataPoint), nextPageToken };
}

/** One download as a CSV row (001 §9), in the order of DOWNLOAD_CSV_COLUMNS. */
function toCsvRow(r: repo.DownloadRow): string[] {
  const hasUnit = r.unitName !== null;
  return [
    r.id,
    r.occurredAt,
    r.userName ?? '',
    r.userEmail ?? '',
    r.unitName ?? MISSING_UNIT,
    hasUnit ? (r.unitCategory ?? '') : MISSING_UNIT,
    hasUnit ? (r.unitRegion ?? '') : MISSING_UNIT,
    r.fileName,
    r.fileId,
    r.contentName ?? '',
    (r.tags ?? []).join(', '),
    r.topContentName ?? '',
  ];
}

/**
 * The CSV export's rows (001 §9), in the order of DOWNLOAD_CSV_COLUMNS, a keyset batch of up to
 * STATISTICS_EXPORT_BATCH rows at a time: the whole range is never held in memory. The next batch is
 * read while the caller writes the current one (at most two batches are held), so the database and
 * the response overlap instead of taking turns.
 */
export async function* downloadCsvBatches(db: Db, query: DownloadExportQuery): AsyncGenerator<string[][]> {
  const { fromT, toT } = await repo.rangeInstants(db, query);
  const read = (after?: repo.EventCursor) =>
    repo.findDownloads(db, { fromT, toT, limit: STATISTICS_EXPORT_BATCH, after });
  let pending = read();
  try {
    for (;;) {
      const batch = await pending;
      const last = batch.at(-1);
      const isLast = batch.length < STATISTICS_EXPORT_BATCH || !last;
      if (!isLast) pending = read({ t: last.occurredAt, id: last.id });
      if (batch.length > 0) yield batch.map(toCsvRow);
      if (isLast) return;
    }
  } finally {
    // A client that went away leaves a read in flight: its failure is nobody's to report.
    pending.catch(() => undefined);
  }
}

/**
 * Records one courseware download (who, when, which file, from which item, its top-most ancestor) with
 * the account's business unit, and adds it to the rollups in the same transaction.
 */
export async function recordDownload(db: Db, values: repo.DownloadEventValues): Promise<void> {
  const unit = values.accountId ? await repo.findAccountUnit(db, values.accountId) : undefined;
  await repo.insertDownloadWithRollups(db, {
    ...values,
    organizationId: unit?.id ?? null,
    organizationCategory: unit?.category ?? null,
  });
}
