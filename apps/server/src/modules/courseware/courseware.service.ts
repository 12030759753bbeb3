/**
 * Courseware rules (000 §2–§7, DESIGN.md "Visibility by status"): who sees which status, how a text
 * query becomes a ranked, fuzzy-tolerant search with facet counts, and the shape of a content item.
 */
import { z } from 'zod';
import { AppError, MESSAGES } from '@portal/shared/errors';
import { FACET_DIMENSIONS, type ContentStatus } from '@portal/shared/enums';
import type { PermissionFlags } from '@portal/shared/permissions';
import type {
  Content,
  ContentListPage,
  ContentSummary,
  SearchContentQuery,
  SearchContentResponse,
  SearchFacets,
  ContentFilesResponse,
} from '@portal/shared/schemas/courseware';
import type { ContributorPage, ListContributorsQuery } from '@portal/shared/schemas/contributors';
import type { KnowledgePage, ListKnowledgeQuery } from '@portal/shared/schemas/knowledge';
import type { ListContentQuery } from '@portal/shared/schemas/courseware';
import { UUID_PATTERN } from '@portal/shared/schemas/common';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import * as repo from './courseware.repository.js';
import { findRef } from './courseware-write.repository.js';

type Perms = Pick<PermissionFlags, 'CanUpdateContent' | 'CanViewArchivedContent'>;

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

/** Statuses listed or found by search: published for everyone; unlisted and unpublished for editors; archived never. */
export function listedStatuses(p: Perms): ContentStatus[] {
  return p.CanUpdateContent ? ['published', 'unlisted', 'unpublished'] : ['published'];
}

/** Statuses of children shown on a detail page (and put into a zip bundle of the tree). */
export function childStatuses(p: Perms): ContentStatus[] {
  return p.CanUpdateContent ? openableStatuses(p) : ['published'];
}

/** Maximum number of terms of a text query that are searched. */
const MAX_TERMS = 8;
/** Catalogue words tried in place of one misspelt term. */
const FUZZY_ALTERNATIVES = 3;

/** Lower-case alphanumeric terms of a query. */
export function searchTerms(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
}

/** Marks a term that matches as a prefix (in term groups and page tokens). */
const PREFIX_MARK = '*';

/**
 * to_tsquery text: all groups required, alternatives of one group OR'ed; a term ending in
 * PREFIX_MARK matches as a prefix, any other term as a word with its stem forms.
 */
function tsqueryOf(groups: string[][]): string {
  const operand = (t: string) => (t.endsWith(PREFIX_MARK) ? `'${t.slice(0, -1)}':*` : `'${t}'`);
  return groups.map((alts) => `(${alts.map(operand).join(' | ')})`).join(' & ');
}

/**
 * Term groups for a query: a term that is a whole word of the catalogue's vocabulary matches that
 * word (and its stem forms: "attack" finds attacks, attacker); any other term, such as a word being
 * cut short ("netw"), matches as a prefix. Whole words go through the text index without expanding
 * a prefix, which keeps frequent multi-word searches within their latency target.
 */
function termGroups(terms: string[], vocabulary: Map<string, repo.TermInVocabulary>): string[][] {
  return terms.map((t) => [vocabulary.get(t)?.isWord ? t : `${t}${PREFIX_MARK}`]);
}

function decodeFacets(groups: repo.FacetBitsCount[]): SearchFacets {
  const facets = {
    contentCategories: {},
    educationLevels: {},
    experienceLevels: {},
    tags: {},
  } as SearchFacets;
  let bit = 0;
  for (const [dimension, values] of FACET_DIMENSIONS) {
    for (const value of values) {
      const mask = 1 << bit++;
      facets[dimension][value] = groups.reduce(
        (sum, g) => sum + ((g.bits & mask) !== 0 ? Number(g.count) : 0),
        0,
      );
    }
  }
  return facets;
}

