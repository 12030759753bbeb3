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
import { PAGE_GROUP_PREFIX, type ContentStatus, type PageRevisionChange } from '@portal/shared/enums';
import { CONTENT_BOX_HTML_MAX, PAGE_META_IMAGES_MAX } from '@portal/shared/limits';
import type { PermissionFlags } from '@portal/shared/permissions';
import { IMAGE_MIME_TYPES, UPLOAD_MAX_BYTES } from '@portal/shared/schemas/files';
import {
  PAGE_MESSAGES,
  type CreatePageRequestSchema,
  type Page,
  type PageLayoutRequestSchema,
  type PageList,
  type PageRevisionList,
  type PageSection,
  type SectionRequestSchema,
  type UpdatePageRequestSchema,
  type Widget,
  widgetFiles,
} from '@portal/shared/schemas/pages';
import { isBlankHtml } from '@portal/shared/schemas/courseware';
import { REQUIRED } from '@portal/shared/schemas/news';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { sanitizeRichText } from '../../lib/html.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import { openableStatuses } from '../courseware/courseware.service.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { FileStore } from '../../lib/storage.js';
import { publicUrlOf } from '../../lib/served-files.js';
import type { Session } from '../identity/index.js';
import { listableStatuses } from '../dated-items/dated-items.service.js';
import * as repo from './pages.repository.js';

type CreateInput = z.output<typeof CreatePageRequestSchema>;
type UpdateInput = z.output<typeof UpdatePageRequestSchema>;
type SectionInput = z.output<typeof SectionRequestSchema>;
type LayoutInput = z.output<typeof PageLayoutRequestSchema>;
/** Who saves: the account and the name its revisions carry. */
type Author = Pick<Session, 'accountId' | 'identity'>;

const notFound = () => new AppError('not_found', PAGE_MESSAGES.notFound);
const stale = () => new AppError('conflict', PAGE_MESSAGES.stale, { field: 'version' });
const hrefTaken = () => new AppError('conflict', PAGE_MESSAGES.hrefTaken, { field: 'href' });

/** The page as served: its row and its sections in order. */
function toPage(row: repo.PageRow, sections: repo.SectionRow[]): Page {
  return {
    id: row.id,
    href: row.href,
    title: row.title,
    parentId: row.parentId,
    status: row.status as ContentStatus,
    layout: { name: row.layoutName, parameters: row.layoutParameters },
    sections: sections.map((s, index): PageSection => ({
      id: s.id,
      index,
      key: s.groupKey,
      widgets: s.widgets,
    })),
    meta: { description: row.description, images: row.metaImages },
    version: row.version,
    createdTimestamp: isoTimestamp(row.createdAt),
    modifiedTimestamp: isoTimestamp(row.modifiedAt),
  };
}

async function loadPage(db: Db, row: repo.PageRow): Promise<Page> {
  return toPage(row, await repo.findSections(db, row.id));
}

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

/** Keeps the revision of a save: the page as it now is, who saved it and what kind of change it was. */
async function recordRevision(db: Db, pageId: string, author: Author, change: PageRevisionChange) {
  const row = await repo.findPage(db, pageId);
  const snapshot = await loadPage(db, row!);
  await repo.insertRevision(db, {
    pageId,
    change,
    title: snapshot.title,
    authorId: author.accountId,
    authorName: author.identity?.displayName ?? 'Unknown',
    snapshot,
  });
  return snapshot;
}

/** Runs a write; a link taken meanwhile by another page (the unique index fires) is a 409 too. */
async function withUniqueHref<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw hrefTaken();
    throw error;
  }
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
      return recordRevision(tx, id, author, 'create');
    }),
  );
}

/**
 * Changes a page's title, status and, when given, description, link, parent and layout.
 * @throws AppError 404 unknown, 409 link used or a stale version, 422 unknown parent
 */
export async function updatePageDetails(
  db: Db,
  author: Author,
  id: string,
  input: UpdateInput,
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
      return recordRevision(tx, id, author, 'update');
    }),
  );
}

/**
 * Removes the stored bytes of file rows deleted by a committed save. A failed removal leaves bytes no
 * row names (never a page naming a missing file), so it does not fail the save.
 */
async function removeStored(fileStore: FileStore, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => fileStore.delete(key)));
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

