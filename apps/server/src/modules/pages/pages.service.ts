/**
 * Dynamic pages (001 §2 Dynamic pages, §3 Page, Page section, Widget; §4 Reorder, Section save; §5; issue
 * 11): status enforced as for courseware (unpublished and archived pages exist only for editors, others
 * get 404), a unique lower-case link, every rich-text field sanitised, a revision for every save (who,
 * when, the page as served) with restore, and the widget files kept consistent: a save names only files
 * uploaded for its page within its slot's byte limit, and the files a save no longer names are deleted
 * once it has committed.
 */
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { type ContentStatus } from '@portal/shared/enums';
import { VISITOR_PERMISSIONS, type PermissionFlags } from '@portal/shared/permissions';
import {
  type CreatePageRequestSchema,
  type Page,
  type PageList,
  type UpdatePageRequestSchema,
} from '@portal/shared/schemas/pages';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import { openableStatuses } from '../courseware/courseware.service.js';
import type { FileStore } from '../../lib/storage.js';
import { listableStatuses } from '../dated-items/dated-items.service.js';
import * as repo from './pages.repository.js';
import {
  type Author,
  hrefTaken,
  loadPage,
  notFound,
  recordRevision,
  removeStored,
  stale,
  withUniqueHref,
} from './page-records.js';

type CreateInput = z.output<typeof CreatePageRequestSchema>;
type UpdateInput = z.output<typeof UpdatePageRequestSchema>;

/** Whether the caller may see a page of this status (courseware's rule: openableStatuses). */
function isVisible(permissions: PermissionFlags, status: string): boolean {
  return openableStatuses(permissions).includes(status as ContentStatus);
}

/**
 * Whether a page exists and the caller may see it by its status (unpublished: editors; archived: editors
 * who may view archived content). The files of a page follow it (issue 20 "Untrusted files").
 */
export async function isPageOpenable(db: Db, permissions: PermissionFlags, id: string): Promise<boolean> {
  const row = await repo.findPage(db, id);
  return row !== undefined && isVisible(permissions, row.status);
}

/** Whether a page with this id exists, whatever its status (an upload names the page it is for). */
export async function pageExists(db: Db, id: string): Promise<boolean> {
  return repo.pageExists(db, id);
}

/** One page by id. @throws AppError 404 unknown, or hidden from the caller by its status */
export async function getPage(db: Db, permissions: PermissionFlags, id: string): Promise<Page> {
  const row = await repo.findPage(db, id);
  if (!row || !isVisible(permissions, row.status)) throw notFound();
  return loadPage(db, row);
}

/** One page by its link, lower-cased (001 §2 catch-all). @throws AppError 404 as getPage */
export async function getPageByHref(db: Db, permissions: PermissionFlags, href: string): Promise<Page> {
  const row = await repo.findPageByHref(db, href.toLowerCase());
  if (!row || !isVisible(permissions, row.status)) throw notFound();
  return loadPage(db, row);
}

/** What the head of a dynamic page shows (issue 22). */
export interface PublicPage {
  /** Its link, lower-case, with the leading slash. */
  href: string;
  title: string;
  description: string;
  /** Image addresses for link previews, as stored. */
  metaImages: string[];
  /** Whether the page list and the sitemap show it to a visitor; an unlisted page is opened by link only. */
  isListed: boolean;
}

/**
 * The page a visitor opens at this link, by the rule of the page itself (isVisible with visitor
 * permissions: published or unlisted); undefined when there is none.
 * @param href lower-case, with the leading slash
 */
export async function findPublicPage(db: Db, href: string): Promise<PublicPage | undefined> {
  const row = await repo.findPageByHref(db, href.toLowerCase());
  if (!row || !isVisible(VISITOR_PERMISSIONS, row.status)) return undefined;
  return {
    href: row.href,
    title: row.title,
    description: row.description,
    metaImages: row.metaImages,
    isListed: listableStatuses(VISITOR_PERMISSIONS).includes(row.status as ContentStatus),
  };
}

