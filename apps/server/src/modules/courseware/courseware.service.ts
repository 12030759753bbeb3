/**
 * Courseware rules (000 §2–§7, DESIGN.md "Visibility by status"): who sees which status, the shape of
 * a content item, its files and the catalogue list. Search is in `search.service.ts`.
 */
import { z } from 'zod';
import { AppError, MESSAGES } from '@portal/shared/errors';
import { type ContentCategory, type ContentStatus, type KnowledgeType } from '@portal/shared/enums';
import type { PermissionFlags } from '@portal/shared/permissions';
import type {
  Content,
  ContentListPage,
  ContentFile,
  ContentFilesResponse,
} from '@portal/shared/schemas/courseware';
import type { ListContentQuery } from '@portal/shared/schemas/courseware';
import { idOrAliasKey } from '@portal/shared/patterns';
import { VISITOR_PERMISSIONS } from '@portal/shared/permissions';
import { UUID_PATTERN } from '@portal/shared/schemas/common';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import { findContributorsOfContent } from '../contributors/contributors.service.js';
import * as repo from './courseware.repository.js';
import * as vocabularyRepo from './search-vocabulary.repository.js';
import { findRef, insertRevision, lockContent, updateContentRow } from './courseware-write.repository.js';
import { learnAcronyms } from './acronyms.js';
import { findListedRefs } from './content-changes.repository.js';

type Perms = Pick<PermissionFlags, 'CanUpdateContent' | 'CanViewArchivedContent'>;
/** What search needs to know of the caller: what it may list, and whether it may open files (snippets). */

/** Statuses whose items the caller may open by link (DESIGN.md: unpublished editors only; archived with view-archived). */
export function openableStatuses(p: Perms): ContentStatus[] {
  if (!p.CanUpdateContent) return ['published', 'unlisted'];
  return p.CanViewArchivedContent
    ? ['published', 'unlisted', 'unpublished', 'archived']
    : ['published', 'unlisted', 'unpublished'];
}

/**
 * Whether the caller may open an item by link: its status and every ancestor's are openable to it
 * (issue 9: an item under an unpublished or archived ancestor is hidden with it, as in the tree walks).
 */
export async function isOpenable(
  db: Db,
  perms: Perms,
  item: { id: string; status: string },
): Promise<boolean> {
  const statuses = openableStatuses(perms);
  return (
    statuses.includes(item.status as ContentStatus) && !(await repo.hasHiddenAncestor(db, item.id, statuses))
  );
}

/**
 * An item's id, name, urlAlias and status, when the caller may open it by link (isOpenable).
 * @returns undefined when the item does not exist or it or an ancestor is hidden from the caller
 */
export async function findOpenableRef(db: Db, perms: Perms, id: string) {
  const ref = await findRef(db, id);
  return ref && (await isOpenable(db, perms, ref)) ? ref : undefined;
}

/**
 * The items of `ids` the caller may open by link (isOpenable), in one query: each one's id, name,
 * urlAlias and status by its id; an id that does not exist or is hidden from the caller is not in it.
 */
export async function findOpenableRefs(
  db: Db,
  perms: Perms,
  ids: readonly string[],
): Promise<Map<string, Awaited<ReturnType<typeof repo.findVisibleRefs>>[number]>> {
  if (ids.length === 0) return new Map();
  const found = await repo.findVisibleRefs(db, ids, openableStatuses(perms));
  return new Map(found.map((ref) => [ref.id, ref]));
}

/** Statuses listed or found by search: published for everyone; unlisted and unpublished for editors; archived never. */
export function listedStatuses(p: Perms): ContentStatus[] {
  return p.CanUpdateContent ? ['published', 'unlisted', 'unpublished'] : ['published'];
}

/** Statuses of children shown on a detail page (and put into a zip bundle of the tree). */
export function childStatuses(p: Perms): ContentStatus[] {
  return p.CanUpdateContent ? openableStatuses(p) : ['published'];
}

/**
 * One content item by id or URL alias (000 §2 content detail page, §3 Content).
 * @param idOrAlias decoded path parameter; lower-cased here as the client does
 * @throws AppError not_found when it does not exist or the caller may not see its status
 */
