/**
 * Date arithmetic of the dashboard (001 §4 default range, §9 tick thinning; presets and comparison
 * beyond the specification). Days are YYYY-MM-DD in the viewer's time zone; a range is [from, to).
 */
import {
  DASHBOARD_DEFAULT_FROM_DAYS_AGO,
  DASHBOARD_DEFAULT_TO_DAYS_AHEAD,
  DASHBOARD_TICKS_MONTHLY_OVER_DAYS,
  DASHBOARD_TICKS_WEEKLY_OVER_DAYS,
  DASHBOARD_TICKS_YEARLY_OVER_DAYS,
} from '@portal/shared/limits';
import { addDaysIso, daysBetweenIso, type DateRange } from '@portal/shared/schemas/statistics';

/** The viewer's IANA time zone, as the browser knows it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Today's date in a time zone (YYYY-MM-DD). */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The default range (001 §4): from about 182 days before today to tomorrow. */
export function defaultRange(today: string): DateRange {
  return {
    from: addDaysIso(today, -DASHBOARD_DEFAULT_FROM_DAYS_AGO),
    to: addDaysIso(today, DASHBOARD_DEFAULT_TO_DAYS_AHEAD),
  };
}

export type PresetId = 'last7' | 'last30' | 'thisYear';

/** The presets' ranges: the last 7 or 30 days up to today, or this year up to today. */
export function presetRange(preset: PresetId, today: string): DateRange {
  const to = addDaysIso(today, 1);
  if (preset === 'thisYear') return { from: `${today.slice(0, 4)}-01-01`, to };
  return { from: addDaysIso(to, preset === 'last7' ? -7 : -30), to };
}

/** The period of the same length just before a range. */
export function previousPeriod(range: DateRange): DateRange {
  return { from: addDaysIso(range.from, -daysBetweenIso(range.from, range.to)), to: range.from };
}

/** Change in per cent from `previous` to `current`; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

/**
 * The days that get an axis tick (001 §9 tick thinning): a range over 547 days ticks yearly (1 January),
 * over 45 monthly (the 1st), over 12 weekly (every seventh day from the first), else every day.
 */
export function thinTicks(days: readonly string[]): string[] {
  const n = days.length;
  if (n > DASHBOARD_TICKS_YEARLY_OVER_DAYS) return days.filter((d) => d.endsWith('-01-01'));
  if (n > DASHBOARD_TICKS_MONTHLY_OVER_DAYS) return days.filter((d) => d.endsWith('-01'));
  if (n > DASHBOARD_TICKS_WEEKLY_OVER_DAYS) return days.filter((_, k) => k % 7 === 0);
  return [...days];
}
