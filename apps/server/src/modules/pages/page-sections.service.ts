/**
 * The sections of a dynamic page (001 §3 Page section, Widget; §4 Reorder, Section save; issue 11):
 * every save in one transaction with the page row locked, every rich-text field sanitised, every file
 * one uploaded for the page within its slot's limit, a revision for every save, and the files a save
 * no longer names deleted once it has committed.
 */
import type { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { PAGE_GROUP_PREFIX } from '@portal/shared/enums';
import { CONTENT_BOX_HTML_MAX } from '@portal/shared/limits';
import { IMAGE_MIME_TYPES, UPLOAD_MAX_BYTES } from '@portal/shared/schemas/files';
import {
  PAGE_MESSAGES,
  type Page,
  type PageLayoutRequestSchema,
  type SectionRequestSchema,
  type Widget,
  widgetFiles,
} from '@portal/shared/schemas/pages';
import { isBlankHtml } from '@portal/shared/schemas/courseware';
import { REQUIRED } from '@portal/shared/schemas/news';
import type { Db } from '../../db/client.js';
import { sanitizeRichText } from '../../lib/html.js';
import type { FileStore } from '../../lib/storage.js';
import { faultPoint } from '../../lib/fault-points.js';
import * as repo from './pages.repository.js';
import {
  type Author,
  fileIdsOf,
  groupParameters,
  metaImagesOf,
  notFound,
  recordRevision,
  removeStored,
  stale,
} from './page-records.js';

type SectionInput = z.output<typeof SectionRequestSchema>;
type LayoutInput = z.output<typeof PageLayoutRequestSchema>;

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
    const revision = await recordRevision(tx, { pageId, author, change: 'section' });
    faultPoint('page.beforeCommit');
    return { page: revision, dropped: keys };
  });
  faultPoint('page.committed');
  await removeStored(fileStore, dropped);
  return page;
}

/**
 * Adds a section at the end of a page (001 §2 section dialog).
 * @throws AppError 404 unknown page, 422 a file not of this page or over its slot's limit
 */
export function addSection(
  db: Db,
  {
    fileStore,
    author,
    pageId,
    input,
  }: { fileStore: FileStore; author: Author; pageId: string; input: SectionInput },
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
  {
    fileStore,
    author,
    pageId,
    sectionId,
    input,
  }: { fileStore: FileStore; author: Author; pageId: string; sectionId: string; input: SectionInput },
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
  {
    fileStore,
    author,
    pageId,
    sectionId,
  }: { fileStore: FileStore; author: Author; pageId: string; sectionId: string },
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
export async function reorderPage(
  db: Db,
  { author, pageId, input }: { author: Author; pageId: string; input: LayoutInput },
): Promise<Page> {
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
    return recordRevision(tx, { pageId, author, change: 'layout' });
  });
}
