/**
 * "Changed since I downloaded it" on search results and item pages (issue 37 "My downloads"): for a
 * signed-in caller who may download files, which of the shown items they downloaded and whether each was
 * saved since their last download. The downloads are the statistics module's: the app passes in the
 * statement that reads them (courseware does not import statistics), and it is read inside courseware's
 * one query. Visitors cost no query.
 */
import type { SQL } from 'drizzle-orm';
import type { PermissionFlags } from '@portal/shared/permissions';
import type { Db } from '../../db/client.js';
import { findChangedSinceRows } from './content-changes.repository.js';

/**
 * The statement of a person's last download of each of the items given that they downloaded: rows
 * "contentId" (uuid), "lastDownloadedAt" (timestamptz) and "kind" (DownloadKind: a bundle or cartridge
 * changed when anything published under its item did).
 */
export type LastDownloadsStatement = (accountId: string, contentIds: readonly string[]) => SQL;

/** Who is asking: their account (none for a visitor) and their flags. */
export interface DownloadCaller {
  accountId: string | null;
  permissions: Pick<PermissionFlags, 'CanViewFiles'>;
}

/**
 * For each of `contentIds` the caller downloaded, whether it changed since their last download; an
 * item never downloaded is absent. One indexed query; none for a visitor, a caller who may not
 * download, or no ids.
 */
export async function changedSinceDownload(
  db: Db,
  lastDownloadsStatement: LastDownloadsStatement | undefined,
  caller: DownloadCaller,
  contentIds: readonly string[],
): Promise<Map<string, boolean>> {
  if (
    !lastDownloadsStatement ||
    !caller.accountId ||
    !caller.permissions.CanViewFiles ||
    contentIds.length === 0
  )
    return new Map();
  const found = await findChangedSinceRows(db, lastDownloadsStatement(caller.accountId, contentIds));
  return new Map(found.map((r) => [r.contentId, r.isChanged]));
}

/** `items` with `changedSinceDownload` set on those the caller downloaded (the same array when none). */
export async function withChangedSinceDownload<T extends { id: string }>(
  db: Db,
  lastDownloadsStatement: LastDownloadsStatement | undefined,
  caller: DownloadCaller,
  items: T[],
): Promise<(T & { changedSinceDownload?: boolean })[]> {
  const answer = await changedSinceDownload(
    db,
    lastDownloadsStatement,
    caller,
    items.map((i) => i.id),
  );
  if (answer.size === 0) return items;
  return items.map((i) => (answer.has(i.id) ? { ...i, changedSinceDownload: answer.get(i.id)! } : i));
}
