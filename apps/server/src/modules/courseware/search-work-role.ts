/**
 * The work-role side of search (issue 25): that the NICE work role asked for exists, the browse by a
 * work role without text (most specific items first), and each result's coverage of the role's
 * statements. The SQL is search-work-role.repository.ts.
 */
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import type { ContentStatus } from '@portal/shared/enums';
import type { SearchContentQuery, SearchContentResponse } from '@portal/shared/schemas/courseware';
import type { Db } from '../../db/client.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import type { ServerTiming } from '../../lib/server-timing.js';
import { workRoleExists } from '../knowledge/knowledge.service.js';
import * as repo from './search.repository.js';
import * as workRoleRepo from './search-work-role.repository.js';
import { decodeFacets, toSummary } from './search-results.js';

/**
 * Checks that `workRole` is a NICE work role of the catalogue.
 * @throws AppError invalid_input (field workRole) when there is none of that id
 */
export async function assertWorkRoleExists(db: Db, workRole: string): Promise<void> {
  if (!(await workRoleExists(db, workRole))) {
    throw new AppError('invalid_input', `There is no NICE work role ${workRole}.`, { field: 'workRole' });
  }
}

/** A work-role page's cursor: the last row's specificity, name and id. */
const RoleCursor = z.object({ s: z.number(), n: z.string(), i: z.uuid() });

/**
 * Browse by a work role (no text, issue 25): the items of `statuses` aligned to its TKS, most specific
 * first (workRoleRepo.browseByWorkRole), with facet counts.
 * @throws AppError invalid_input for a page token of another list
 */
export async function browseWorkRole(
  db: Db,
  statuses: readonly ContentStatus[],
  query: SearchContentQuery & { workRole: string },
  timing: ServerTiming,
): Promise<SearchContentResponse> {
  const { q: _q, limit, nextPageToken, ...filters } = query;
  const after = decodePageToken(nextPageToken, RoleCursor);
  const [found, facetGroups] = await timing.measure('browse', () =>
    Promise.all([
      workRoleRepo.browseByWorkRole(db, { statuses, filters, limit, after }),
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

/** `response` with each item's coverage of `workRole`'s statements: how many it is aligned to, of how many. */
export async function withWorkRoleCoverage(
  db: Db,
  workRole: string,
  response: SearchContentResponse,
  timing: ServerTiming,
): Promise<SearchContentResponse> {
  const coverage = await timing.measure('coverage', () =>
    workRoleRepo.workRoleCoverage(
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
