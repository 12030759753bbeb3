/** Display helpers shared by several areas (001 §9 display filters). */
import dayjs from 'dayjs';
import { DATE_FORMAT } from '@portal/shared/limits';

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
