/**
 * The ranked text search of the catalogue (README "Search"): a capped candidate set ranked by ts_rank
 * over the stored search vector, one keyset page with its total, facet counts and (to keep) the whole
 * ranking, and the document by which an item matched with its snippet. Only SQL lives here; the
 * service builds the to_tsquery text (search-query.ts). Every function takes a Db or a transaction.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_CANDIDATE_CAP,
  DOCUMENT_SNIPPET_SOURCE_MAX,
  SNIPPET_WORDS_MAX,
  SNIPPET_WORDS_MIN,
} from '@portal/shared/limits';
import type { ContentStatus } from '@portal/shared/enums';
import type { Db } from '../../db/client.js';
import { rows, uuidArray } from '../../db/rows.js';
import {
  facetBitCounts,
  filterConditions,
  SUMMARY_COLUMNS,
  type ContentFilters,
  type FacetBitsCount,
  type SummaryRow,
} from './search.repository.js';

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
  // The query written out where rows are matched (not read from CTE `q`), so that the planner sees its
  // words and their frequency: for a frequent word it reads the table until the few candidates still
  // wanted are found, instead of building the index's bitmap of every match (at 1,000,000 items two
  // frequent words spent 149 of 151 ms on that bitmap, issue 27); for a rare one it keeps the index.
  const inline = sql`to_tsquery('english', ${text.tsquery})`;
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
        { match: sql`c.name_vector @@ ${inline}`, isEarlier: null, matched: 0 },
        { match: sql`c.search_vector @@ ${inline}`, isEarlier: sql`c.name_vector @@ ${inline}`, matched: 0 },
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
 * One ranked page of a text query: its rows, the facet counts and total of every candidate (at most
 * SEARCH_CANDIDATE_CAP, isCapped when more matched), and the whole ranking when asked for.
 */
export interface RankedPage {
  page: RankedRow[];
  facets: FacetBitsCount[];
  total: number;
  isCapped: boolean;
  ranking?: Ranking;
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
): Promise<RankedPage> {
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
