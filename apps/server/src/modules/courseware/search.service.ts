/**
 * Search of the catalogue (000 §3, README "Search"): a text query split into terms, each widened by
 * prefix, fuzzy spelling and acronym alternatives; ranked pages with facet counts and, for file
 * matches, a snippet; browse in name order when there is no text. Visibility is the caller's listed
 * statuses (courseware.service.ts).
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { FACET_DIMENSIONS, type ContentStatus } from '@portal/shared/enums';
import type { PermissionFlags } from '@portal/shared/permissions';
import type {
  ContentSummary,
  SearchContentQuery,
  SearchContentResponse,
  SearchFacets,
} from '@portal/shared/schemas/courseware';
import { ACRONYM_EXPANSIONS_MAX, SEARCH_TEXT_MAX } from '@portal/shared/limits';
import { CURATED_ACRONYMS } from '@portal/shared/acronyms';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import { ServerTiming } from '../../lib/server-timing.js';
import { findAcronymUses, wordsOf, type AcronymPair, type AcronymUse } from './acronyms.js';

import { workRoleExists } from '../knowledge/knowledge.service.js';
import { listedStatuses } from './courseware.service.js';
import * as cacheRepo from './search-cache.repository.js';
import * as repo from './search.repository.js';
import * as vocabularyRepo from './search-vocabulary.repository.js';

/** The caller's flags search reads: what they may see, and whether file text may show in snippets. */
type SearchPerms = Pick<PermissionFlags, 'CanUpdateContent' | 'CanViewArchivedContent' | 'CanViewFiles'>;

/** Maximum number of terms of a text query that are searched. */
const MAX_TERMS = 8;
/** Catalogue words tried in place of one misspelt term. */
const FUZZY_ALTERNATIVES = 3;
/** Most alternatives of one group: the term itself and its acronym expansions (or fuzzy words). */
const GROUP_ALTERNATIVES_MAX = Math.max(FUZZY_ALTERNATIVES, 1 + ACRONYM_EXPANSIONS_MAX);

/** Lower-case alphanumeric terms of a query. */
export function searchTerms(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
}

/** Marks a term that matches as a prefix (in term groups and page tokens). */
const PREFIX_MARK = '*';

/**
 * One required part of a text query: alternatives, any of which matches (a term, or the closest
 * catalogue words for a misspelt one, or an acronym and its expansions). An alternative is one or
 * more words separated by spaces, all required; a word ending in PREFIX_MARK matches as a prefix, any
 * other word as a word with its stem forms.
 */
type Group = string[];

/** to_tsquery text of one group. */
function groupTsquery(alternatives: Group): string {
  const word = (t: string) => (t.endsWith(PREFIX_MARK) ? `'${t.slice(0, -1)}':*` : `'${t}'`);
  const alternative = (a: string) => {
    const words = a.split(' ');
    return words.length === 1 ? word(words[0]!) : `(${words.map(word).join(' & ')})`;
  };
  return `(${alternatives.map(alternative).join(' | ')})`;
}

/** to_tsquery text of every group (AND) or of any group (OR). */
function tsqueryOf(groups: Group[], operator: '&' | '|' = '&'): string {
  return groups.map(groupTsquery).join(` ${operator} `);
}

/** Index sets of size k of 0..n−1 (n at most MAX_TERMS, so at most 70 sets). */
function combinations(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  const result: number[][] = [];
  for (let first = 0; first <= n - k; first++) {
    for (const rest of combinations(n - first - 1, k - 1))
      result.push([first, ...rest.map((r) => r + first + 1)]);
  }
  return result;
}

/**
 * The partial-match query (issue: no dead end): candidate tiers "at least k groups" for k from n−1
 * down to 1, so the items with most words come first.
 */
function partialQuery(groups: Group[]): repo.TextQuery {
  const each = groups.map(groupTsquery);
  const tiers: string[] = [];
  for (let k = groups.length - 1; k >= 1; k--) {
    tiers.push(
      combinations(groups.length, k)
        .map((set) => `(${set.map((i) => each[i]).join(' & ')})`)
        .join(' | '),
    );
  }
  return { tsquery: tsqueryOf(groups, '|'), partial: { tiers } };
}

/** A group as the query typed it, with what the correction may do with it. */
interface QueryUnit {
  group: Group;
  /** The single term a misspelling correction may replace; undefined for acronym runs. */
  term?: string;
}

