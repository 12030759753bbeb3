/**
 * What the page services share (pages.service.ts, page-sections.service.ts,
 * page-revisions.service.ts): the page as served, its errors, the revision every save records, the
 * unique-link guard and the bookkeeping of widget files and layout groups.
 */
import { AppError } from '@portal/shared/errors';
import { PAGE_GROUP_PREFIX, type ContentStatus, type PageRevisionChange } from '@portal/shared/enums';
import { PAGE_META_IMAGES_MAX } from '@portal/shared/limits';
import {
  PAGE_MESSAGES,
  type Page,
  type PageSection,
  type Widget,
  widgetFiles,
} from '@portal/shared/schemas/pages';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { FileStore } from '../../lib/storage.js';
import { publicUrlOf } from '../../lib/served-files.js';
import type { Session } from '../identity/index.js';
import * as repo from './pages.repository.js';

/** Who saves: the account and the name its revisions carry. */
export type Author = Pick<Session, 'accountId' | 'identity'>;

export const notFound = () => new AppError('not_found', PAGE_MESSAGES.notFound);
export const stale = () => new AppError('conflict', PAGE_MESSAGES.stale, { field: 'version' });
export const hrefTaken = () => new AppError('conflict', PAGE_MESSAGES.hrefTaken, { field: 'href' });

/** The page as served: its row and its sections in order. */
export function toPage(row: repo.PageRow, sections: repo.SectionRow[]): Page {
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

export async function loadPage(db: Db, row: repo.PageRow): Promise<Page> {
  return toPage(row, await repo.findSections(db, row.id));
}

/** Keeps the revision of a save: the page as it now is, who saved it and what kind of change it was. */
export async function recordRevision(
  db: Db,
  { pageId, author, change }: { pageId: string; author: Author; change: PageRevisionChange },
) {
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
export async function withUniqueHref<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw hrefTaken();
    throw error;
  }
}

/**
 * Removes the stored bytes of file rows deleted by a committed save. A failed removal leaves bytes no
 * row names (never a page naming a missing file), so it does not fail the save.
 */
export async function removeStored(fileStore: FileStore, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => fileStore.delete(key)));
}

/** The ids of the files the widgets name. */
export function fileIdsOf(widgets: readonly Widget[]): Set<string> {
  return new Set(widgets.flatMap((w) => widgetFiles(w).map((f) => f.file.fileId)));
}

/** Layout parameters after a change of groups: known groups keep their order, new ones are appended, unused ones go. */
export function groupParameters(
  parameters: readonly string[],
  sections: readonly { groupKey: string | null }[],
) {
  const used = new Set(sections.map((s) => s.groupKey).filter((k): k is string => k !== null));
  const kept = parameters.filter(
    (p) => !p.startsWith(PAGE_GROUP_PREFIX) || used.has(p.slice(PAGE_GROUP_PREFIX.length)),
  );
  const known = new Set(kept.map((p) => p.slice(PAGE_GROUP_PREFIX.length)));
  return [...kept, ...[...used].filter((g) => !known.has(g)).map((g) => `${PAGE_GROUP_PREFIX}${g}`)];
}

/** The page's Open Graph images (001 §3 meta images): the addresses of its first widget images. */
export function metaImagesOf(sections: readonly repo.SectionRow[]): string[] {
  const ids = sections
    .flatMap((s) => s.widgets.flatMap(widgetFiles))
    .filter((f) => f.uploadKind === 'image')
    .map((f) => f.file.fileId);
  return [...new Set(ids)].slice(0, PAGE_META_IMAGES_MAX).map(publicUrlOf);
}
