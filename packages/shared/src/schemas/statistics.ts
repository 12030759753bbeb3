/**
 * Statistics dashboard payloads (001 §3 Dashboard data, §5 Dashboard date filter, §7 Statistics client,
 * §9 CSV export): courseware metrics, statistic buckets, raw download data points, the date filter.
 */
import { z } from 'zod';
import {
  CATEGORY_GROUPS,
  CONTENT_CATEGORIES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  STATISTIC_RESOLUTIONS,
} from '../enums.js';
import {
  DASHBOARD_RANGE_MAX_MONTHS,
  STATISTICS_BUCKETS_LIMIT_MAX,
  STATISTICS_RAW_PAGE_SIZE,
  TIME_ZONE_MAX,
} from '../limits.js';
import { IsoDateSchema, PageTokenSchema, pageOf } from './common.js';

/** The date filter's messages (001 §5), word for word. */
export const DATE_FILTER_MESSAGES = {
  fromAfterTo: 'Error: From date may not be after to date.',
  toBeforeFrom: 'Error: To date may not be before from date.',
  rangeTooLong: 'Filter range may not exceed 12 months.',
} as const;

/** 'No Data to show for {title}' (001 §8): a chart with fewer than two data rows. */
export function noDataFor(title: string): string {
  return `No Data to show for ${title}`;
}

/** Texts of the dashboard that are not in the specification's quotes. */
export const DASHBOARD_TEXTS = {
  title: 'Statistics Dashboard',
} as const;

/** Columns of the CSV export, in order (001 §9). */
export const DOWNLOAD_CSV_COLUMNS = [
  'Data Point ID',
  'Timestamp',
  'User Name',
  'User E-Mail',
  'User Business Unit',
  'Business Unit Category',
  'Business Unit Region',
  'File Name',
  'File ID',
  'Downloaded From',
  'Tags',
  'Top Most Content',
] as const;
/** What the export writes for a download without a business unit (001 §9). */
export const MISSING_UNIT = 'None';

/** The export's file name (001 §9): coursewareDownloads_{from}_to_{to}.csv. */
export function downloadCsvFileName(from: string, to: string): string {
  return `coursewareDownloads_${from}_to_${to}.csv`;
}

