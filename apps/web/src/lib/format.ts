/**
 * Display helpers shared by several areas (001 §9 display filters). Dates are written in English, in the
 * reader's time zone, from `Date`'s own fields: no date library on a public page's first load, and no
 * `Intl.DateTimeFormat`, whose first use costs a phone some 50 ms of the page's start (issue 22: Total
 * Blocking Time) and whose wording differs between ICU versions (the server's and the browser's).
 */
import { CURRENCY_DECIMALS, DISPLAY_DATE_LENGTH } from '@portal/shared/limits';

/** A date, or a date and time, without a zone: read as local time (a date alone is that calendar day). */
const LOCAL_DATE_TIME =
  /^(\d{4})-?(\d{1,2})?-?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

/**
 * Reads a stored date: an ISO timestamp with `Z` or an offset is that instant; a date or date-time
 * without a zone is the reader's local time (so "2019-10-01" is October 1 everywhere, not the day
 * before west of Greenwich). Returns null for an unreadable value.
 */
export function parseDisplayDate(value: string): Date | null {
  const local = /[zZ]$/.test(value) ? null : LOCAL_DATE_TIME.exec(value);
  const date = local
    ? new Date(
        Number(local[1]),
        Number(local[2] || 1) - 1,
        Number(local[3] || 1),
        Number(local[4] || 0),
        Number(local[5] || 0),
        Number(local[6] || 0),
        Number((local[7] ?? '0').slice(0, 3).padEnd(3, '0')),
      )
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** A timestamp or date as YYYY-MM-DD (000 §9); empty for a missing or unreadable value. */
export function formatDate(value: string | null | undefined): string {
  const date = value ? parseDisplayDate(value) : null;
  return date ? `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` : '';
}

/** English month names, January first (`Date#getMonth` order). */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** The length of a month's abbreviation ("Nov"). */
const MONTH_ABBREVIATION_LENGTH = 3;
const HOURS_PER_HALF_DAY = 12;

/** "November 24, 2026": the month in full, the day and the year, in the reader's time zone. */
function longDateOf(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** Long-format date (001 §2: month, day, year), e.g. "November 24, 2026"; empty when unreadable. */
export function formatLongDate(value: string): string {
  const date = parseDisplayDate(value);
  return date ? longDateOf(date) : '';
}

/** Long-format date with the time, am/pm, e.g. "November 24, 2026, 10:15 AM"; empty when unreadable. */
export function formatLongDateTime(value: string): string {
  const date = parseDisplayDate(value);
  if (!date) return '';
  const hours = date.getHours();
  const hour = hours % HOURS_PER_HALF_DAY || HOURS_PER_HALF_DAY;
  const period = hours < HOURS_PER_HALF_DAY ? 'AM' : 'PM';
  return `${longDateOf(date)}, ${hour}:${pad(date.getMinutes())} ${period}`;
}

/** A date's month abbreviated ("Nov") and day of the month ("24"), for a date tile; null when unreadable. */
export function monthAndDay(value: string): { month: string; day: string } | null {
  const date = parseDisplayDate(value);
  return date
    ? {
        month: (MONTHS[date.getMonth()] ?? '').slice(0, MONTH_ABBREVIATION_LENGTH),
        day: String(date.getDate()),
      }
    : null;
}

/** A byte count for people: "512 B", "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** Display filter for dates (001 §9): the first 10 characters, e.g. "2026-11-24T10:00:00Z" → "2026-11-24". */
export function dateFilter(value: string | null | undefined): string {
  return value ? value.slice(0, DISPLAY_DATE_LENGTH) : '';
}

/** Display filter for currency (001 §9): two decimals, e.g. 12.5 → "12.50"; empty for a missing value. */
export function currencyFilter(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? ''
    : value.toFixed(CURRENCY_DECIMALS);
}