/**
 * The groups of a query: a term that is a whole word of the catalogue's vocabulary matches that
 * word (and its stem forms: "attack" finds attacks, attacker); any other term, such as a word being
 * cut short ("netw"), matches as a prefix; stop words are left out. A run of terms spelling an
 * acronym's expansion becomes one group with the acronym as an alternative, and an acronym gains
 * its expansions (acronyms.ts).
 */
function queryUnits(
  terms: string[],
  vocabulary: Map<string, vocabularyRepo.TermInVocabulary>,
  uses: AcronymUse[],
): QueryUnit[] {
  const asWord = (t: string) => (vocabulary.get(t)?.isWord ? t : `${t}${PREFIX_MARK}`);
  const units: QueryUnit[] = [];
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i]!;
    const use = uses.find((u) => u.start === i);
    const words = (ws: string[]) => ws.filter((w) => !vocabulary.get(w)?.isStopWord).join(' ');
    if (use && use.length > 1) {
      const run = words(terms.slice(i, i + use.length));
      units.push({ group: [run, ...use.alternatives.map(words)].filter(Boolean) });
      i += use.length - 1;
    } else if (use) {
      units.push({
        group: [asWord(term), ...use.alternatives.map(words)].slice(0, GROUP_ALTERNATIVES_MAX),
        term,
      });
    } else if (!vocabulary.get(term)?.isStopWord) {
      units.push({ group: [asWord(term)], term });
    }
  }
  return units.filter((u) => u.group.length > 0);
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

function toSummary(row: repo.SummaryRow, match?: Omit<repo.DocumentMatchRow, 'id'> | null): ContentSummary {
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
    documentMatch: match
      ? { fileName: match.fileName, snippet: match.snippet === null ? null : snippetParts(match.snippet) }
      : null,
  };
}

/** Groups as carried in a page token: only letters, digits, spaces and prefix marks reach to_tsquery. */
const GroupsSchema = z
  .array(
    z
      .array(z.string().regex(/^[\p{L}\p{N}]+\*?( [\p{L}\p{N}]+\*?)*$/u))
      .min(1)
      .max(GROUP_ALTERNATIVES_MAX),
  )
  .min(1)
  .max(MAX_TERMS);