function toSummary(row: repo.SummaryRow): ContentSummary {
  return {
    id: row.id,
    name: row.name,
    urlAlias: row.urlAlias,
    status: row.status as ContentSummary['status'],
    categories: row.categories as ContentSummary['categories'],
    category: row.categories.join(','),
    tags: row.tags as ContentSummary['tags'],
    educationLevels: row.educationLevels as ContentSummary['educationLevels'],
    experienceLevels: row.experienceLevels as ContentSummary['experienceLevels'],
    summary: row.summary,
    courseName: row.courseName,
    modifiedTimestamp: isoTimestamp(row.modifiedAt),
  };
}

/** Term groups as carried in a page token: only letters, digits and a final prefix mark reach to_tsquery. */
const GroupsSchema = z
  .array(
    z
      .array(z.string().regex(/^[\p{L}\p{N}]+\*?$/u))
      .min(1)
      .max(FUZZY_ALTERNATIVES),
  )
  .min(1)
  .max(MAX_TERMS);

function parseGroups(text: string): string[][] {
  try {
    const parsed = GroupsSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw new AppError(
    'invalid_input',
    'The page token is not valid for this list. Start again from the first page.',
  );
}

const BrowseCursor = z.object({ n: z.string(), i: z.uuid() });
const RankCursor = z.object({ q: z.string(), r: z.number(), n: z.string(), i: z.uuid() });

/**
 * Searches content by text and filters (000 §2, §3 Content filter), paged by nextPageToken.
 * Without text: every listed item by name. With text: full-text, whole catalogue words by stem and
 * other terms as prefixes (termGroups), names weighted first; when nothing matches, misspelt terms
 * are replaced by close catalogue words.
 * @throws AppError invalid_input for a page token of another query
 */
export async function searchCatalogue(
  db: Db,
  perms: Perms,
  query: SearchContentQuery,
): Promise<SearchContentResponse> {
  const statuses = listedStatuses(perms);
  const { q, limit, nextPageToken, ...filters } = query;
  const terms = q ? searchTerms(q) : [];
  if (terms.length === 0) {
    const after = decodePageToken(nextPageToken, BrowseCursor);
    const [found, facetGroups] = await Promise.all([
      repo.browseContent(db, { statuses, filters, limit, after }),
      repo.facetCountsForFilters(db, statuses, filters),
    ]);
    const { page, nextPageToken: next } = keysetPage(found, limit, (last) => ({ n: last.name, i: last.id }));
    const total = facetGroups.reduce((sum, g) => sum + Number(g.count), 0);
    return {
      items: page.map(toSummary),
      nextPageToken: next,
      total,
      isCapped: false,
      correctedQuery: null,
      facets: decodeFacets(facetGroups),
    };
  }

  const cursor = decodePageToken(nextPageToken, RankCursor);
  // A page token carries the (possibly corrected) query it belongs to, so later pages don't re-correct.
  const vocabulary = cursor ? new Map<string, repo.TermInVocabulary>() : await repo.lookUpTerms(db, terms);
  let groups = cursor ? parseGroups(cursor.q) : termGroups(terms, vocabulary);
  let correctedQuery: string | null = null;
  const run = () =>
    repo.searchContent(db, {
      statuses,
      filters,
      tsquery: tsqueryOf(groups),
      limit,
      after: cursor ? { r: cursor.r, n: cursor.n, i: cursor.i } : undefined,
    });
  let result = await run();
  if (!cursor && result.total === 0) {
    const corrected = await correctTerms(db, terms, groups, vocabulary);
    if (corrected) {
      groups = corrected;
      correctedQuery = corrected.map((alts) => (alts[0] ?? '').replace(PREFIX_MARK, '')).join(' ');
      result = await run();
      if (result.total === 0) correctedQuery = null;
    }
  }
  const { page, nextPageToken: next } = keysetPage(result.page, limit, (last) => ({
    q: JSON.stringify(groups),
    r: Number(last.rank),
    n: last.name,
    i: last.id,
  }));
  return {
    items: page.map(toSummary),
    nextPageToken: next,
    total: result.total,
    isCapped: result.isCapped,
    correctedQuery,
    facets: decodeFacets(result.facets),
  };
}

/**
 * Replaces each unknown term by the closest catalogue words (whole words); undefined when nothing
 * changes. A term that starts a catalogue word keeps its group from `groups` (the same index as in
 * `terms`); `vocabulary` is the lookup of the terms (lookUpTerms).
 */
async function correctTerms(
  db: Db,
  terms: string[],
  groups: string[][],
  vocabulary: Map<string, repo.TermInVocabulary>,
): Promise<string[][] | undefined> {
  let changed = false;
  const corrected: string[][] = [];
  for (const [i, term] of terms.entries()) {
    if (term.length < 3 || vocabulary.get(term)?.startsWord) {
      corrected.push(groups[i] ?? [term]);
      continue;
    }
    const similar = await repo.similarWords(db, term, FUZZY_ALTERNATIVES);
    if (similar.length === 0) return undefined;
    changed = true;
    corrected.push(similar);
  }
  return changed ? corrected : undefined;
}

/**
 * One content item by id or URL alias (000 §2 content detail page, §3 Content).
 * @param idOrAlias decoded path parameter; lower-cased here as the client does
 * @throws AppError not_found when it does not exist or the caller may not see its status
 */
export async function getContent(db: Db, perms: PermissionFlags, idOrAlias: string): Promise<Content> {
  const key = idOrAlias
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '');
  const row = UUID_PATTERN.test(key)
    ? await repo.findContent(db, { id: key })
    : await repo.findContent(db, { alias: key });
  if (!row || !(await isOpenable(db, perms, row))) throw new AppError('not_found', MESSAGES.contentNotFound);
  const [ancestors, children, sections, files, knowledge, contributors, lessonCount] = await Promise.all([
    repo.findAncestors(db, row.parentId),
    repo.findChildren(db, row.id, childStatuses(perms)),
    repo.findSections(db, row.id),
    repo.findContentFiles(db, row.id),
    repo.findContentKnowledge(db, row.id),
    repo.findContentContributors(db, row.id),
    repo.countLessons(db, row.id),
  ]);
  const ofType = (type: 'KSA' | 'KU' | 'TKS') => knowledge.filter((k) => k.type === type);
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
    files: files.map((f) => ({ ...f, size: Number(f.size) })),
    ksas: ofType('KSA'),
    kus: ofType('KU'),
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

/**
 * Files of an item and, with `children`, of all its visible descendants (000 §7).
 * @throws AppError not_found as getContent
 */
export async function getContentFiles(
  db: Db,
  perms: PermissionFlags,
  id: string,
  children: boolean,
): Promise<ContentFilesResponse> {
  const row = UUID_PATTERN.test(id) ? await repo.findContent(db, { id }) : undefined;
  if (!row || !(await isOpenable(db, perms, row))) throw new AppError('not_found', MESSAGES.contentNotFound);
  if (!children) {
    const files = await repo.findContentFiles(db, row.id);
    return {
      files: files.map((f) => ({ ...f, size: Number(f.size), contentId: row.id, contentName: row.name })),
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

const IdCursor = z.object({ i: z.string().max(64) });

/** Contributors, paged (000 §7); e-mail addresses only for editors. */
export async function listContributorsPage(
  db: Db,
  perms: Perms,
  query: ListContributorsQuery,
): Promise<ContributorPage> {
  const after = decodePageToken(query.nextPageToken, IdCursor);
  const found = await repo.listContributors(db, { limit: query.limit, afterId: after?.i });
  const { page, nextPageToken } = keysetPage(found, query.limit, (last) => ({ i: last.id }));
  return {
    contributors: page.map((c) => ({ ...c, email: perms.CanUpdateContent ? c.email : null })),
    nextPageToken,
  };
}

/** Knowledge items, paged (000 §7: size 10000). */
export async function listKnowledgePage(db: Db, query: ListKnowledgeQuery): Promise<KnowledgePage> {
  const after = decodePageToken(query.nextPageToken, IdCursor);
  const found = await repo.listKnowledge(db, { limit: query.size, type: query.type, afterId: after?.i });
  const { page, nextPageToken } = keysetPage(found, query.size, (last) => ({ i: last.id }));
  return { items: page, nextPageToken };
}
