/**
 * Limits of the statistics dashboard and its raw export (001 §4, §9; issue 13).
 * Re-exported by `limits.ts`: import them from `@portal/shared/limits`.
 */

/** Default range: from this many days before today… */
export const DASHBOARD_DEFAULT_FROM_DAYS_AGO = 182;
/** …to this many days after today (tomorrow: the range's end day is not included). */
export const DASHBOARD_DEFAULT_TO_DAYS_AHEAD = 1;
/** Longest filter range, in calendar months. */
export const DASHBOARD_RANGE_MAX_MONTHS = 12;
/** Rows of the top-schools table and of each top-content table. */
export const DASHBOARD_TOP_SCHOOLS = 10;
export const DASHBOARD_TOP_CONTENT_PER_GROUP = 5;
/** Height of every chart, in CSS pixels. */
export const DASHBOARD_CHART_HEIGHT_PX = 600;
/** Tick thinning of the downloads-over-time axis: a range longer than this many days… */
export const DASHBOARD_TICKS_YEARLY_OVER_DAYS = 547;
export const DASHBOARD_TICKS_MONTHLY_OVER_DAYS = 45;
export const DASHBOARD_TICKS_WEEKLY_OVER_DAYS = 12;
/** Presets of the date filter, in days back from tomorrow (beyond the specification). */
export const DASHBOARD_PRESET_DAYS = [7, 30] as const;
/** A chart needs at least this many data rows, else 'No Data to show for {title}' (001 §8). */
export const CHART_ROWS_MIN = 2;
/** Page size of the raw statistics (001 §9 raw export page). */
export const STATISTICS_RAW_PAGE_SIZE = 1000;
/** Largest page of statistic buckets: a whole year of days fits in one. */
export const STATISTICS_BUCKETS_LIMIT_MAX = 1000;
/**
 * Rows the CSV export reads from the database per keyset batch and writes as one chunk: small enough
 * that a batch is garbage before the collector promotes it (5,000 grew the server by 160 MB over a
 * 500,000-row export; 1,000 by under 20 MB), large enough that round trips do not dominate.
 */
export const STATISTICS_EXPORT_BATCH = 1000;
