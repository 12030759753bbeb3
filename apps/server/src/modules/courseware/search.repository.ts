/**
 * Search queries of the catalogue (000 §3 search, README "Search") that every kind of search shares:
 * the filters of 000 §3 as SQL, facet counts, browse in name order and the result rows by id. Only SQL
 * lives here; the service passes in the statuses the caller may see. Every function takes a Db or a
 * transaction. The ranked text search is in `search-ranking.repository.ts`, the work-role browse and
 * coverage in `search-work-role.repository.ts`, the words search knows (spelling, acronyms) in
 * `search-vocabulary.repository.ts`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { UPDATED_CONTENT_CUTOFF_DAYS } from '@portal/shared/limits';
import { FACET_DIMENSIONS, type ContentStatus, type FacetDimension } from '@portal/shared/enums';
import type { Db } from '../../db/client.js';
import { rows, textArray, uuidArray } from '../../db/rows.js';

/** Search filters of 000 §3 (Content filter), already validated. */
export interface ContentFilters {
  educationLevels?: string[];
  experienceLevels?: string[];
  contentCategories?: string[];
  ksaIds?: string[];
  kuIds?: string[];
  tksIds?: string[];
  cybokIds?: string[];
  contributorIds?: string[];
  /** A NICE work role: items aligned to one of its TKS statements (issue 25). */
  workRole?: string;
  newOrUpdatedContent?: boolean;
  tags?: string[];
}

/** The facet_bits mask of some values of one facet dimension (bit order of FACET_DIMENSIONS). */
function facetMask(dimension: FacetDimension, values: readonly string[]): number {
  let bit = 0;
  let mask = 0;
  for (const [name, all] of FACET_DIMENSIONS) {
    for (const value of all) {
      if (name === dimension && values.includes(value)) mask |= 1 << bit;
      bit++;
    }
  }
  return mask;
}

/** Number of facet bits (FACET_DIMENSIONS values). */
const FACET_BIT_COUNT = FACET_DIMENSIONS.reduce((sum, [, values]) => sum + values.length, 0);

/**
 * Counts per facet bit over the `facet_bits` of the rows aggregated, as a JSON array of
 * {bits, count} groups of one bit each (what decodeFacets sums per bit, so its result is unchanged).
 */
export function facetBitCounts(): SQL {
  const groups = Array.from({ length: FACET_BIT_COUNT }, (_, bit) => {
    const mask = sql.raw(String(1 << bit));
    return sql`json_build_object('bits', ${mask}, 'count', count(*) FILTER (WHERE (facet_bits & ${mask}) <> 0))`;
  });
  return sql`json_build_array(${sql.join(groups, sql`, `)})`;
}

/**
 * Listed statuses as `=` when one, so that an index on (listing_status, name, id) gives the browse
 * order. Search and facets go by `listing_status`: an item under an unpublished or archived ancestor
 * counts as that ancestor (DESIGN.md "Visibility"), kept by the triggers of migration 0008.
 */
export function statusCondition(statuses: readonly ContentStatus[]): SQL {
  return statuses.length === 1
    ? sql`c.listing_status = ${statuses[0]}`
    : sql`c.listing_status = ANY(${textArray(statuses)})`;
}

/**
 * WHERE conditions over alias `c`: statuses, then AND across filters, OR within one filter.
 * With `facetBits`, the enum filters test facet_bits (same meaning: the trigger sets a
 * value's bit exactly when the array holds it), which an index on (status, facet_bits) answers alone.
 */
export function filterConditions(
  statuses: readonly ContentStatus[],
  f: ContentFilters,
  facetBits = false,
): SQL {
  const parts: SQL[] = [statusCondition(statuses)];
  const overlap = (column: string, dimension: FacetDimension, values?: string[]) => {
    if (!values?.length) return;
    if (facetBits) parts.push(sql`(c.facet_bits & ${facetMask(dimension, values)}::int) <> 0`);
    else parts.push(sql`${sql.raw(`c.${column}`)} && ${textArray(values)}`);
  };
  overlap('education_levels', 'educationLevels', f.educationLevels);
  overlap('experience_levels', 'experienceLevels', f.experienceLevels);
  overlap('categories', 'contentCategories', f.contentCategories);
  overlap('tags', 'tags', f.tags);
  for (const ids of [f.ksaIds, f.kuIds, f.tksIds, f.cybokIds]) {
    if (ids?.length) {
      parts.push(
        sql`EXISTS (SELECT 1 FROM content_knowledge ck WHERE ck.content_id = c.id AND ck.knowledge_id = ANY(${textArray(ids)}))`,
      );
    }
  }
  if (f.contributorIds?.length) {
    parts.push(
      sql`EXISTS (SELECT 1 FROM content_contributor cc WHERE cc.content_id = c.id AND cc.contributor_id::text = ANY(${textArray(f.contributorIds)}))`,
    );
  }
  if (f.workRole) {
    parts.push(
      sql`EXISTS (SELECT 1 FROM content_knowledge ck JOIN work_role_statement ws ON ws.knowledge_id = ck.knowledge_id
          WHERE ck.content_id = c.id AND ws.work_role_id = ${f.workRole})`,
    );
  }
  if (f.newOrUpdatedContent) {
    parts.push(sql`c.last_curated_courseware >= current_date - ${UPDATED_CONTENT_CUTOFF_DAYS}::int`);
  }
  return sql.join(parts, sql` AND `);
}