export async function getContent(db: Db, perms: PermissionFlags, idOrAlias: string): Promise<Content> {
  const row = await repo.findContent(db, idOrAliasKey(idOrAlias));
  if (!row || !(await isOpenable(db, perms, row))) throw new AppError('not_found', MESSAGES.contentNotFound);
  const [ancestors, children, sections, files, knowledge, contributors, lessonCount] = await Promise.all([
    repo.findAncestors(db, row.parentId),
    repo.findChildren(db, row.id, childStatuses(perms)),
    repo.findSections(db, row.id),
    repo.findContentFiles(db, row.id),
    repo.findContentKnowledge(db, row.id),
    findContributorsOfContent(db, row.id),
    repo.countLessons(db, row.id),
  ]);
  const ofType = (type: KnowledgeType) =>
    knowledge
      .filter((k) => k.type === type)
      .map(({ topics, ...k }) => (type === 'CYBOK' ? { ...k, topics: topics ?? [] } : k));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    urlAlias: row.urlAlias,
    status: row.status,
    tags: row.tags as Content['tags'],
    keywords: row.keywords,
    categories: row.categories as Content['categories'],
    category: row.categories.join(','),
    educationLevels: row.educationLevels as Content['educationLevels'],
    experienceLevels: row.experienceLevels as Content['experienceLevels'],
    parentId: row.parentId,
    // Every ancestor is one the caller may open (isOpenable): no hidden name reaches the breadcrumbs.
    ancestors: ancestors.map(({ id, name, urlAlias }) => ({ id, name, urlAlias })),
    children: children.map((c) => ({
      ...c,
      categories: c.categories as Content['categories'],
      category: c.categories.join(','),
      tags: c.tags as Content['tags'],
    })),
    sections,
    files: files.map((f) => contentFileOf(perms, f)),
    ksas: ofType('KSA'),
    kus: ofType('KU'),
    cybokAreas: ofType('CYBOK'),
    tkss: ofType('TKS'),
    contributors: contributors.map((c) => ({ ...c, email: perms.CanUpdateContent ? c.email : null })),
    includes: row.includes,
    lastCuratedTimestamps: { courseware: row.lastCuratedCourseware, environment: row.lastCuratedEnvironment },
    source: row.sourceName
      ? {
          name: row.sourceName,
          url: row.sourceUrl ?? '',
          license: row.licenseName ?? '',
          licenseUrl: row.licenseUrl,
          author: row.sourceAuthor,
        }
      : null,
    lessonCount,
    createdTimestamp: isoTimestamp(row.createdAt),
    modifiedTimestamp: isoTimestamp(row.modifiedAt),
    version: row.version,
    modifiedBy: row.modifiedByName === null ? null : { displayName: row.modifiedByName },
  };
}

/** What the head of an item's public page shows (issue 22): its own fields and what it teaches. */
export interface PublicItem {
  id: string;
  name: string;
  /** The description as plain text. */
  descriptionText: string;
  urlAlias: string;
  categories: string[];
  educationLevels: string[];
  keywords: string[];
  licenseName: string | null;
  licenseUrl: string | null;
  /** ISO 8601. */
  modifiedTimestamp: string;
  /** Names of the TKS, KSA, KU and CyBOK items it teaches, in the item's order. */
  teaches: string[];
  /** Whether lists, search and the sitemap show it to a visitor; an unlisted item is opened by link only. */
  isListed: boolean;
}

/**
 * The item a visitor opens at this id or alias, by the rule of its own page (isOpenable with visitor
 * permissions: published or unlisted, no hidden ancestor).
 * @param idOrAlias as written in the address, decoded (normalised here)
 * @returns undefined when it does not exist or a visitor may not open it
 */
export async function findPublicItem(db: Db, idOrAlias: string): Promise<PublicItem | undefined> {
  const row = await repo.findContent(db, idOrAliasKey(idOrAlias));
  if (!row || !(await isOpenable(db, VISITOR_PERMISSIONS, row))) return undefined;
  const knowledge = await repo.findContentKnowledge(db, row.id);
  return {
    id: row.id,
    name: row.name,
    descriptionText: row.descriptionText,
    urlAlias: row.urlAlias,
    categories: row.categories,
    educationLevels: row.educationLevels,
    keywords: row.keywords,
    licenseName: row.licenseName,
    licenseUrl: row.licenseUrl,
    modifiedTimestamp: isoTimestamp(row.modifiedAt),
    teaches: knowledge.map((k) => k.name),
    isListed: row.listingStatus !== null && listedStatuses(VISITOR_PERMISSIONS).includes(row.listingStatus),
  };
}

/**
 * Every item a visitor's lists and search show (listedStatuses; none under a hidden ancestor), by
 * alias, with when it last changed (ISO 8601): what the sitemap lists.
 */
export async function listListedItems(db: Db): Promise<{ urlAlias: string; modifiedTimestamp: string }[]> {
  const found = await repo.listAliasesByListing(db, listedStatuses(VISITOR_PERMISSIONS));
  return found.map((r) => ({ urlAlias: r.urlAlias, modifiedTimestamp: isoTimestamp(r.modifiedAt) }));
}

/**
 * A file of an item as the caller sees it: why its text was not extracted only for those who may
 * update content (issue 20), and only when it was not.
 */
function contentFileOf(perms: PermissionFlags, row: repo.ContentFileRow): ContentFile {
  const { textNotExtracted, ...file } = row;
  return {
    ...file,
    size: Number(file.size),
    ...(perms.CanUpdateContent && textNotExtracted ? { textNotExtracted } : {}),
  };
}

/**
 * Files of an item and, with `children`, of all its visible descendants (000 §7).
 * @throws AppError not_found as getContent
 */
