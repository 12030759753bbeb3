/**
 * A person's downloads (issue 37 "My downloads"), read from `download_event` by the index on
 * (account_id, content_id, occurred_at): the last download of each item.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DownloadKind } from '@portal/shared/schemas/my-downloads-limits';
import type { Db } from '../../db/client.js';
import { rows, uuidArray } from '../../db/rows.js';

/** An item's last download by one account. */
export interface LastDownloadRow {
  contentId: string;
  lastDownloadedAt: Date;
  /** The same instant as PostgreSQL writes it, to the microsecond: a keyset cursor, a bound of "after". */
  exactAt: string;
  /** What was downloaded last: a file, the item's zip bundle or its cartridge. */
  kind: DownloadKind;
}

/** Raw SQL timestamps come as text on one driver and as Date on the other. */
const withDate = (r: LastDownloadRow): LastDownloadRow => ({
  ...r,
  lastDownloadedAt: new Date(r.lastDownloadedAt),
});

/**
 * The statement of the account's last download of each of `contentIds` it downloaded, one index probe
 * per id: rows ("contentId", "lastDownloadedAt", "kind"), to be read inside another query (the search
 * page's batch: courseware asks "changed since" of these rows in the same statement).
 */
export function lastDownloadsStatement(accountId: string, contentIds: readonly string[]): SQL {
  return sql`SELECT ids.id AS "contentId", e.occurred_at AS "lastDownloadedAt", e.kind
             FROM unnest(${uuidArray(contentIds)}) AS ids(id)
             CROSS JOIN LATERAL (
               SELECT occurred_at, kind FROM download_event
               WHERE account_id = ${accountId}::uuid AND content_id = ids.id
               ORDER BY occurred_at DESC LIMIT 1) e`;
}

/**
 * The items the account downloaded, newest last download first, `limit` rows after the keyset `after`
 * (the previous page's last row: its `exactAt` and its item id).
 */
export async function listLastDownloads(
  db: Db,
  accountId: string,
  { after, limit }: { after?: { t: string; i: string }; limit: number },
): Promise<LastDownloadRow[]> {
  const keyset = after
    ? sql`WHERE (l."lastDownloadedAt", l."contentId") < (${after.t}::timestamptz, ${after.i}::uuid)`
    : sql``;
  const found = await rows<LastDownloadRow>(
    db,
    sql`SELECT * FROM (
          SELECT DISTINCT ON (content_id) content_id AS "contentId", occurred_at AS "lastDownloadedAt",
                 occurred_at::text AS "exactAt", kind
          FROM download_event
          WHERE account_id = ${accountId}::uuid AND content_id IS NOT NULL
          ORDER BY content_id, occurred_at DESC) l
        ${keyset}
        ORDER BY l."lastDownloadedAt" DESC, l."contentId" DESC
        LIMIT ${limit}`,
  );
  return found.map(withDate);
}