function parseGroups(text: string): Group[] {
  try {
    const parsed = GroupsSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw new AppError(
    'invalid_input',
    'The page token is not valid for this list. Start again from the first page.',
    { field: 'nextPageToken' },
  );
}

const BrowseCursor = z.object({ n: z.string(), i: z.uuid() });
/**
 * A ranked page's cursor: the query's groups, the last row's keyset (matched groups, rank, name, id),
 * whether it is a partial match, and what was also searched for (so later pages say the same).
 */
const RankCursor = z.object({
  q: z.string(),
  m: z.number().int().min(0).max(MAX_TERMS).default(0),
  r: z.number(),
  n: z.string(),
  i: z.uuid(),
  p: z.boolean().optional(),
  a: z.array(z.string().max(SEARCH_TEXT_MAX)).max(MAX_TERMS).optional(),
  c: z.string().max(SEARCH_TEXT_MAX).nullable().optional(),
});

/** Splits a ts_headline snippet at its marks into plain parts and found words. */
function snippetParts(headline: string): { text: string; isMatch: boolean }[] {
  const parts: { text: string; isMatch: boolean }[] = [];
  for (const [index, piece] of headline
    .split(new RegExp(`[${repo.SNIPPET_START}${repo.SNIPPET_STOP}]`))
    .entries()) {
    if (piece) parts.push({ text: piece, isMatch: index % 2 === 1 });
  }
  return parts;
}

/** Acronym pairs of the terms: curated (packages/shared) and learned from the catalogue. */
async function acronymPairsOf(db: Db, terms: string[]): Promise<AcronymPair[]> {
  const curated = CURATED_ACRONYMS.filter(
    (a) => terms.includes(a.acronym) || terms.includes(wordsOf(a.expansion)[0] ?? ''),
  );
  const learned = await vocabularyRepo.findAcronyms(db, terms);
  return [...curated.map(({ acronym, expansion }) => ({ acronym, expansion })), ...learned];
}

/**
 * Searches content by text and filters (000 §2, §3 Content filter; README "Search"), paged by
 * nextPageToken. Without text: every listed item by name. With text: full-text over name (A),
 * keywords and tags (B), description (C) and the text of the item's files (D); acronyms and their
 * expansions both ways; when nothing matches, misspelt terms are replaced by close catalogue words;
 * when still nothing has every word, the items with most of them (isPartialMatch). A result that
 * matched only by a file says which, with a snippet to a caller who may open files. With a NICE work
 * role (issue 25): only items aligned to its TKS, without text most specific first, and each result
 * with its coverage of the role's statements. A query's plan and ranking are kept per generation (item 9
 * of README "Search"); `isFresh` (the caller sent `Cache-Control: no-cache`) works them out anew.
 * @throws AppError invalid_input for a page token of another query, or a work role that does not exist
 */
export async function searchCatalogue(
  db: Db,
  perms: SearchPerms,
  query: SearchContentQuery,
  timing: ServerTiming = new ServerTiming(),
  { isFresh = false }: { isFresh?: boolean } = {},
): Promise<SearchContentResponse> {
  const { workRole } = query;
  if (!workRole) return searchWithoutRole(db, perms, query, timing, isFresh);
  if (!(await workRoleExists(db, workRole))) {
    throw new AppError('invalid_input', `There is no NICE work role ${workRole}.`, { field: 'workRole' });
  }
  const response =
    query.q && searchTerms(query.q).length > 0
      ? await searchWithoutRole(db, perms, query, timing, isFresh)
      : await browseWorkRole(db, perms, { ...query, workRole }, timing);
  const coverage = await timing.measure('coverage', () =>
    repo.workRoleCoverage(
      db,
      workRole,
      response.items.map((i) => i.id),
    ),
  );
  return {
    ...response,
    items: response.items.map((item) => ({
      ...item,
      workRoleCoverage: { matched: coverage.matched.get(item.id) ?? 0, total: coverage.total },
    })),
  };
}

/** A work-role page's cursor: the last row's specificity, name and id. */
const RoleCursor = z.object({ s: z.number(), n: z.string(), i: z.uuid() });

/**
 * Browse by a work role (no text, issue 25): the items aligned to its TKS, most specific first
 * (repo.browseByWorkRole), with facet counts.
 * @throws AppError invalid_input for a page token of another list
 */
async function browseWorkRole(
  db: Db,
  perms: SearchPerms,
  query: SearchContentQuery & { workRole: string },
  timing: ServerTiming,
): Promise<SearchContentResponse> {
  const statuses = listedStatuses(perms);
  const { q: _q, limit, nextPageToken, ...filters } = query;
  const after = decodePageToken(nextPageToken, RoleCursor);
  const [found, facetGroups] = await timing.measure('browse', () =>
    Promise.all([
      repo.browseByWorkRole(db, { statuses, filters, limit, after }),
      repo.facetCountsForFilters(db, statuses, filters),
    ]),
  );
  const { page, nextPageToken: next } = keysetPage(found, limit, (last) => ({
    s: Number(last.score),
    n: last.name,
    i: last.id,
  }));
  return {
    items: page.map((row) => toSummary(row)),
    nextPageToken: next,
    total: facetGroups.reduce((sum, g) => sum + Number(g.count), 0),
    isCapped: false,
    correctedQuery: null,
    isPartialMatch: false,
    alsoSearchedFor: [],
    facets: decodeFacets(facetGroups),
  };
}

/**
 * searchCatalogue without a work role's ranking and coverage (a role still filters, as any filter).
 * `isFresh`: nothing kept is read (what is worked out is kept as usual).
 */
async function searchWithoutRole(
  db: Db,
  perms: SearchPerms,
  query: SearchContentQuery,
  timing: ServerTiming,
  isFresh: boolean,
): Promise<SearchContentResponse> {
  const statuses = listedStatuses(perms);
  const { q, limit, nextPageToken, ...filters } = query;
  const terms = q ? searchTerms(q) : [];
  if (terms.length === 0) {
    const after = decodePageToken(nextPageToken, BrowseCursor);
    const [found, facetGroups] = await timing.measure('browse', () =>
      Promise.all([
        repo.browseContent(db, { statuses, filters, limit, after }),
        repo.facetCountsForFilters(db, statuses, filters),
      ]),
    );
    const { page, nextPageToken: next } = keysetPage(found, limit, (last) => ({ n: last.name, i: last.id }));
    const total = facetGroups.reduce((sum, g) => sum + Number(g.count), 0);
    return {
      items: page.map((row) => toSummary(row)),
      nextPageToken: next,
      total,
      isCapped: false,
      correctedQuery: null,
      isPartialMatch: false,
      alsoSearchedFor: [],
      facets: decodeFacets(facetGroups),
    };
  }

  const cursor = decodePageToken(nextPageToken, RankCursor);
  const cacheScope = { statuses: [...statuses].sort(), filters: normalisedFilters(filters) };
  const withSnippet = perms.CanViewFiles;
  if (cursor) {
    // A page token carries the (possibly corrected or partial) query it belongs to: later pages
    // neither correct nor widen again, and read the ranking kept for it when it is current.
    const plan: SearchPlan = {
      groups: parseGroups(cursor.q),
      correctedQuery: cursor.c ?? null,
      isPartialMatch: cursor.p ?? false,
      alsoSearchedFor: cursor.a ?? [],
    };
    const resultKey = resultKeyOf(plan, cacheScope);
    const cache = await timing.measure('cache', () => cacheRepo.readSearchCache(db, resultKey));
    const kept = isFresh ? undefined : (cache.value as KeptResult | undefined);
    const after = { m: cursor.m, r: cursor.r, n: cursor.n, i: cursor.i };
    const fromKept =
      kept &&
      (await timing.measure('page', () =>
        pageOfKept(db, { kept, after, limit, statuses, plan, withSnippet }),
      ));
    if (fromKept) return answer({ plan, result: fromKept, limit });
    // A later page asked for is what makes a ranking worth keeping (issue 33): the first page of a
    // query seen once keeps nothing, so its second page ranks once more and keeps the ranking for the
    // pages after it, which read the same order the keyset gives.
    const result = await timing.measure('rank', () =>
      repo.searchContent(db, {
        statuses,
        filters,
        text: textOf(plan),
        limit,
        after,
        withRanking: true,
        withSnippet,
      }),
    );
    if (result.ranking) {
      const entry = { key: resultKey, value: keptResultOf(result) };
      await timing.measure('cache', () => cacheRepo.writeSearchCache(db, cache.generation, [entry]));
    }
    return answer({ plan, result, limit });
  }

  const planKey = cacheKey('plan', { terms, ...cacheScope });
  const cache = await timing.measure('cache', () => cacheRepo.readSearchCache(db, planKey));
  const kept = isFresh ? undefined : (cache.value as KeptPlan | undefined);
  const run = (plan: SearchPlan) =>
    repo.searchContent(db, { statuses, filters, text: textOf(plan), limit, withRanking: true, withSnippet });
  let plan: SearchPlan;
  let result: SearchResult;
  /** Whether this query was seen before in this generation: only then is it kept (issue 33). */
  let isRepeated: boolean;
  if (kept) {
    plan = kept.plan;
    isRepeated = true;
    // The ranking this generation kept (a query of more than one page) serves its first page too, as it
    // serves the later ones: the ranking query runs once per query and generation (issue 22: the
    // server-rendered search page repeats the searches visitors make most).
    const keptResult = kept.isRankingKept
      ? await timing.measure('cache', () => cacheRepo.readSearchCache(db, resultKeyOf(plan, cacheScope)))
      : undefined;
    const ranking = keptResult?.value as KeptResult | undefined;
    const fromKept =
      ranking &&
      (await timing.measure('page', () =>
        pageOfKept(db, { kept: ranking, after: null, limit, statuses, plan, withSnippet }),
      ));
    if (fromKept) return answer({ plan, result: fromKept, limit });
    result = await timing.measure('rank', () => run(plan));
  } else {
    // Counted while the plan is worked out: a query nobody asked for before keeps nothing but its
    // sighting, so visitors cannot fill the cache with one-off queries.
    const [sightings, worked] = await Promise.all([
      timing.measure('cache', () => cacheRepo.countSighting(db, planKey, cache.generation)),
      workOutPlan(db, { statuses, terms, run, timing }),
    ]);
    ({ plan, result } = worked);
    isRepeated = sightings > 1;
  }
  // A repeated query's plan and ranking are written once per generation: what the next same query and
  // the later pages read.
  const entries: { key: string; value: unknown }[] = [];
  const keepsRanking = isRepeated && result.ranking !== undefined && result.total > limit;
  if (keepsRanking) entries.push({ key: resultKeyOf(plan, cacheScope), value: keptResultOf(result) });
  if (isRepeated && result.total > 0 && (!kept || keepsRanking)) {
    const value: KeptPlan = { plan, isRankingKept: keepsRanking || (kept?.isRankingKept ?? false) };
    entries.push({ key: planKey, value });
  }
  if (entries.length > 0)
    await timing.measure('cache', () => cacheRepo.writeSearchCache(db, cache.generation, entries));
  return answer({ plan, result, limit });
}

/** What is kept of a ranked result for its later pages: its ranking, total and facets. */
function keptResultOf(result: SearchResult): KeptResult {
  return { ...result.ranking!, total: result.total, isCapped: result.isCapped, facets: result.facets };
}

/** What a text query searches for after correction and widening, and what it tells the caller. */
interface SearchPlan {
  groups: Group[];
  correctedQuery: string | null;
  isPartialMatch: boolean;
  alsoSearchedFor: string[];
}

type SearchResult = Awaited<ReturnType<typeof repo.searchContent>>;

/** A kept plan, and whether its ranking was kept in the same generation (then it is not written again). */
interface KeptPlan {
  plan: SearchPlan;
  isRankingKept: boolean;
}

/** A query's ranked candidates with their total and facets, kept for its later pages. */
interface KeptResult extends repo.Ranking {
  total: number;
  isCapped: boolean;
  facets: repo.FacetBitsCount[];
}

/** The ranking query of a plan. */
function textOf(plan: SearchPlan): repo.TextQuery {
  return plan.isPartialMatch ? partialQuery(plan.groups) : { tsquery: tsqueryOf(plan.groups) };
}

/** Filters in one order, empty ones left out, so that equal filters give equal cache keys. */
function normalisedFilters(filters: repo.ContentFilters): Record<string, unknown> {
  const normal: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (Array.isArray(value) ? value.length > 0 : value)
      normal[name] = Array.isArray(value) ? [...value].sort() : value;
  }
  // "New or updated" is relative to today: a kept search of that filter lasts until the date changes.
  if (normal.newOrUpdatedContent) normal.day = new Date().toISOString().slice(0, 10);
  return normal;
}