export async function getContentFiles(
  db: Db,
  { perms, id, children }: { perms: PermissionFlags; id: string; children: boolean },
): Promise<ContentFilesResponse> {
  const row = UUID_PATTERN.test(id) ? await repo.findContent(db, { id }) : undefined;
  if (!row || !(await isOpenable(db, perms, row))) throw new AppError('not_found', MESSAGES.contentNotFound);
  if (!children) {
    const files = await repo.findContentFiles(db, row.id);
    return {
      files: files.map((f) => ({ ...contentFileOf(perms, f), contentId: row.id, contentName: row.name })),
    };
  }
  const files = await repo.findTreeFiles(db, row.id, childStatuses(perms));
  return { files: files.map((f) => ({ ...f, size: Number(f.size) })) };
}

/** Keyset of the admin listing: created_at as PostgreSQL writes it in JSON, and the id. */
const ListCursor = z.object({ t: z.iso.datetime({ offset: true }), i: z.uuid() });

/**
 * Lists content for the admin tables (000 §2 Admin tables, §7 List): archived only with `archived`.
 * @throws AppError forbidden when archived items are asked for without update and view-archived
 */
export async function listCatalogue(db: Db, perms: Perms, query: ListContentQuery): Promise<ContentListPage> {
  let statuses: ContentStatus[];
  if (query.archived) {
    if (!perms.CanUpdateContent || !perms.CanViewArchivedContent) {
      throw new AppError('forbidden', 'You do not have permission to view archived content.');
    }
    statuses = ['archived'];
  } else {
    statuses = listedStatuses(perms);
  }
  const after = decodePageToken(query.nextPageToken, ListCursor);
  const found = await repo.listContent(db, { statuses, limit: query.limit, after });
  const { page, nextPageToken } = keysetPage(found, query.limit, (last) => ({ t: last.cursor, i: last.id }));
  return {
    items: page.map((r) => ({
      id: r.id,
      urlAlias: r.urlAlias,
      name: r.name,
      status: r.status,
      categories: r.categories as ContentListPage['items'][number]['categories'],
      contributors: r.contributors ?? [],
      createdTimestamp: isoTimestamp(r.createdAt),
      modifiedTimestamp: isoTimestamp(r.modifiedAt),
    })),
    nextPageToken,
  };
}

/**
 * Refreshes what search derives from the whole catalogue, after a bulk import (the demo seed, the
 * benchmark): listing statuses, the spelling vocabulary (refreshSearchLexicon) and the acronyms
 * learned from the names and descriptions of published items.
 */
export async function refreshSearchIndex(db: Db): Promise<void> {
  await vocabularyRepo.refreshSearchLexicon(db);
  await vocabularyRepo.replaceLearnedAcronyms(
    db,
    learnAcronyms(await vocabularyRepo.findAcronymCandidates(db)),
  );
}

/**
 * What changed under followed items (issue 37 "Follow"), for the follows module's digest: each published
 * item under each root (the root included) with a revision after the root's `since`, in one query.
 */
export { findChangesUnder, type ContentChangeRow } from './content-changes.repository.js';

/**
 * The item and its ancestors, nearest first, for "followed through the course" (issue 37); empty when the
 * item does not exist. Visibility is the caller's to check (findOpenableRef).
 */
export { findChain as findContentChain } from './content-changes.repository.js';

/**
 * A course (a content item whose categories include `course`) by id, whatever its status, for identity's
 * course invitations: id, name, URL alias and status; undefined when there is none or the id is no UUID.
 */
export function findCourse(db: Db, courseId: string): ReturnType<typeof repo.findCourse> {
  return repo.findCourse(db, courseId);
}

/**
 * Records that a file of an item had its contents replaced (issue 37): the item, locked in the caller's
 * transaction, gets a new version and a revision whose `previous.fileContents` names the earlier contents.
 * @returns the item's new version, or undefined when the item is gone
 */
export async function recordFileReplacement(
  tx: Db,
  {
    contentId,
    accountId,
    earlier,
  }: {
    contentId: string;
    accountId: string | null;
    earlier: { id: string; name: string; size: number; sha256: string | null; versionId: string };
  },
): Promise<number | undefined> {
  const row = await lockContent(tx, contentId);
  if (!row) return undefined;
  const version = await updateContentRow(tx, contentId, {}, accountId);
  await insertRevision(tx, {
    contentId,
    version: row.version,
    accountId,
    previous: { fileContents: [earlier] },
  });
  return version;
}

/**
 * "Changed since I downloaded it" (issue 37 "My downloads"), for the statistics module's list: of the
 * items given, each with the instant of a person's last download, those saved since (fields or files),
 * with the latest save, in one query.
 */
export { findChangedAfter as findChangedSince } from './content-changes.repository.js';

/**
 * The items of `ids` the caller may open by link (isOpenable), with what a list shows of them, by id.
 * Missing and hidden items are left out.
 */
export async function findOpenableListItems(
  db: Db,
  perms: Perms,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string; urlAlias: string; categories: ContentCategory[] }>> {
  const found = new Map<
    string,
    { id: string; name: string; urlAlias: string; categories: ContentCategory[] }
  >();
  for (const ref of await findListedRefs(db, ids)) {
    if (await isOpenable(db, perms, ref)) {
      const { id, name, urlAlias, categories } = ref;
      found.set(id, { id, name, urlAlias, categories: categories as ContentCategory[] });
    }
  }
  return found;
}
