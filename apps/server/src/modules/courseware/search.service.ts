/**
 * Search of the catalogue (000 §3, README "Search"): orchestrates a search from its query to its
 * answer. Browse in name order when there is no text; with text, works out a query's plan (the terms
 * looked up, widened by acronyms, corrected, or partial) and ranks it, reading and keeping plans and
 * rankings per generation. What it composes lives apart: the query language (search-query.ts), the kept
 * rankings (search-kept.ts), the ranking SQL (search-ranking.repository.ts), the work-role browse
 * (search-work-role.ts) and the answer shapes (search-results.ts). Visibility is the caller's listed
 * statuses (courseware.service.ts).
 */
import { z } from 'zod';
import type { ContentStatus } from '@portal/shared/enums';
import type { PermissionFlags } from '@portal/shared/permissions';
import type { SearchContentQuery, SearchContentResponse } from '@portal/shared/schemas/courseware';
import { ACRONYM_EXPANSIONS_MAX, SEARCH_TEXT_MAX } from '@portal/shared/limits';
import { CURATED_ACRONYMS } from '@portal/shared/acronyms';
import type { Db } from '../../db/client.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import { ServerTiming } from '../../lib/server-timing.js';
import { findAcronymUses, wordsOf, type AcronymPair } from './acronyms.js';
import { listedStatuses } from './courseware.service.js';
import * as cacheRepo from './search-cache.repository.js';
import * as repo from './search.repository.js';
import * as rankingRepo from './search-ranking.repository.js';
import * as vocabularyRepo from './search-vocabulary.repository.js';
import {
  correctableTerm,
  correctedQueryOf,
  FUZZY_ALTERNATIVES,
  MAX_TERMS,
  parseGroups,
  queryUnits,
  searchTerms,
  textOf,
  type Group,
  type QueryUnit,
  type SearchPlan,
} from './search-query.js';
import {
  cacheKey,
  keptResultOf,
  normalisedFilters,
  pageOfKept,
  resultKeyOf,
  type KeptPlan,
  type KeptResult,
} from './search-kept.js';
import { decodeFacets, toSummary } from './search-results.js';
import { assertWorkRoleExists, browseWorkRole, withWorkRoleCoverage } from './search-work-role.js';

/** The caller's flags search reads: what they may see, and whether file text may show in snippets. */
type SearchPerms = Pick<PermissionFlags, 'CanUpdateContent' | 'CanViewArchivedContent' | 'CanViewFiles'>;

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
 * `db` is read (a replica, issue 36: the kept searches too, whose generation must be the one of the rows
 * they were ranked from); what is kept and the sightings are written to `writeDb`, the primary (`db`
 * when not given).
 * @throws AppError invalid_input for a page token of another query, or a work role that does not exist
 */
export async function searchCatalogue(
  db: Db,
  perms: SearchPerms,
  query: SearchContentQuery,
  timing: ServerTiming = new ServerTiming(),
  { isFresh = false, writeDb = db }: { isFresh?: boolean; writeDb?: Db } = {},
): Promise<SearchContentResponse> {
  const { workRole } = query;
  const dbs = { db, writeDb };
  if (!workRole) return searchWithoutRole(dbs, perms, query, timing, isFresh);
  await assertWorkRoleExists(db, workRole);
  const response =
    query.q && searchTerms(query.q).length > 0
      ? await searchWithoutRole(dbs, perms, query, timing, isFresh)
      : await browseWorkRole(db, listedStatuses(perms), { ...query, workRole }, timing);
  return withWorkRoleCoverage(db, workRole, response, timing);
}

/**
 * searchCatalogue without a work role's ranking and coverage (a role still filters, as any filter).
 * `isFresh`: nothing kept is read (what is worked out is kept as usual). Reads `db`, writes `writeDb`.
 */
async function searchWithoutRole(
  { db, writeDb }: { db: Db; writeDb: Db },
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
    const current = cache.value as KeptResult | undefined;
    const kept = isFresh ? undefined : current;
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
      rankingRepo.searchContent(db, {
        statuses,
        filters,
        text: textOf(plan),
        limit,
        after,
        // Asked anew while this generation keeps the ranking already: the same rows rank the same, so it
        // is neither gathered nor written again.
        withRanking: !(isFresh && current),
        withSnippet,
      }),
    );
    if (result.ranking) {
      const entry = { key: resultKey, value: keptResultOf(result) };
      await timing.measure('cache', () => cacheRepo.writeSearchCache(writeDb, cache.generation, [entry]));
    }
    return answer({ plan, result, limit });
  }

  const planKey = cacheKey('plan', { terms, ...cacheScope });
  const cache = await timing.measure('cache', () => cacheRepo.readSearchCache(db, planKey));
  /** What this generation kept of the query: read even when it is asked anew, to not write it again. */
  const current = cache.value as KeptPlan | undefined;
  const kept = isFresh ? undefined : current;
  /** Asked anew while this generation keeps the query: its plan and ranking are the same, not kept again. */
  const isKeptAlready = isFresh && current !== undefined;
  const run = (plan: SearchPlan) =>
    rankingRepo.searchContent(db, {
      statuses,
      filters,
      text: textOf(plan),
      limit,
      withRanking: !isKeptAlready,
      withSnippet,
    });
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
    // sighting, so visitors cannot fill the cache with one-off queries. A query asked anew while its
    // generation keeps it was seen already, and writes nothing (below): it is not counted again.
    const [sightings, worked] = await Promise.all([
      isKeptAlready
        ? undefined
        : timing.measure('cache', () => cacheRepo.countSighting(writeDb, planKey, cache.generation)),
      workOutPlan(db, { statuses, terms, run, timing }),
    ]);
    ({ plan, result } = worked);
    isRepeated = isKeptAlready || (sightings ?? 0) > 1;
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
  // Asked anew (no-cache) while this generation keeps the query: the same rows give the same plan and
  // ranking, so nothing is written again (a rewrite of the kept ranking cost 3–5 ms a request). A
  // visitor's request still writes: it ranked because what was kept is gone.
  if (entries.length > 0 && !isKeptAlready)
    await timing.measure('cache', () => cacheRepo.writeSearchCache(writeDb, cache.generation, entries));
  return answer({ plan, result, limit });
}

type SearchResult = rankingRepo.RankedPage;

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
        plan.correctedQuery = correctedQueryOf(corrected);
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
    const term = correctableTerm(unit, vocabulary);
    if (!term) {
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