/** The key of a plan's kept ranking: its groups, whether partial, and the caller's scope. */
function resultKeyOf(plan: SearchPlan, scope: Record<string, unknown>): string {
  return cacheKey('result', { groups: plan.groups, partial: plan.isPartialMatch, ...scope });
}

/** The cache key of a kind of entry: a digest of what the entry depends on. */
function cacheKey(kind: 'plan' | 'result', parts: Record<string, unknown>): string {
  return `${kind}:${crypto.createHash('sha256').update(JSON.stringify(parts)).digest('base64url')}`;
}

/**
 * The page after `after` (the first page when null) read from a kept ranking: the ids after the cursor's,
 * then their rows. Undefined when the cursor's id is not in the ranking, or a row is no longer listed
 * (the ranking then is recomputed).
 */
async function pageOfKept(
  db: Db,
  args: {
    kept: KeptResult;
    /** The last item of the page before; null for the first page. */
    after: repo.RankKey | null;
    limit: number;
    statuses: readonly ContentStatus[];
    plan: SearchPlan;
    withSnippet: boolean;
  },
): Promise<SearchResult | undefined> {
  const { kept, after, limit, plan } = args;
  const position = after ? kept.ids.indexOf(after.i) : -1;
  if (after && position < 0) return undefined;
  const ids = kept.ids.slice(position + 1, position + 2 + limit);
  const [found, matches] = await Promise.all([
    repo.summariesByIds(db, { ids, statuses: args.statuses }),
    repo.findDocumentMatches(db, { ids, tsquery: textOf(plan).tsquery, withSnippet: args.withSnippet }),
  ]);
  if (found.length !== ids.length) return undefined;
  const matchOf = new Map(matches.map(({ id, ...match }) => [id, match]));
  const page = found.map((row, i) => ({
    ...row,
    rank: kept.ranks[position + 1 + i]!,
    matched: kept.matched[position + 1 + i]!,
    documentMatch: matchOf.get(row.id) ?? null,
  }));
  return { page, total: kept.total, isCapped: kept.isCapped, facets: kept.facets };
}

