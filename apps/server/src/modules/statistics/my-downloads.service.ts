/**
 * "My downloads" (issue 37): the items a person downloaded (files, zip bundles, cartridges), when last,
 * and whether each changed since. The downloads are statistics' own (`download_event`); the items and
 * their changes are courseware's, asked through its service in one query per page.
 */
import { z } from 'zod';
import type { PermissionFlags } from '@portal/shared/permissions';
import type { MyDownloadList } from '@portal/shared/schemas/my-downloads';
import { MY_DOWNLOADS_PAGE_SIZE } from '@portal/shared/schemas/my-downloads-limits';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import { findChangedSince, findOpenableListItems } from '../courseware/courseware.service.js';
import * as repo from './my-downloads.repository.js';

/** The signed-in caller (the route's guard has refused anyone else). */
export interface Downloader {
  accountId: string;
  permissions: PermissionFlags;
}

/** Keyset of the list: the last download's time as PostgreSQL writes it, and the item id. */
const CursorSchema = z.object({ t: z.string().max(64), i: z.uuid() });

/**
 * The statement of the account's last download of each of `contentIds` it downloaded (rows "contentId",
 * "lastDownloadedAt"), for courseware's "changed since I downloaded it" on search results and item
 * pages, read inside its one query.
 */
export const lastDownloadsStatement = repo.lastDownloadsStatement;

/**
 * The caller's downloaded items, newest last download first, MY_DOWNLOADS_PAGE_SIZE a page: each with
 * when and what it was last downloaded as, and whether it changed since. Items deleted or hidden from
 * the caller since are left out of the page.
 * @throws AppError invalid_input for a page token this list did not issue
 */
export async function listMyDownloads(
  db: Db,
  caller: Downloader,
  pageToken?: string,
): Promise<MyDownloadList> {
  const after = decodePageToken(pageToken, CursorSchema);
  const found = await repo.listLastDownloads(db, caller.accountId, {
    after,
    limit: MY_DOWNLOADS_PAGE_SIZE + 1,
  });
  const { page, nextPageToken } = keysetPage(found, MY_DOWNLOADS_PAGE_SIZE, (last) => ({
    t: last.exactAt,
    i: last.contentId,
  }));
  const ids = page.map((r) => r.contentId);
  const [items, changed] = await Promise.all([
    findOpenableListItems(db, caller.permissions, ids),
    findChangedSince(
      db,
      page.map((r) => ({ contentId: r.contentId, since: r.exactAt, kind: r.kind })),
    ),
  ]);
  return {
    items: page.flatMap((row) => {
      const item = items.get(row.contentId);
      if (!item) return [];
      const changedAt = changed.get(row.contentId);
      return [
        {
          contentId: item.id,
          name: item.name,
          urlAlias: item.urlAlias,
          categories: item.categories,
          category: item.categories.join(','),
          lastDownloadedAt: isoTimestamp(row.lastDownloadedAt),
          lastDownloadKind: row.kind,
          changedSinceDownload: changedAt !== undefined,
          changedAt: changedAt ? isoTimestamp(changedAt) : null,
        },
      ];
    }),
    nextPageToken,
  };
}
