/**
 * Search queries of the catalogue (000 §3 search, README "Search"): filters and facet counts, browse
 * in name order, ranked text search over the stored search vector, document matches with snippets.
 * Only SQL lives here; the service passes in the statuses the caller may see. Every function takes a Db
 * or a transaction. The words search knows (spelling, acronyms) are in `search-vocabulary.repository.ts`.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_CANDIDATE_CAP,
  DOCUMENT_SNIPPET_SOURCE_MAX,
  SNIPPET_WORDS_MAX,
  SNIPPET_WORDS_MIN,
  UPDATED_CONTENT_CUTOFF_DAYS,
} from '@portal/shared/limits';
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
function facetBitCounts(): SQL {
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
function filterConditions(statuses: readonly ContentStatus[], f: ContentFilters, facetBits = false): SQL {
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

const SUMMARY_COLUMNS = sql`c.id, c.name, c.url_alias AS "urlAlias", c.status, c.categories, c.tags,
  c.education_levels AS "educationLevels", c.experience_levels AS "experienceLevels",
  left(c.description_text, 300) AS summary, r.name AS "courseName", c.modified_at AS "modifiedAt"`;

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

/**
 * SQL of one statement's specificity (issue 25): ln(work roles / roles of the statement), over alias
 * `ws` (a work_role_statement row). A statement of every role weighs 0.
 */
const STATEMENT_WEIGHT = sql`ln((SELECT count(*) FROM work_role)::float8
  / (SELECT count(*) FROM work_role_statement w2 WHERE w2.knowledge_id = ws.knowledge_id))`;

/**
 * Browse by a work role (issue 25, no text): the items the filters match (they include the role),
 * ordered by specificity — the sum of STATEMENT_WEIGHT over the role's statements the item is
 * aligned to — then name and id; keyset on (score, name, id). Returns limit+1 rows.
 */
export async function browseByWorkRole(
  db: Db,
  args: {
    statuses: readonly ContentStatus[];
    filters: ContentFilters & { workRole: string };
    limit: number;
    after?: { s: number; n: string; i: string };
  },
): Promise<(SummaryRow & { score: number })[]> {
  const where = filterConditions(args.statuses, args.filters);
  const a = args.after;
  const after = a
    ? sql`WHERE score < ${a.s}::float8 OR (score = ${a.s}::float8 AND (name, id) > (${a.n}, ${a.i}::uuid))`
    : sql``;
  return rows<SummaryRow & { score: number }>(
    db,
    sql`WITH scored AS (
          SELECT c.id, c.name, (SELECT coalesce(sum(${STATEMENT_WEIGHT}), 0)::float8
              FROM (SELECT DISTINCT ck.knowledge_id FROM content_knowledge ck WHERE ck.content_id = c.id) k
              JOIN work_role_statement ws ON ws.knowledge_id = k.knowledge_id AND ws.work_role_id = ${args.filters.workRole}) AS score
          FROM content c WHERE ${where}),
        page AS (SELECT * FROM scored ${after} ORDER BY score DESC, name, id LIMIT ${args.limit + 1})
        SELECT ${SUMMARY_COLUMNS}, page.score::real AS rank, page.score
        FROM page JOIN content c ON c.id = page.id LEFT JOIN content r ON r.id = c.root_id AND r.id <> c.id
        ORDER BY page.score DESC, c.name, c.id`,
  );
}

/**
 * How many of a work role's statements each of `ids` is aligned to, and how many the role has.
 * Items aligned to none are left out of the map.
 */
