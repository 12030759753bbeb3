/**
 * How the import pages name an import's states, its package's kinds and what importing does to an item
 * or a file (issue 38), and the counts written out in words.
 */
import type { ImportChange, ImportFormat, ImportStatus } from '@portal/shared/schemas/imports-limits';
import type { ImportCounts } from '@portal/shared/schemas/imports';

export const STATUS_LABELS: Record<ImportStatus, string> = {
  previewed: 'Waiting for confirmation',
  queued: 'Queued',
  running: 'Importing',
  done: 'Imported',
  failed: 'Failed',
  cancelled: 'Cancelled',
  discarded: 'Discarded',
};

/** The colour of a state's chip. */
export const STATUS_COLORS: Record<ImportStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  previewed: 'info',
  queued: 'info',
  running: 'info',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
  discarded: 'default',
};

export const FORMAT_LABELS: Record<ImportFormat, string> = {
  zip: 'Zip of a folder tree',
  folder: 'Folder tree',
  cartridge: 'IMS Common Cartridge',
};

export const CHANGE_LABELS: Record<ImportChange, string> = {
  new: 'New',
  changed: 'Changed',
  unchanged: 'Unchanged',
};

/** "1 item", "3 items": a count with its noun, made plural by an s unless `plural` says otherwise. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/** "2 new, 1 changed, 40 unchanged items". */
export function itemCountsText(counts: ImportCounts): string {
  const { items } = counts;
  const total = items.new + items.changed + items.unchanged;
  return `${items.new} new, ${items.changed} changed, ${items.unchanged} unchanged ${total === 1 ? 'item' : 'items'}`;
}

/** "2 errors, 1 warning", or "No problems". */
export function problemCountsText(counts: Pick<ImportCounts, 'errors' | 'warnings'>): string {
  if (counts.errors === 0 && counts.warnings === 0) return 'No problems';
  return `${countOf(counts.errors, 'error')}, ${countOf(counts.warnings, 'warning')}`;
}
