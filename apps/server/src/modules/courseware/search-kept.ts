/**
 * The kept rankings of search (issue 33, item 9 of README "Search"): what is kept per search
 * generation of a query (its plan, and the ranking of a query of more than one page with its total and
 * facets), the cache keys they are kept under (a digest of the plan and the caller's scope), and a
 * page read from a kept ranking. Reading and writing the cache is search-cache.repository.ts.
 */
import crypto from 'node:crypto';
import type { ContentStatus } from '@portal/shared/enums';
import type { Db } from '../../db/client.js';
import * as repo from './search.repository.js';
import * as rankingRepo from './search-ranking.repository.js';
import { textOf, type SearchPlan } from './search-query.js';

/** What is kept of a ranked result for its later pages: its ranking, total and facets. */
export function keptResultOf(result: rankingRepo.RankedPage): KeptResult {
  return { ...result.ranking!, total: result.total, isCapped: result.isCapped, facets: result.facets };
}

/** A kept plan, and whether its ranking was kept in the same generation (then it is not written again). */
export interface KeptPlan {
  plan: SearchPlan;
  isRankingKept: boolean;
}

/** A query's ranked candidates with their total and facets, kept for its later pages. */
export interface KeptResult extends rankingRepo.Ranking {
  total: number;
  isCapped: boolean;
  facets: repo.FacetBitsCount[];
}

/** Filters in one order, empty ones left out, so that equal filters give equal cache keys. */
export function normalisedFilters(filters: repo.ContentFilters): Record<string, unknown> {
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
export function resultKeyOf(plan: SearchPlan, scope: Record<string, unknown>): string {
  return cacheKey('result', { groups: plan.groups, partial: plan.isPartialMatch, ...scope });
}

/** The cache key of a kind of entry: a digest of what the entry depends on. */
export function cacheKey(kind: 'plan' | 'result', parts: Record<string, unknown>): string {
  return `${kind}:${crypto.createHash('sha256').update(JSON.stringify(parts)).digest('base64url')}`;
}

/**
 * The page after `after` (the first page when null) read from a kept ranking: the ids after the cursor's,
 * then their rows. Undefined when the cursor's id is not in the ranking, or a row is no longer listed
 * (the ranking then is recomputed).
 */
export async function pageOfKept(
  db: Db,
  args: {
    kept: KeptResult;
    /** The last item of the page before; null for the first page. */
    after: rankingRepo.RankKey | null;
    limit: number;
    statuses: readonly ContentStatus[];
    plan: SearchPlan;
    withSnippet: boolean;
  },
): Promise<rankingRepo.RankedPage | undefined> {
  const { kept, after, limit, plan } = args;
  const position = after ? kept.ids.indexOf(after.i) : -1;
  if (after && position < 0) return undefined;
  const ids = kept.ids.slice(position + 1, position + 2 + limit);
  const [found, matches] = await Promise.all([
    repo.summariesByIds(db, { ids, statuses: args.statuses }),
    rankingRepo.findDocumentMatches(db, {
      ids,
      tsquery: textOf(plan).tsquery,
      withSnippet: args.withSnippet,
    }),
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
