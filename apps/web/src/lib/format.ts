/** Display helpers shared by several areas (001 §9 display filters). */
import dayjs from 'dayjs';
import { CURRENCY_DECIMALS, DATE_FORMAT, DISPLAY_DATE_LENGTH } from '@portal/shared/limits';

/** A timestamp or date as YYYY-MM-DD (000 §9); empty for a missing or unreadable value. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
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
