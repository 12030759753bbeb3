/**
 * The revisions of a dynamic page (001 §5; issue 11): the list, newest first, and restoring one, with
 * the files deleted since left out.
 */
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { type PageRevisionChange } from '@portal/shared/enums';
import {
  PAGE_MESSAGES,
  type Page,
  type PageRevisionList,
  type Widget,
  widgetFiles,
} from '@portal/shared/schemas/pages';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import type { FileStore } from '../../lib/storage.js';
import * as repo from './pages.repository.js';
import {
  type Author,
  fileIdsOf,
  groupParameters,
  hrefTaken,
  metaImagesOf,
  notFound,
  recordRevision,
  removeStored,
  withUniqueHref,
} from './page-records.js';

const RevisionCursorSchema = z.object({ createdAt: z.string().max(64), id: z.uuid() });

/** A page's revisions, newest first. @throws AppError 404 unknown page */
export async function listPageRevisions(
  db: Db,
  pageId: string,
  query: { pageToken?: string; pageSize: number },
): Promise<PageRevisionList> {
  if (!(await repo.pageExists(db, pageId))) throw notFound();
  const after = decodePageToken(query.pageToken, RevisionCursorSchema);
  const rows = await repo.listRevisions(db, pageId, { after, limit: query.pageSize + 1 });
  const { page, nextPageToken } = keysetPage(rows, query.pageSize, (last) => ({
    createdAt: isoTimestamp(last.createdAt),
    id: last.id,
  }));
  return {
    items: page.map((r) => ({
      id: r.id,
      pageId: r.pageId,
      change: r.change as PageRevisionChange,
      title: r.title,
      authorId: r.authorId,
      authorName: r.authorName,
      createdTimestamp: isoTimestamp(r.createdAt),
    })),
    nextPageToken,
  };
}

/** A widget of a restored revision whose file has since been deleted: optional slots are emptied, a widget needing it is left out. */
function withExistingFiles(widget: Widget, existing: ReadonlySet<string>): Widget | null {
  const slots = widgetFiles(widget);
  if (slots.every((s) => existing.has(s.file.fileId))) return widget;
  const copy: Record<string, unknown> = { ...widget };
  for (const [key, value] of Object.entries(copy)) {
    const fileId = (value as { fileId?: unknown } | null)?.fileId;
    if (typeof fileId === 'string' && !existing.has(fileId)) {
      if (widget.kind === 'contentBox' || widget.kind === 'teamMember') copy[key] = null;
      else return null;
    }
  }
  return copy as Widget;
}

/**
 * Restores a revision: title, link, status, layout, description, parent and sections as they were.
 * Files deleted since are left out (an optional image is emptied, a widget needing its file is dropped);
 * files the page named before the restore and no longer names are deleted after it.
 * @throws AppError 404 unknown page or revision, 409 its link is now another page's
 */
export async function restoreRevision(
  db: Db,
  {
    fileStore,
    author,
    pageId,
    revisionId,
  }: { fileStore: FileStore; author: Author; pageId: string; revisionId: string },
): Promise<Page> {
  const { page, dropped } = await withUniqueHref(() =>
    db.transaction(async (tx) => {
      const row = await repo.findPage(tx, pageId, true);
      if (!row) throw notFound();
      const revision = await repo.findRevision(tx, pageId, revisionId);
      if (!revision) throw new AppError('not_found', PAGE_MESSAGES.revisionNotFound);
      const old = revision.snapshot;
      if (await repo.isHrefTaken(tx, old.href, pageId)) throw hrefTaken();
      const before = await repo.findSections(tx, pageId);
      const named = [...fileIdsOf(old.sections.flatMap((s) => s.widgets))];
      const existing = new Set((await repo.findPageFiles(tx, pageId, named)).map((f) => f.id));
      await repo.deleteSectionsOf(tx, pageId);
      let position = 0;
      for (const section of old.sections) {
        const widgets = section.widgets
          .map((w) => withExistingFiles(w, existing))
          .filter((w): w is Widget => w !== null);
        if (widgets.length === 0) continue;
        await repo.insertSection(tx, { id: section.id, pageId, position, groupKey: section.key, widgets });
        position += 1;
      }
      const after = await repo.findSections(tx, pageId);
      await repo.updatePage(tx, pageId, {
        href: old.href,
        title: old.title,
        status: old.status,
        parentId: old.parentId && (await repo.pageExists(tx, old.parentId)) ? old.parentId : null,
        layoutName: old.layout.name,
        layoutParameters: groupParameters(old.layout.parameters, after),
        description: old.meta.description,
        metaImages: metaImagesOf(after),
      });
      const kept = fileIdsOf(after.flatMap((s) => s.widgets));
      const gone = [...fileIdsOf(before.flatMap((s) => s.widgets))].filter((id) => !kept.has(id));
      const keys = await repo.deletePageFileRows(tx, pageId, gone);
      return { page: await recordRevision(tx, { pageId, author, change: 'restore' }), dropped: keys };
    }),
  );
  await removeStored(fileStore, dropped);
  return page;
}