export async function workRoleCoverage(
  db: Db,
  workRole: string,
  ids: readonly string[],
): Promise<{ total: number; matched: Map<string, number> }> {
  const [total] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM work_role_statement WHERE work_role_id = ${workRole}`,
  );
  const found =
    ids.length === 0
      ? []
      : await rows<{ id: string; n: number }>(
          db,
          sql`SELECT ck.content_id AS id, count(DISTINCT ck.knowledge_id)::int AS n
              FROM content_knowledge ck JOIN work_role_statement ws ON ws.knowledge_id = ck.knowledge_id
              WHERE ws.work_role_id = ${workRole} AND ck.content_id = ANY(${uuidArray(ids)})
              GROUP BY ck.content_id`,
        );
  return { total: total?.n ?? 0, matched: new Map(found.map((r) => [r.id, r.n])) };
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

/** How a text search picks and orders its candidates. */
export interface TextQuery {
  /** to_tsquery text that ranks: every group AND'ed, or (partial) any group. */
  tsquery: string;
  /**
   * Set when no item has every group: the to_tsquery text of each candidate tier, "at least k groups"
   * from k = n−1 down to 1 (the number of groups matched orders first).
   */
  partial?: { tiers: string[] };
}

/** The keyset of a ranked page: matched groups, rank, name, id. */
export interface RankKey {
  m: number;
  r: number;
  n: string;
  i: string;
}

/**
 * Candidates of a text query (a subquery over CTE `q` with columns id, name, facet_bits, rank, matched),
 * at most SEARCH_CANDIDATE_CAP + 1 of them, none twice, each ranked where it is read (the row is
 * already at hand: ranking them in a second pass read every candidate's row again). Every group: the
 * items whose name matches (the name's own GIN index) come first — a name match ranks above any match
 * elsewhere for one term, so they are all kept while they fit under the cap — and other matches only
 * fill what is left. Partial: the tiers of more groups first (tier k holds the items of at least k
 * groups, so it holds every later tier's betters), each filling what the tiers before it left. Filling
 * only the rest keeps the candidates to rank at the cap (at 100,000 items "network" ranked 1,933
 * candidates for 1,001 places before, 1,001 now), and the total stays exact up to the cap: the sources
 * never overlap.
 */
function candidates(text: TextQuery, where: SQL): SQL {
  const cap = SEARCH_CANDIDATE_CAP + 1;
  // Partial: tier i holds the items of at least n−1−i groups and not of more (the tier before holds
  // those), and no item holds all n (else the query would not be partial), so each matches exactly
  // n−1−i groups: the count is known without testing each group against each row.
  const sources = text.partial
    ? text.partial.tiers.map((tier, i, tiers) => ({
        match: sql`c.search_vector @@ to_tsquery('english', ${tier})`,
        // Tiers are nested (at least k groups ⊂ at least k−1): only the one before needs leaving out.
        isEarlier: i > 0 ? sql`c.search_vector @@ to_tsquery('english', ${tiers[i - 1]})` : null,
        matched: tiers.length - i,
      }))
    : [
        { match: sql`c.name_vector @@ q.q`, isEarlier: null, matched: 0 },
        { match: sql`c.search_vector @@ q.q`, isEarlier: sql`c.name_vector @@ q.q`, matched: 0 },
      ];
  const columns = (matched: number) =>
    sql`c.id, c.name, c.facet_bits, ts_rank(c.search_vector, q.q) AS rank, ${sql.raw(String(matched))} AS matched`;
  const ctes = sources.map((source, i) => {
    const name = sql.raw(`s${i}`);
    const taken = sources.slice(0, i).map((_, j) => sql`(SELECT count(*) FROM ${sql.raw(`s${j}`)})`);
    const limit = taken.length ? sql`greatest(0, ${cap} - ${sql.join(taken, sql` - `)})` : sql`${cap}`;
    const notEarlier = source.isEarlier ? sql` AND NOT (${source.isEarlier})` : sql``;
    return sql`${name} AS (SELECT ${columns(source.matched)} FROM content c, q WHERE ${source.match} AND ${where}${notEarlier} LIMIT ${limit})`;
  });
  const union = sources.map((_, i) => sql`SELECT * FROM ${sql.raw(`s${i}`)}`);
  return sql`(WITH ${sql.join(ctes, sql`, `)} ${sql.join(union, sql` UNION ALL `)})`;
}

/** CTE `q`: the ranking query. */
function queryCte(text: TextQuery): SQL {
  return sql`q AS (SELECT to_tsquery('english', ${text.tsquery}) AS q)`;
}

/** A row of a ranked page: the summary, its keyset, and the document it matched by (if only by one). */
export interface RankedRow extends SummaryRow {
  matched: number;
  /** Null unless the item matched only in its files' text. */
  documentMatch: Omit<DocumentMatchRow, 'id'> | null;
}

/** A query's ranked candidates in order, as kept for paging (search-cache.repository.ts). */
export interface Ranking {
  ids: string[];
  ranks: number[];
  matched: number[];
}

/**
 * Text search over a capped candidate set (see `candidates`), ordered by matched groups (partial),
 * then ts_rank, ties by name then id. Returns one page after the keyset `after`, the candidates' facet
 * bits counted, and with `withRanking` every kept candidate in order (what later pages read).
 */
export async function searchContent(
  db: Db,
  args: {
    statuses: readonly ContentStatus[];
    filters: ContentFilters;
    text: TextQuery;
    limit: number;
    after?: RankKey;
    withRanking?: boolean;
    /** Snippets of document matches (for callers who may open files). */
    withSnippet: boolean;
  },
): Promise<{
  page: RankedRow[];
  facets: FacetBitsCount[];
  total: number;
  isCapped: boolean;
  ranking?: Ranking;
}> {
  const where = filterConditions(args.statuses, args.filters);
  const cap = SEARCH_CANDIDATE_CAP;
  const a = args.after;
  const after = a
    ? sql`WHERE matched < ${a.m}::int OR (matched = ${a.m}::int AND (rank < ${a.r}::real OR (rank = ${a.r}::real AND (name, id) > (${a.n}, ${a.i}::uuid))))`
    : sql``;
  const order = sql`matched DESC, rank DESC, name, id`;
  const firstRow = sql`row_number() OVER (ORDER BY page.matched DESC, page.rank DESC, c.name, c.id) = 1`;
  const ranking = args.withRanking
    ? sql`, CASE WHEN ${firstRow} THEN (SELECT json_build_object('ids', array_agg(id ORDER BY ${order}), 'ranks', array_agg(rank ORDER BY ${order}), 'matched', array_agg(matched ORDER BY ${order})) FROM kept) END AS "ranking"`
    : sql``;
  const query = sql`
    WITH ${queryCte(args.text)},
    ranked AS (SELECT * FROM ${candidates(args.text, where)} cand ORDER BY ${order} LIMIT ${cap + 1}),
    total AS (SELECT count(*)::int AS n FROM ranked),
    kept AS (SELECT * FROM ranked ORDER BY ${order} LIMIT ${cap}),
    facets AS (SELECT ${facetBitCounts()} AS f FROM kept),
    page AS (SELECT * FROM kept ${after} ORDER BY ${order} LIMIT ${args.limit + 1})
    -- Total, facets and ranking ride on the first row only (the driver would parse them on every row).
    SELECT ${SUMMARY_COLUMNS}, page.rank, page.matched, d.file_name AS "documentFileName", d.snippet AS "documentSnippet",
      CASE WHEN ${firstRow} THEN (SELECT n FROM total) END AS "total",
      CASE WHEN ${firstRow} THEN (SELECT f FROM facets) END AS "facets"${ranking}
    FROM page JOIN content c ON c.id = page.id LEFT JOIN content r ON r.id = c.root_id AND r.id <> c.id
      CROSS JOIN q ${documentMatchJoin(args.withSnippet)}
    ORDER BY page.matched DESC, page.rank DESC, c.name, c.id`;
  const found = await rows<
    SummaryRow & {
      matched: number;
      documentFileName: string | null;
      documentSnippet: string | null;
      total: number;
      facets: FacetBitsCount[] | null;
      ranking?: Ranking | null;
    }
  >(db, query);
  const result: RankedRow[] = found.map(({ documentFileName, documentSnippet, ...row }) => ({
    ...row,
    documentMatch:
      documentFileName === null ? null : { fileName: documentFileName, snippet: documentSnippet },
  }));
  let total = found[0]?.total;
  let facets = found[0]?.facets ?? null;
  if (found.length === 0 && args.after) {
    // A page past the end: the totals still describe the whole query. (Without `after`, an empty
    // first page means that nothing matched.)
    const [meta] = await rows<{ total: number; facets: FacetBitsCount[] | null }>(
      db,
      sql`WITH ${queryCte(args.text)},
          m AS (SELECT c.facet_bits FROM content c WHERE c.id IN (SELECT id FROM ${candidates(args.text, where)} x) LIMIT ${cap + 1})
          SELECT (SELECT count(*)::int FROM m) AS total,
                 (SELECT ${facetBitCounts()} FROM (SELECT * FROM m LIMIT ${cap}) k) AS facets`,
    );
    total = meta?.total ?? 0;
    facets = meta?.facets ?? null;
  }
  const count = total ?? 0;
  return {
    page: result,
    facets: facets ?? [],
    total: Math.min(count, cap),
    isCapped: count > cap,
    ranking: found[0]?.ranking ?? undefined,
  };
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

/** Marks around the found words of a snippet: control characters, which a document's text never holds. */
export const SNIPPET_START = '\u0001';
export const SNIPPET_STOP = '\u0002';

/** The file by which an item matched a text query, and (when asked) a snippet of its text. */
export interface DocumentMatchRow {
  id: string;
  fileName: string;
  /** ts_headline of the file's text, the found words between SNIPPET_START and SNIPPET_STOP. */
  snippet: string | null;
}

/**
 * A LATERAL join (alias `d`: file_name, snippet) over alias `c` and CTE `q`: when the row matches `q.q`
 * only in its files' text (not in name, keywords, tags or description: weights A–C), the first such
 * ready file in the item's order, and with `withSnippet` a short ts_headline of it (costly: computed
 * for a page's rows only); no row otherwise.
 */
function documentMatchJoin(withSnippet: boolean): SQL {
  const options = `StartSel=${SNIPPET_START}, StopSel=${SNIPPET_STOP}, MinWords=${SNIPPET_WORDS_MIN}, MaxWords=${SNIPPET_WORDS_MAX}, MaxFragments=1`;
  const snippet = withSnippet
    ? sql`ts_headline('english', left(ft.text, ${DOCUMENT_SNIPPET_SOURCE_MAX}), q.q, ${options})`
    : sql`NULL::text`;
  return sql`LEFT JOIN LATERAL (
      SELECT f.name AS file_name, ${snippet} AS snippet
      FROM file_text ft JOIN file f ON f.id = ft.file_id AND f.status = 'ready'
      WHERE NOT (ts_filter(c.search_vector, '{a,b,c}') @@ q.q) AND ft.content_id = c.id AND ft.text_vector @@ q.q
      ORDER BY f.index, f.name, f.id LIMIT 1) d ON true`;
}

/**
 * For the items `ids` (one page of results) that match `tsquery` only in their files' text, the file
 * by which they matched, and with `withSnippet` a snippet of it (see documentMatchJoin). For pages that
 * do not come from searchContent, which finds these in its own statement.
 */
export async function findDocumentMatches(
  db: Db,
  args: { ids: readonly string[]; tsquery: string; withSnippet: boolean },
): Promise<DocumentMatchRow[]> {
  if (args.ids.length === 0) return [];
  return rows<DocumentMatchRow>(
    db,
    sql`WITH q AS (SELECT to_tsquery('english', ${args.tsquery}) AS q)
        SELECT c.id, d.file_name AS "fileName", d.snippet
        FROM content c CROSS JOIN q ${documentMatchJoin(args.withSnippet)}
        WHERE c.id = ANY(${uuidArray(args.ids)}) AND d.file_name IS NOT NULL`,
  );
}