/** The ids of the files the widgets name. */
function fileIdsOf(widgets: readonly Widget[]): Set<string> {
  return new Set(widgets.flatMap((w) => widgetFiles(w).map((f) => f.file.fileId)));
}

/**
 * The widgets ready to store: every rich-text field sanitised with the shared allow-list, and every file
 * one uploaded for this page within its slot's limit (image 1048576, avatar and logo 50000, file
 * 104857600 bytes; images of an image type).
 * @throws AppError 422 a file not of this page, too large for its slot or not an image where one is due
 */
async function prepareWidgets(db: Db, pageId: string, widgets: readonly Widget[]): Promise<Widget[]> {
  const named = widgets.flatMap(widgetFiles);
  const found = new Map(
    (await repo.findPageFiles(db, pageId, [...new Set(named.map((n) => n.file.fileId))])).map((f) => [
      f.id,
      f,
    ]),
  );
  for (const { file, uploadKind } of named) {
    const stored = found.get(file.fileId);
    if (!stored) throw new AppError('rule_broken', PAGE_MESSAGES.fileNotOfPage, { fileId: file.fileId });
    if (stored.size > UPLOAD_MAX_BYTES[uploadKind]) {
      throw new AppError('rule_broken', PAGE_MESSAGES.fileTooLargeForSlot, { fileId: file.fileId });
    }
    if (uploadKind !== 'file' && !(IMAGE_MIME_TYPES as readonly string[]).includes(stored.mimeType)) {
      throw new AppError('rule_broken', PAGE_MESSAGES.imageRequiredType, { fileId: file.fileId });
    }
  }
  return widgets.map((widget, index) => {
    if (widget.kind !== 'contentBox') return widget;
    const content = sanitizeRichText(widget.content);
    // What is stored must pass the schema the page is read back with, or the save would succeed and
    // every read of the page fail: sanitising can empty it (only disallowed tags) or lengthen it (`<` is
    // stored as `&lt;`).
    const problem = isBlankHtml(content)
      ? REQUIRED
      : content.length > CONTENT_BOX_HTML_MAX
        ? PAGE_MESSAGES.contentTooLong
        : undefined;
    if (problem) {
      throw new AppError('invalid_input', problem, {
        issues: [{ field: `body.widgets.${index}.content`, message: problem }],
      });
    }
    return { ...widget, content };
  });
}

/** Layout parameters after a change of groups: known groups keep their order, new ones are appended, unused ones go. */
function groupParameters(parameters: readonly string[], sections: readonly { groupKey: string | null }[]) {
  const used = new Set(sections.map((s) => s.groupKey).filter((k): k is string => k !== null));
  const kept = parameters.filter(
    (p) => !p.startsWith(PAGE_GROUP_PREFIX) || used.has(p.slice(PAGE_GROUP_PREFIX.length)),
  );
  const known = new Set(kept.map((p) => p.slice(PAGE_GROUP_PREFIX.length)));
  return [...kept, ...[...used].filter((g) => !known.has(g)).map((g) => `${PAGE_GROUP_PREFIX}${g}`)];
}

/** The page's Open Graph images (001 §3 meta images): the addresses of its first widget images. */
function metaImagesOf(sections: readonly repo.SectionRow[]): string[] {
  const ids = sections
    .flatMap((s) => s.widgets.flatMap(widgetFiles))
    .filter((f) => f.uploadKind === 'image')
    .map((f) => f.file.fileId);
  return [...new Set(ids)].slice(0, PAGE_META_IMAGES_MAX).map(publicUrlOf);
}

/**
 * Saves the sections of a page through `change` in one transaction (page row locked), then the groups
 * of its layout, the version and a revision; after the commit, deletes the files that the sections
 * named before (`before`) and name no longer.
 */
async function saveSections(
  db: Db,
  fileStore: FileStore,
  author: Author,
  pageId: string,
  change: (tx: Db, sections: repo.SectionRow[]) => Promise<void>,
): Promise<Page> {
  const { page, dropped } = await db.transaction(async (tx) => {
    const row = await repo.findPage(tx, pageId, true);
    if (!row) throw notFound();
    const before = await repo.findSections(tx, pageId);
    await change(tx, before);
    const after = await repo.findSections(tx, pageId);
    await repo.updatePage(tx, pageId, {
      layoutParameters: groupParameters(row.layoutParameters, after),
      metaImages: metaImagesOf(after),
    });
    const kept = fileIdsOf(after.flatMap((s) => s.widgets));
    const gone = [...fileIdsOf(before.flatMap((s) => s.widgets))].filter((id) => !kept.has(id));
    const keys = await repo.deletePageFileRows(tx, pageId, gone);
    return { page: await recordRevision(tx, pageId, author, 'section'), dropped: keys };
  });
  await removeStored(fileStore, dropped);
  return page;
}