/** A search result row. */
export interface SummaryRow {
  id: string;
  name: string;
  urlAlias: string;
  status: string;
  categories: string[];
  tags: string[];
  educationLevels: string[];
  experienceLevels: string[];
  summary: string;
  courseName: string | null;
  modifiedAt: Date | string;
  rank: number;
}

/** The columns of a SummaryRow (but rank) over alias `c` and its course root `r`. */
export const SUMMARY_COLUMNS = sql`c.id, c.name, c.url_alias AS "urlAlias", c.status, c.categories, c.tags,
  c.education_levels AS "educationLevels", c.experience_levels AS "experienceLevels",
  left(c.description_text, 300) AS summary, r.name AS "courseName", c.modified_at AS "modifiedAt"`;

/** Items counted per facet bits (the bit order of FACET_DIMENSIONS). */
export interface FacetBitsCount {
  bits: number;
  count: number;
}

/** Browse (no text): name order, keyset on (name, id). Returns limit+1 rows to tell if more exist. */
export async function browseContent(
  db: Db,
  args: {
    statuses: readonly ContentStatus[];
    filters: ContentFilters;
    limit: number;
    after?: { n: string; i: string };
  },
): Promise<SummaryRow[]> {
  const where = filterConditions(args.statuses, args.filters);
  const after = args.after ? sql` AND (c.name, c.id) > (${args.after.n}, ${args.after.i}::uuid)` : sql``;
  return rows<SummaryRow>(
    db,
    sql`SELECT ${SUMMARY_COLUMNS}, 0::real AS rank
        FROM content c LEFT JOIN content r ON r.id = c.root_id AND r.id <> c.id
        WHERE ${where}${after}
        ORDER BY c.name, c.id LIMIT ${args.limit + 1}`,
  );
}

/** Whether every filter is a facet dimension, which the facet bits answer alone. */
function isFacetBitsOnly(f: ContentFilters): boolean {
  return (
    !f.ksaIds?.length &&
    !f.kuIds?.length &&
    !f.tksIds?.length &&
    !f.cybokIds?.length &&
    !f.contributorIds?.length &&
    !f.workRole &&
    !f.newOrUpdatedContent
  );
}

/**
 * Facet counts over every item the filters match, grouped by facet bits. When every filter is a facet
 * dimension they are read from `content_facet_count` (a row per status and bits pair, kept by the
 * triggers of migration 0013), whatever the number of matching items; otherwise counted from the
 * matching items.
 */
export async function facetCountsForFilters(
  db: Db,
  statuses: readonly ContentStatus[],
  filters: ContentFilters,
): Promise<FacetBitsCount[]> {
  if (isFacetBitsOnly(filters)) {
    return rows<FacetBitsCount>(
      db,
      sql`SELECT c.facet_bits AS bits, sum(c.items)::int AS count FROM content_facet_count c
          WHERE ${filterConditions(statuses, filters, true)} GROUP BY c.facet_bits`,
    );
  }
  return rows<FacetBitsCount>(
    db,
    sql`SELECT c.facet_bits AS bits, count(*)::int AS count FROM content c
        WHERE ${filterConditions(statuses, filters, true)} GROUP BY c.facet_bits`,
  );
}

/**
 * The result rows of `ids` in that order (a page read from a kept ranking); an id no longer listed
 * for `statuses` is left out. `rank` and `matched` come from the ranking, not from here.
 */
export async function summariesByIds(
  db: Db,
  args: { ids: readonly string[]; statuses: readonly ContentStatus[] },
): Promise<SummaryRow[]> {
  if (args.ids.length === 0) return [];
  return rows<SummaryRow>(
    db,
    sql`SELECT ${SUMMARY_COLUMNS}, 0::real AS rank
        FROM unnest(${uuidArray(args.ids)}) WITH ORDINALITY AS p(id, n)
        JOIN content c ON c.id = p.id LEFT JOIN content r ON r.id = c.root_id AND r.id <> c.id
        WHERE ${statusCondition(args.statuses)}
        ORDER BY p.n`,
  );
}
