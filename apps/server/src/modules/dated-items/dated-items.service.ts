/**
 * Rules shared by news and events (001 §2, §4, §9): status as for content — visitors see published
 * items in lists and published or unlisted ones by link; editors (CanUpdateContent) see every status
 * but archived, which needs CanViewArchivedContent too; pages of items by nextPageToken.
 */
import { z } from 'zod';
import { CONTENT_STATUSES, type ContentStatus } from '@portal/shared/enums';
import { AppError } from '@portal/shared/errors';
import { VISITOR_PERMISSIONS, type PermissionFlags } from '@portal/shared/permissions';
import { hyphenate } from '@portal/shared/schemas/courseware';
import type { Db } from '../../db/client.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import {
  deleteDated,
  findDated,
  freeAlias,
  listDated,
  listDatedAliases,
  type DatedTable,
} from './dated-items.repository.js';

/** The statuses a caller may see in a list (optionally narrowed to `asked`). */
export function listableStatuses(
  permissions: PermissionFlags,
  asked?: readonly ContentStatus[],
): ContentStatus[] {
  if (!permissions.CanUpdateContent) return ['published'];
  const allowed = CONTENT_STATUSES.filter((s) => s !== 'archived' || permissions.CanViewArchivedContent);
  const wanted = asked && asked.length > 0 ? asked : allowed.filter((s) => s !== 'archived');
  return allowed.filter((s) => wanted.includes(s));
}

/** Whether the caller may open an item of this status by its link. */
export function isOpenable(permissions: PermissionFlags, status: ContentStatus): boolean {
  if (status === 'published' || status === 'unlisted') return true;
  return listableStatuses(permissions, [status]).includes(status);
}

const CursorSchema = z.object({ date: z.string().max(64), id: z.uuid() });

/** A page of rows of `table` for the caller; `toItem` maps a row. */
export async function pageOfDated<R extends { id: string; date: Date | string }, T>(
  db: Db,
  table: DatedTable,
  options: {
    permissions: PermissionFlags;
    query: { pageToken?: string; pageSize: number; statuses?: ContentStatus[]; upcoming: boolean };
    toItem: (row: R) => T;
  },
): Promise<{ items: T[]; nextPageToken: string | null }> {
  const { query } = options;
  const after = decodePageToken(query.pageToken, CursorSchema);
  const rows = await listDated<R>(db, table, {
    statuses: listableStatuses(options.permissions, query.statuses),
    isUpcoming: query.upcoming,
    after,
    limit: query.pageSize + 1,
  });
  const { page, nextPageToken } = keysetPage(rows, query.pageSize, (last) => ({
    date: new Date(last.date).toISOString(),
    id: last.id,
  }));
  return { items: page.map(options.toItem), nextPageToken };
}

/** One row by id or alias (normalised), if the caller may open it (isOpenable); undefined otherwise. */
export async function findOpenableDated<R extends { status: string }>(
  db: Db,
  table: DatedTable,
  options: { permissions: PermissionFlags; idOrAlias: string },
): Promise<R | undefined> {
  const row = await findDated<R>(db, table, options.idOrAlias);
  return row && isOpenable(options.permissions, row.status as ContentStatus) ? row : undefined;
}

/**
 * One row by id or alias, if the caller may open it.
 * @throws AppError not_found with `notFound` (001 §8: 'News does not exist.' / 'Event does not exist.')
 */
export async function openDated<R extends { status: string }>(
  db: Db,
  table: DatedTable,
  options: { permissions: PermissionFlags; idOrAlias: string; notFound: string },
): Promise<R> {
  const row = await findOpenableDated<R>(db, table, options);
  if (!row) throw new AppError('not_found', options.notFound);
  return row;
}

/** What the head of a news item's or an event's public page shows (issue 22). */
export interface PublicDatedItem {
  urlAlias: string;
  name: string;
  /** Sanitised HTML, as stored. */
  description: string;
  /** The item's image address as stored (events have none). */
  image: string | null;
  /** Whether lists, feeds and the sitemap show it to a visitor; an unlisted item is opened by link only. */
  isListed: boolean;
}

/**
 * The item a visitor opens at this id or alias, by the rule of its own page (isOpenable with visitor
 * permissions: published or unlisted), with whether a visitor's lists show it.
 */
export async function findPublicDated(
  db: Db,
  table: DatedTable,
  idOrAlias: string,
): Promise<PublicDatedItem | undefined> {
  const row = await findOpenableDated<{
    status: ContentStatus;
    url_alias: string;
    name: string;
    description: string;
    image?: string | null;
  }>(db, table, { permissions: VISITOR_PERMISSIONS, idOrAlias });
  if (!row) return undefined;
  return {
    urlAlias: row.url_alias,
    name: row.name,
    description: row.description,
    image: row.image ?? null,
    isListed: listableStatuses(VISITOR_PERMISSIONS).includes(row.status),
  };
}

/**
 * The alias an item named `name` gets: its hyphenated name, made unique in the table (ignoring the item
 * `exceptId` itself, on an update).
 */
export async function aliasFor(
  db: Db,
  { table, name, exceptId }: { table: DatedTable; name: string; exceptId?: string },
): Promise<string> {
  return freeAlias(db, table, hyphenate(name) || table, exceptId);
}

/**
 * The newest (or, upcoming, the next) published items of a table, for feeds: at most `limit` rows, all
 * columns as stored.
 */
export async function latestPublishedDated<R>(
  db: Db,
  table: DatedTable,
  options: { isUpcoming: boolean; limit: number },
): Promise<R[]> {
  return listDated<R>(db, table, { statuses: ['published'], ...options });
}

/** Every item of a table a visitor's lists show (listableStatuses), by alias, with when it last changed. */
export async function listListedDated(
  db: Db,
  table: DatedTable,
): Promise<{ urlAlias: string; modifiedTimestamp: string }[]> {
  const found = await listDatedAliases(db, table, listableStatuses(VISITOR_PERMISSIONS));
  return found.map((r) => ({ urlAlias: r.urlAlias, modifiedTimestamp: isoOf(r.modifiedAt) }));
}

/** Deletes an item in a transaction of its own; false when there was none. */
export async function deleteDatedItem(db: Db, table: DatedTable, id: string): Promise<boolean> {
  return db.transaction((tx) => deleteDated(tx, table, id));
}

/** ISO text of a timestamp column read through raw SQL (a Date or the driver's text). */
export const isoOf = (value: Date | string) => new Date(value).toISOString();