/**
 * Works out a first page's plan (README "Search"): the terms looked up in the vocabulary and widened by
 * acronyms; when nothing matches, misspelt terms replaced by close catalogue words; when still nothing
 * has every word, the items with most of them. Returns the plan and the first page it gave.
 */
async function workOutPlan(
  db: Db,
  args: {
    statuses: readonly ContentStatus[];
    terms: string[];
    run: (plan: SearchPlan) => Promise<SearchResult>;
    timing: ServerTiming;
  },
): Promise<{ plan: SearchPlan; result: SearchResult }> {
  const { statuses, terms, run, timing } = args;
  const [vocabulary, pairs] = await timing.measure('words', () =>
    Promise.all([vocabularyRepo.lookUpTerms(db, terms), acronymPairsOf(db, terms)]),
  );
  const uses = findAcronymUses(terms, pairs, ACRONYM_EXPANSIONS_MAX);
  const units = queryUnits(terms, vocabulary, uses);
  const plan: SearchPlan = {
    groups: units.map((u) => u.group),
    correctedQuery: null,
    isPartialMatch: false,
    alsoSearchedFor: uses.flatMap((u) => u.labels),
  };
  let result: SearchResult = { page: [], facets: [], total: 0, isCapped: false };
  if (plan.groups.length === 0) return { plan, result };
  result = await timing.measure('rank', () => run(plan));
  if (result.total === 0) {
    const corrected = await timing.measure('spelling', () => correctTerms(db, statuses, units, vocabulary));
    if (corrected) {
      const correctedPlan = { ...plan, groups: corrected };
      result = await timing.measure('spelling', () => run(correctedPlan));
      if (result.total > 0 || plan.groups.length > 1) {
        plan.groups = corrected;
        plan.correctedQuery = corrected.map((alts) => (alts[0] ?? '').replaceAll(PREFIX_MARK, '')).join(' ');
      }
    }
  }
  if (result.total === 0 && plan.groups.length > 1) {
    plan.isPartialMatch = true;
    result = await timing.measure('partial', () => run(plan));
  }
  if (result.total === 0) {
    plan.correctedQuery = null;
    plan.isPartialMatch = false;
  }
  return { plan, result };
}