/**
 * Adds a section at the end of a page (001 §2 section dialog).
 * @throws AppError 404 unknown page, 422 a file not of this page or over its slot's limit
 */
export function addSection(
  db: Db,
  fileStore: FileStore,
  author: Author,
  pageId: string,
  input: SectionInput,
): Promise<Page> {
  return saveSections(db, fileStore, author, pageId, async (tx, sections) => {
    await repo.insertSection(tx, {
      pageId,
      position: sections.length,
      groupKey: input.key,
      widgets: await prepareWidgets(tx, pageId, input.widgets),
    });
  });
}

/**
 * Replaces a section's group and widgets; the files it no longer names are deleted after the save
 * (001 §4 Section save).
 * @throws AppError 404 unknown page or section, 422 as addSection
 */
export function replaceSection(
  db: Db,
  fileStore: FileStore,
  author: Author,
  pageId: string,
  sectionId: string,
  input: SectionInput,
): Promise<Page> {
  return saveSections(db, fileStore, author, pageId, async (tx, sections) => {
    if (!sections.some((s) => s.id === sectionId)) {
      throw new AppError('not_found', PAGE_MESSAGES.sectionNotFound);
    }
    await repo.updateSection(tx, sectionId, {
      groupKey: input.key,
      widgets: await prepareWidgets(tx, pageId, input.widgets),
    });
  });
}

/** Deletes a section and its files. @throws AppError 404 unknown page or section */
export function removeSection(
  db: Db,
  fileStore: FileStore,
  author: Author,
  pageId: string,
  sectionId: string,
): Promise<Page> {
  return saveSections(db, fileStore, author, pageId, async (tx, sections) => {
    if (!sections.some((s) => s.id === sectionId)) {
      throw new AppError('not_found', PAGE_MESSAGES.sectionNotFound);
    }
    await repo.deleteSection(tx, sectionId);
    const rest = sections.filter((s) => s.id !== sectionId);
    for (const [position, section] of rest.entries()) {
      if (section.position !== position) await repo.updateSection(tx, section.id, { position });
    }
  });
}

/**
 * Reorders a page's sections and groups (001 §4 Reorder) when `version` is the page's current one.
 * @throws AppError 404 unknown, 409 stale version, 422 the lists are not exactly the page's sections
 *   and groups
 */
export async function reorderPage(db: Db, author: Author, pageId: string, input: LayoutInput): Promise<Page> {
  return db.transaction(async (tx) => {
    const row = await repo.findPage(tx, pageId, true);
    if (!row) throw notFound();
    if (row.version !== input.version) throw stale();
    const sections = await repo.findSections(tx, pageId);
    const ids = new Set(sections.map((s) => s.id));
    const groups = new Set(sections.map((s) => s.groupKey).filter((k) => k !== null));
    const isSameSections =
      input.sectionIds.length === ids.size && input.sectionIds.every((id) => ids.has(id));
    const isSameGroups = input.groups.length === groups.size && input.groups.every((g) => groups.has(g));
    if (!isSameSections || !isSameGroups) {
      throw new AppError('rule_broken', PAGE_MESSAGES.layoutMismatch);
    }
    const positions = new Map(sections.map((s) => [s.id, s.position]));
    for (const [position, id] of input.sectionIds.entries()) {
      if (positions.get(id) !== position) await repo.updateSection(tx, id, { position });
    }
    const others = row.layoutParameters.filter((p) => !p.startsWith(PAGE_GROUP_PREFIX));
    await repo.updatePage(tx, pageId, {
      layoutParameters: [...others, ...input.groups.map((g) => `${PAGE_GROUP_PREFIX}${g}`)],
    });
    return recordRevision(tx, pageId, author, 'layout');
  });
}

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
  fileStore: FileStore,
  author: Author,
  pageId: string,
  revisionId: string,
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
      return { page: await recordRevision(tx, pageId, author, 'restore'), dropped: keys };
    }),
  );
  await removeStored(fileStore, dropped);
  return page;
}
