/**
 * Queries of dynamic pages (tables `page`, `page_section`, `page_revision`; 001 §3; issue 11): pages by
 * id or link, a keyset page of pages by link, sections in order, revisions newest first, and the widget
 * files a page's sections name.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ContentStatus } from '@portal/shared/enums';
import type { Widget } from '@portal/shared/schemas/pages';
import type { Db } from '../../db/client.js';
import { textArray } from '../../db/rows.js';
import { file } from '../../db/schema/files.js';
import { page, pageRevision, pageSection } from '../../db/schema/pages.js';

export type PageRow = typeof page.$inferSelect;
export type SectionRow = typeof pageSection.$inferSelect;
export type PageRevisionRow = typeof pageRevision.$inferSelect;
export type PageValues = Omit<typeof page.$inferInsert, 'id' | 'createdAt' | 'modifiedAt' | 'version'>;

/** One page by id (`for update` locks it for the rest of the transaction). */
export async function findPage(db: Db, id: string, forUpdate = false): Promise<PageRow | undefined> {
  const query = db.select().from(page).where(eq(page.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** One page by its (lower-case) link. */
export async function findPageByHref(db: Db, href: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(page).where(eq(page.href, href));
  return row;
}

/** Whether another page than `exceptId` has this link. */
export async function isHrefTaken(db: Db, href: string, exceptId?: string): Promise<boolean> {
  const found = await db
    .select({ id: page.id })
    .from(page)
    .where(exceptId ? and(eq(page.href, href), sql`${page.id} <> ${exceptId}::uuid`) : eq(page.href, href));
  return found.length > 0;
}

/** Pages with one of `statuses`, by link (unique), after the link `after` (keyset), `limit` rows. */
export async function listPages(
  db: Db,
  options: { statuses: readonly ContentStatus[]; after?: string; limit: number },
): Promise<PageRow[]> {
  const { after } = options;
  return db
    .select()
    .from(page)
    .where(
      and(
        sql`${page.status} = ANY(${textArray(options.statuses)})`,
        after !== undefined ? sql`${page.href} > ${after}` : undefined,
      ),
    )
    .orderBy(asc(page.href))
    .limit(options.limit);
}

/** The link and last change of every page with one of `statuses`, in link order. */
export async function listPageLinks(db: Db, statuses: readonly ContentStatus[]) {
  return db
    .select({ href: page.href, modifiedAt: page.modifiedAt })
    .from(page)
    .where(sql`${page.status} = ANY(${textArray(statuses)})`)
    .orderBy(asc(page.href));
}

export async function insertPage(db: Db, values: PageValues): Promise<string> {
  const [row] = await db.insert(page).values(values).returning({ id: page.id });
  return row!.id;
}

/** Changes a page's fields and counts one more version. */
export async function updatePage(db: Db, id: string, values: Partial<PageValues>): Promise<void> {
  await db
    .update(page)
    .set({ ...values, version: sql`${page.version} + 1`, modifiedAt: sql`now()` })
    .where(eq(page.id, id));
}

/** Deletes a page (its sections and revisions go with it); false when there was none. */
export async function deletePage(db: Db, id: string): Promise<boolean> {
  // Its child pages stay, without a parent (breadcrumbs then start at them).
  await db.update(page).set({ parentId: null }).where(eq(page.parentId, id));
  const found = await db.delete(page).where(eq(page.id, id)).returning({ id: page.id });
  return found.length > 0;
}

/** A page's sections in order. */
export async function findSections(db: Db, pageId: string): Promise<SectionRow[]> {
  return db
    .select()
    .from(pageSection)
    .where(eq(pageSection.pageId, pageId))
    .orderBy(asc(pageSection.position), asc(pageSection.id));
}

export async function insertSection(
  db: Db,
  values: { id?: string; pageId: string; position: number; groupKey: string | null; widgets: Widget[] },
): Promise<string> {
  const [row] = await db.insert(pageSection).values(values).returning({ id: pageSection.id });
  return row!.id;
}

export async function updateSection(
  db: Db,
  id: string,
  values: Partial<Pick<SectionRow, 'position' | 'groupKey' | 'widgets'>>,
): Promise<void> {
  await db.update(pageSection).set(values).where(eq(pageSection.id, id));
}

export async function deleteSection(db: Db, id: string): Promise<void> {
  await db.delete(pageSection).where(eq(pageSection.id, id));
}

/** Deletes every section of a page (a restore writes them anew). */
export async function deleteSectionsOf(db: Db, pageId: string): Promise<void> {
  await db.delete(pageSection).where(eq(pageSection.pageId, pageId));
}

/** Whether a page with this id exists (any status). */
export async function pageExists(db: Db, id: string): Promise<boolean> {
  const found = await db.select({ id: page.id }).from(page).where(eq(page.id, id));
  return found.length > 0;
}

export async function insertRevision(db: Db, values: typeof pageRevision.$inferInsert): Promise<void> {
  await db.insert(pageRevision).values(values);
}

/** A page's revisions, newest first, after the cursor (keyset on time and id). */
export async function listRevisions(
  db: Db,
  pageId: string,
  options: { after?: { createdAt: string; id: string }; limit: number },
): Promise<Omit<PageRevisionRow, 'snapshot'>[]> {
  const { after } = options;
  return db
    .select({
      id: pageRevision.id,
      pageId: pageRevision.pageId,
      change: pageRevision.change,
      title: pageRevision.title,
      authorId: pageRevision.authorId,
      authorName: pageRevision.authorName,
      createdAt: pageRevision.createdAt,
    })
    .from(pageRevision)
    .where(
      and(
        eq(pageRevision.pageId, pageId),
        after
          ? sql`(${pageRevision.createdAt}, ${pageRevision.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${pageRevision.createdAt} DESC, ${pageRevision.id} DESC`)
    .limit(options.limit);
}

export async function findRevision(
  db: Db,
  pageId: string,
  revisionId: string,
): Promise<PageRevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(pageRevision)
    .where(and(eq(pageRevision.pageId, pageId), eq(pageRevision.id, revisionId)));
  return row;
}

/** The files among `ids` that were uploaded for this page (metadata type page, its id). */
export async function findPageFiles(db: Db, pageId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: file.id, size: file.size, mimeType: file.mimeType, filename: file.filename })
    .from(file)
    .where(and(eq(file.metadataType, 'page'), eq(file.metadataId, pageId), inArray(file.id, [...ids])));
}

/**
 * Deletes the rows of a page's files (all of them, or those among `ids`) and returns their storage keys,
 * for the bytes to be removed once the transaction has committed.
 */
export async function deletePageFileRows(db: Db, pageId: string, ids?: readonly string[]): Promise<string[]> {
  if (ids && ids.length === 0) return [];
  const found = await db
    .delete(file)
    .where(
      and(
        eq(file.metadataType, 'page'),
        eq(file.metadataId, pageId),
        ids ? inArray(file.id, [...ids]) : undefined,
      ),
    )
    .returning({ storageKey: file.storageKey });
  return found.map((r) => r.storageKey);
}