/** Days in a month of the proleptic Gregorian calendar (month 1–12). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether YYYY-MM-DD names a real calendar day. */
export function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** A YYYY-MM-DD date plus `months` calendar months; the day is clamped to the month's last (Jan 31 + 1 = Feb 28). */
export function addMonthsIso(value: string, months: number): string {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A YYYY-MM-DD date plus `days` days. */
export function addDaysIso(value: string, days: number): string {
  const t = Date.parse(`${value}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export function daysBetweenIso(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Whether the runtime knows an IANA time zone name. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const CalendarDateSchema = IsoDateSchema.refine(isCalendarDate, 'Not a calendar date');

/** An IANA time zone name, such as America/New_York (the days of the dashboard are the viewer's). */
export const TimeZoneSchema = z
  .string()
  .max(TIME_ZONE_MAX)
  .refine(isTimeZone, 'Not a known IANA time zone, such as America/New_York');

/** The date range fields without the cross-field rules (for forms that add their own). */
export const DateRangeFieldsSchema = z.object({
  /** First day of the range (YYYY-MM-DD, in the viewer's time zone). */
  from: CalendarDateSchema,
  /** The day after the last day of the range (YYYY-MM-DD): the range is [from, to). */
  to: CalendarDateSchema,
});
export type DateRangeFields = z.infer<typeof DateRangeFieldsSchema>;

/**
 * The date filter's rules (001 §5): from before to, at most 12 months. Adds issues to `from` and `to`
 * with the specification's messages.
 */
export function checkDateRange(value: DateRangeFields, ctx: z.RefinementCtx): void {
  if (!isCalendarDate(value.from) || !isCalendarDate(value.to)) return;
  if (value.from >= value.to) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: DATE_FILTER_MESSAGES.fromAfterTo });
    ctx.addIssue({ code: 'custom', path: ['to'], message: DATE_FILTER_MESSAGES.toBeforeFrom });
    return;
  }
  if (value.to > addMonthsIso(value.from, DASHBOARD_RANGE_MAX_MONTHS)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: DATE_FILTER_MESSAGES.rangeTooLong });
  }
}

/** The dashboard's date filter form (001 §5): the two pickers' values. */
export const DateRangeSchema = DateRangeFieldsSchema.superRefine(checkDateRange);
export type DateRange = z.infer<typeof DateRangeSchema>;

const FilterFieldsSchema = DateRangeFieldsSchema.extend({
  /** The viewer's IANA time zone: days start at its midnight (daylight saving included). */
  timeZone: TimeZoneSchema.default('UTC'),
});

/** Query of the bucket list (001 §7: category, metric and filter from, to, view, resolution, limit, token). */
export const StatisticBucketsQuerySchema = FilterFieldsSchema.extend({
  /** For topmostcontent: the business units' category group; otherwise ignored. */
  view: z.enum(CATEGORY_GROUPS).optional(),
  resolution: z.enum(STATISTIC_RESOLUTIONS).default('day'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(STATISTICS_BUCKETS_LIMIT_MAX)
    .default(STATISTICS_BUCKETS_LIMIT_MAX),
  token: PageTokenSchema.optional(),
}).superRefine(checkDateRange);
export type StatisticBucketsQuery = z.infer<typeof StatisticBucketsQuerySchema>;

/** One bucket (001 §3): id parts split by '#' (category#metric#key), label, value. */
export const StatisticBucketSchema = z.object({
  id: z.string(),
  label: z.string(),
  value: z.number().int(),
});
export type StatisticBucket = z.infer<typeof StatisticBucketSchema>;
export const StatisticBucketPageSchema = pageOf(StatisticBucketSchema);
export type StatisticBucketPage = z.infer<typeof StatisticBucketPageSchema>;

/** Query of the raw statistics (001 §7: from, to, limit 1000, paged) and of the CSV export. */
export const RawStatisticsQuerySchema = FilterFieldsSchema.extend({
  limit: z.coerce.number().int().min(1).max(STATISTICS_RAW_PAGE_SIZE).default(STATISTICS_RAW_PAGE_SIZE),
  token: PageTokenSchema.optional(),
}).superRefine(checkDateRange);
export type RawStatisticsQuery = z.infer<typeof RawStatisticsQuerySchema>;

/** The CSV export's query: the range and the viewer's time zone. */
export const DownloadExportQuerySchema = FilterFieldsSchema.superRefine(checkDateRange);
export type DownloadExportQuery = z.infer<typeof DownloadExportQuerySchema>;

/** A business unit as a download data point carries it (001 §3). */
export const BusinessUnitRefSchema = z.object({
  name: z.string(),
  category: z.enum(CATEGORY_GROUPS),
  region: z.string(),
});

/** One download (001 §3 Download data point). */
export const DownloadDataPointSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  metadata: z.object({
    userName: z.string().nullable(),
    userEmail: z.string().nullable(),
    fileName: z.string(),
    fileId: z.string(),
    downloadedFrom: z.object({ contentName: z.string().nullable(), tags: z.array(z.string()) }),
    topMostContent: z.object({ contentName: z.string().nullable() }),
    businessUnits: z.array(BusinessUnitRefSchema),
  }),
});
export type DownloadDataPoint = z.infer<typeof DownloadDataPointSchema>;
export const DownloadDataPageSchema = pageOf(DownloadDataPointSchema);
export type DownloadDataPage = z.infer<typeof DownloadDataPageSchema>;

const countsOf = <T extends readonly [string, ...string[]]>(keys: T) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<T[number], z.ZodNumber>);

/** Courseware metrics (001 §3), counted over the catalogue as the viewer may see it. */
export const CoursewareMetricsSchema = z.object({
  /** Items tagged homework. */
  assignmentCount: z.number().int(),
  categoryCounts: countsOf(CONTENT_CATEGORIES),
  experienceLevelCounts: countsOf(EXPERIENCE_LEVELS),
  educationLevelCounts: countsOf(EDUCATION_LEVELS),
  /** Knowledge links of the items (TKS, KSA, KU). */
  linkagesCount: z.number().int(),
  /** Items tagged quizzes. */
  quizCount: z.number().int(),
  totalCourseware: z.number().int(),
});
export type CoursewareMetrics = z.infer<typeof CoursewareMetricsSchema>;
