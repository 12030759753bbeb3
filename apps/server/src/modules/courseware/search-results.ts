/**
 * The answer shapes of search (000 §3, README "Search"): a result row as a content summary (with the
 * document it matched by and its snippet split at the found words) and facet bits counts as facets.
 */
import { FACET_DIMENSIONS } from '@portal/shared/enums';
import type { ContentSummary, SearchFacets } from '@portal/shared/schemas/courseware';
import { isoTimestamp } from '../../db/rows.js';
import type { FacetBitsCount, SummaryRow } from './search.repository.js';
import { SNIPPET_START, SNIPPET_STOP, type DocumentMatchRow } from './search-ranking.repository.js';

/** Facet counts per dimension and value, summed from counts per facet bits (FACET_DIMENSIONS order). */
export function decodeFacets(groups: FacetBitsCount[]): SearchFacets {
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

/** A result row as the API's content summary, with the document it matched by (if only by one). */
export function toSummary(row: SummaryRow, match?: Omit<DocumentMatchRow, 'id'> | null): ContentSummary {
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

/** Splits a ts_headline snippet at its marks into plain parts and found words. */
function snippetParts(headline: string): { text: string; isMatch: boolean }[] {
  const parts: { text: string; isMatch: boolean }[] = [];
  for (const [index, piece] of headline.split(new RegExp(`[${SNIPPET_START}${SNIPPET_STOP}]`)).entries()) {
    if (piece) parts.push({ text: piece, isMatch: index % 2 === 1 });
  }
  return parts;
}