/** The answer of a ranked page: its items (with document matches), the next page's token and the counts. */
function answer(args: { plan: SearchPlan; result: SearchResult; limit: number }): SearchContentResponse {
  const { plan, result, limit } = args;
  const { page, nextPageToken: next } = keysetPage(result.page, limit, (last) => ({
    q: JSON.stringify(plan.groups),
    m: Number(last.matched),
    r: Number(last.rank),
    n: last.name,
    i: last.id,
    p: plan.isPartialMatch || undefined,
    a: plan.alsoSearchedFor.length ? plan.alsoSearchedFor : undefined,
    c: plan.correctedQuery,
  }));
  return {
    items: page.map((row) => toSummary(row, row.documentMatch)),
    nextPageToken: next,
    total: result.total,
    isCapped: result.isCapped,
    correctedQuery: plan.correctedQuery,
    isPartialMatch: plan.isPartialMatch,
    alsoSearchedFor: plan.alsoSearchedFor,
    facets: decodeFacets(result.facets),
  };
}

/**
 * Replaces each unknown term by the closest catalogue words that some item the caller may list holds
 * (whole words); undefined when nothing changes. A term that starts a catalogue word, a short term
 * and an acronym run keep their group; `vocabulary` is the lookup of the terms (lookUpTerms).
 */
async function correctTerms(
  db: Db,
  statuses: readonly ContentStatus[],
  units: QueryUnit[],
  vocabulary: Map<string, vocabularyRepo.TermInVocabulary>,
): Promise<Group[] | undefined> {
  let changed = false;
  const corrected: Group[] = [];
  for (const unit of units) {
    const term = unit.term;
    if (!term || unit.group.length > 1 || term.length < 3 || vocabulary.get(term)?.startsWord) {
      corrected.push(unit.group);
      continue;
    }
    const similar = await vocabularyRepo.similarWords(db, { term, limit: FUZZY_ALTERNATIVES, statuses });
    if (similar.length === 0) return undefined;
    changed = true;
    corrected.push(similar);
  }
  return changed ? corrected : undefined;
}