/** Every page a visitor's page list shows (listableStatuses), by link, with when it last changed. */
export async function listListedPages(db: Db): Promise<{ href: string; modifiedTimestamp: string }[]> {
  const found = await repo.listPageLinks(db, listableStatuses(VISITOR_PERMISSIONS));
  return found.map((r) => ({ href: r.href, modifiedTimestamp: isoTimestamp(r.modifiedAt) }));
}

const ListCursorSchema = z.object({ href: z.string().max(2048) });

/**
 * A page of the page list, ordered by link: published pages for visitors; editors see the statuses
 * they ask for (every one but archived by default; archived with CanViewArchivedContent).
 */
export async function listPageSummaries(
  db: Db,
  permissions: PermissionFlags,
  query: { pageToken?: string; pageSize: number; statuses?: ContentStatus[] },
): Promise<PageList> {
  const after = decodePageToken(query.pageToken, ListCursorSchema);
  const rows = await repo.listPages(db, {
    statuses: listableStatuses(permissions, query.statuses),
    after: after?.href,
    limit: query.pageSize + 1,
  });
  const { page, nextPageToken } = keysetPage(rows, query.pageSize, (last) => ({ href: last.href }));
  return {
    items: page.map((row) => ({
      id: row.id,
      href: row.href,
      title: row.title,
      parentId: row.parentId,
      status: row.status as ContentStatus,
      modifiedTimestamp: isoTimestamp(row.modifiedAt),
    })),
    nextPageToken,
  };
}

async function checkParent(db: Db, parentId: string | null | undefined, selfId?: string) {
  if (!parentId) return;
  if (parentId === selfId || !(await repo.pageExists(db, parentId))) {
    throw new AppError('rule_broken', 'The parent page does not exist.', { field: 'parentId' });
  }
}

/**
 * Creates a page (001 §5 page dialog) with no sections; its first revision records it.
 * @throws AppError 409 link used by another page, 422 unknown parent
 */
export async function createPage(db: Db, author: Author, input: CreateInput): Promise<Page> {
  return withUniqueHref(() =>
    db.transaction(async (tx) => {
      if (await repo.isHrefTaken(tx, input.href)) throw hrefTaken();
      await checkParent(tx, input.parentId);
      const id = await repo.insertPage(tx, {
        href: input.href,
        title: input.title,
        status: input.status,
        description: input.description,
        parentId: input.parentId,
        layoutName: input.layoutName,
        layoutParameters: [],
      });
      return recordRevision(tx, { pageId: id, author, change: 'create' });
    }),
  );
}

/**
 * Changes a page's title, status and, when given, description, link, parent and layout.
 * @throws AppError 404 unknown, 409 link used or a stale version, 422 unknown parent
 */
export async function updatePageDetails(
  db: Db,
  { author, id, input }: { author: Author; id: string; input: UpdateInput },
): Promise<Page> {
  return withUniqueHref(() =>
    db.transaction(async (tx) => {
      const row = await repo.findPage(tx, id, true);
      if (!row) throw notFound();
      if (input.version !== undefined && input.version !== row.version) throw stale();
      if (input.href !== undefined && (await repo.isHrefTaken(tx, input.href, id))) throw hrefTaken();
      if (input.parentId !== undefined) await checkParent(tx, input.parentId, id);
      await repo.updatePage(tx, id, {
        title: input.title,
        status: input.status,
        ...(input.description !== undefined && { description: input.description }),
        ...(input.href !== undefined && { href: input.href }),
        ...(input.parentId !== undefined && { parentId: input.parentId }),
        ...(input.layoutName !== undefined && { layoutName: input.layoutName }),
      });
      return recordRevision(tx, { pageId: id, author, change: 'update' });
    }),
  );
}

/**
 * Deletes a page with its sections, revisions and widget files; its child pages lose their parent.
 * @throws AppError 404 unknown
 */
export async function deletePage(db: Db, fileStore: FileStore, id: string): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    if (!(await repo.findPage(tx, id, true))) throw notFound();
    const storageKeys = await repo.deletePageFileRows(tx, id);
    await repo.deletePage(tx, id);
    return storageKeys;
  });
  await removeStored(fileStore, keys);
}
