/**
 * Courseware queries (000 §3, §7). Only SQL lives here; the visibility rules are passed in by the
 * service as the list of statuses the caller may see. Every function takes a Db or a transaction.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_CANDIDATE_CAP,
  FUZZY_SIMILARITY_MIN,
  DOCUMENT_SNIPPET_SOURCE_MAX,
  ACRONYM_LETTERS_MAX,
  ACRONYM_LETTERS_MIN,
  ACRONYM_WORDS_MAX,
  SNIPPET_WORDS_MAX,
  SNIPPET_WORDS_MIN,
  UPDATED_CONTENT_CUTOFF_DAYS,
} from '@portal/shared/limits';
import { FACET_DIMENSIONS, type ContentStatus, type FacetDimension } from '@portal/shared/enums';
import type { Db } from '../../db/client.js';
import { rows, textArray, uuidArray } from '../../db/rows.js';

/** Deepest level a walk up or down the hierarchy goes (courseware is a handful of levels deep). */
export const TREE_DEPTH_MAX = 50;

/** Search filters of 000 §3 (Content filter), already validated. */
export interface ContentFilters {
  educationLevels?: string[];
  experienceLevels?: string[];
  contentCategories?: string[];
  ksaIds?: string[];
  kuIds?: string[];
  tksIds?: string[];
  contributorIds?: string[];
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
function statusCondition(statuses: readonly ContentStatus[]): SQL {
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
  for (const ids of [f.ksaIds, f.kuIds, f.tksIds]) {
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

/** Whether every filter is a facet dimension, which the facet bits answer alone. */
function isFacetBitsOnly(f: ContentFilters): boolean {
  return (
    !f.ksaIds?.length &&
    !f.kuIds?.length &&
    !f.tksIds?.length &&
    !f.contributorIds?.length &&
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
   * Set when no item has every group: the to_tsquery text of each group (its matched count orders
   * first) and of each candidate tier, "at least k groups" from k = n−1 down to 1.
   */
  partial?: { groups: string[]; tiers: string[] };
}

/** The keyset of a ranked page: matched groups, rank, name, id. */
export interface RankKey {
  m: number;
  r: number;
  n: string;
  i: string;
}

/**
 * Candidate ids of a text query (a subquery with column `id`, over CTE `q`), at most
 * SEARCH_CANDIDATE_CAP + 1 of them, none twice. Every group: the items whose name matches (the name's
 * own GIN index) come first — a name match ranks above any match elsewhere for one term, so they are
 * all kept while they fit under the cap — and other matches only fill what is left. Partial: the
 * tiers of more groups first (tier k holds the items of at least k groups, so it holds every later
 * tier's betters), each filling what the tiers before it left. Filling only the rest keeps the
 * candidates to rank at the cap (at 100,000 items "network" ranked 1,933 candidates for 1,001 places
 * before, 1,001 now), and the total stays exact up to the cap: the sources never overlap.
 */
function candidates(text: TextQuery, where: SQL): SQL {
  const cap = SEARCH_CANDIDATE_CAP + 1;
  const sources = text.partial
    ? text.partial.tiers.map((tier, i, tiers) => ({
        match: sql`c.search_vector @@ to_tsquery('english', ${tier})`,
        // Tiers are nested (at least k groups ⊂ at least k−1): only the one before needs leaving out.
        isEarlier: i > 0 ? sql`c.search_vector @@ to_tsquery('english', ${tiers[i - 1]})` : null,
      }))
    : [
        { match: sql`to_tsvector('english', c.name) @@ q.q`, isEarlier: null },
        { match: sql`c.search_vector @@ q.q`, isEarlier: sql`to_tsvector('english', c.name) @@ q.q` },
      ];
  const ctes = sources.map((source, i) => {
    const name = sql.raw(`s${i}`);
    const taken = sources.slice(0, i).map((_, j) => sql`(SELECT count(*) FROM ${sql.raw(`s${j}`)})`);
    const limit = taken.length ? sql`greatest(0, ${cap} - ${sql.join(taken, sql` - `)})` : sql`${cap}`;
    const notEarlier = source.isEarlier ? sql` AND NOT (${source.isEarlier})` : sql``;
    return sql`${name} AS (SELECT c.id FROM content c, q WHERE ${source.match} AND ${where}${notEarlier} LIMIT ${limit})`;
  });
  const union = sources.map((_, i) => sql`SELECT id FROM ${sql.raw(`s${i}`)}`);
  return sql`(WITH ${sql.join(ctes, sql`, `)} ${sql.join(union, sql` UNION ALL `)})`;
}

/** The number of groups a row matches (partial mode; 0 otherwise, where every row has them all). */
function matchedGroups(text: TextQuery): SQL {
  if (!text.partial) return sql`0`;
  const each = text.partial.groups.map(
    (_, i) => sql`(c.search_vector @@ q.gs[${sql.raw(String(i + 1))}])::int`,
  );
  return sql`(${sql.join(each, sql` + `)})`;
}

/** CTE `q`: the ranking query and, partial, each group's query. */
function queryCte(text: TextQuery): SQL {
  const groups = text.partial?.groups ?? [];
  const gs = groups.length
    ? sql`ARRAY[${sql.join(
        groups.map((g) => sql`to_tsquery('english', ${g})`),
        sql`, `,
      )}]`
    : sql`ARRAY[]::tsquery[]`;
  return sql`q AS (SELECT to_tsquery('english', ${text.tsquery}) AS q, ${gs} AS gs)`;
}

/**
 * Text search over a capped candidate set (see `candidates`), ordered by matched groups (partial),
 * then ts_rank, ties by name then id. Returns one page after the keyset `after`, plus the
 * candidates' facet bits for counting.
 */
export async function searchContent(
  db: Db,
  args: {
    statuses: readonly ContentStatus[];
    filters: ContentFilters;
    text: TextQuery;
    limit: number;
    after?: RankKey;
  },
): Promise<{
  page: (SummaryRow & { matched: number })[];
  facets: FacetBitsCount[];
  total: number;
  isCapped: boolean;
}> {
  const where = filterConditions(args.statuses, args.filters);
  const cap = SEARCH_CANDIDATE_CAP;
  const a = args.after;
  const after = a
    ? sql`WHERE matched < ${a.m}::int OR (matched = ${a.m}::int AND (rank < ${a.r}::real OR (rank = ${a.r}::real AND (name, id) > (${a.n}, ${a.i}::uuid))))`
    : sql``;
  const order = sql`matched DESC, rank DESC, name, id`;
  const query = sql`
    WITH ${queryCte(args.text)},
    cand AS ${candidates(args.text, where)},
    ranked AS (
      SELECT c.id, c.name, c.facet_bits, ts_rank(c.search_vector, q.q) AS rank, ${matchedGroups(args.text)} AS matched
      FROM content c JOIN cand ON cand.id = c.id, q
      ORDER BY ${order} LIMIT ${cap + 1}
    ),
    total AS (SELECT count(*)::int AS n FROM ranked),
    kept AS (SELECT * FROM ranked ORDER BY ${order} LIMIT ${cap}),
    facets AS (SELECT ${facetBitCounts()} AS f FROM kept),
    page AS (SELECT * FROM kept ${after} ORDER BY ${order} LIMIT ${args.limit + 1})
    -- Total and facets ride on the first row only (the driver would parse them on every row).
    SELECT ${SUMMARY_COLUMNS}, page.rank, page.matched,
      CASE WHEN row_number() OVER (ORDER BY page.matched DESC, page.rank DESC, c.name, c.id) = 1 THEN (SELECT n FROM total) END AS "total",
      CASE WHEN row_number() OVER (ORDER BY page.matched DESC, page.rank DESC, c.name, c.id) = 1 THEN (SELECT f FROM facets) END AS "facets"
    FROM page JOIN content c ON c.id = page.id LEFT JOIN content r ON r.id = c.root_id AND r.id <> c.id
    ORDER BY page.matched DESC, page.rank DESC, c.name, c.id`;
  const result = await rows<SummaryRow & { matched: number; total: number; facets: FacetBitsCount[] | null }>(
    db,
    query,
  );
  let total = result[0]?.total;
  let facets = result[0]?.facets ?? null;
  if (result.length === 0 && args.after) {
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
  return { page: result, facets: facets ?? [], total: Math.min(count, cap), isCapped: count > cap };
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
 * For the items `ids` (one page of results) that match `tsquery` only in their files' text (not in
 * name, keywords, tags or description: weights A–C), the first such ready file in the item's order,
 * and with `withSnippet` a short ts_headline of it (costly: computed for these few rows only).
 */
export async function findDocumentMatches(
  db: Db,
  args: { ids: readonly string[]; tsquery: string; withSnippet: boolean },
): Promise<DocumentMatchRow[]> {
  if (args.ids.length === 0) return [];
  const options = `StartSel=${SNIPPET_START}, StopSel=${SNIPPET_STOP}, MinWords=${SNIPPET_WORDS_MIN}, MaxWords=${SNIPPET_WORDS_MAX}, MaxFragments=1`;
  const snippet = args.withSnippet
    ? sql`ts_headline('english', left(d.text, ${DOCUMENT_SNIPPET_SOURCE_MAX}), q.q, ${options})`
    : sql`NULL::text`;
  return rows<DocumentMatchRow>(
    db,
    sql`WITH q AS (SELECT to_tsquery('english', ${args.tsquery}) AS q)
        SELECT c.id, d.name AS "fileName", ${snippet} AS snippet
        FROM content c CROSS JOIN q
        CROSS JOIN LATERAL (
          SELECT f.name, ft.text FROM file_text ft JOIN file f ON f.id = ft.file_id AND f.status = 'ready'
          WHERE ft.content_id = c.id AND ft.text_vector @@ q.q ORDER BY f.index, f.name, f.id LIMIT 1) d
        WHERE c.id = ANY(${uuidArray(args.ids)}) AND NOT (ts_filter(c.search_vector, '{a,b,c}') @@ q.q)`,
  );
}

/** Catalogue words looked at per misspelt term before those found only in hidden items are left out. */
const SIMILAR_WORDS_LOOKED_AT = 12;

/**
 * Words of the catalogue close to a misspelt term (pg_trgm), best first, among those that some item
 * the caller may list contains: a word only hidden items hold is never suggested.
 * @param term one lower-case search term
 */
export async function similarWords(
  db: Db,
  args: { term: string; limit: number; statuses: readonly ContentStatus[] },
): Promise<string[]> {
  const { term } = args;
  const found = await rows<{ word: string }>(
    db,
    sql`SELECT word FROM (
          SELECT word, similarity(word, ${term}) AS s FROM search_lexicon
          WHERE word % ${term} AND similarity(word, ${term}) >= ${FUZZY_SIMILARITY_MIN}
          ORDER BY s DESC, word LIMIT ${SIMILAR_WORDS_LOOKED_AT}) w
        WHERE numnode(plainto_tsquery('english', w.word)) > 0
          AND EXISTS (SELECT 1 FROM content c
            WHERE c.search_vector @@ plainto_tsquery('english', w.word) AND ${statusCondition(args.statuses)})
        ORDER BY w.s DESC, w.word LIMIT ${args.limit}`,
  );
  return found.map((r) => r.word);
}

/** How a search term stands in the catalogue's vocabulary. */
export interface TermInVocabulary {
  /** The term is a whole word of the vocabulary. */
  isWord: boolean;
  /** Some word of the vocabulary starts with the term (or is it). */
  startsWord: boolean;
  /** The term is a stop word of the text search ("the", "and"): it finds nothing and is left out. */
  isStopWord: boolean;
}

/** Looks every term up in the catalogue's vocabulary, in one query; keyed by term. */
export async function lookUpTerms(db: Db, terms: readonly string[]): Promise<Map<string, TermInVocabulary>> {
  if (terms.length === 0) return new Map();
  const found = await rows<TermInVocabulary & { term: string }>(
    db,
    sql`SELECT t AS term,
          EXISTS (SELECT 1 FROM search_lexicon WHERE word = t) AS "isWord",
          EXISTS (SELECT 1 FROM search_lexicon WHERE word >= t AND word < t || ${'\uffff'}) AS "startsWord",
          numnode(plainto_tsquery('english', t)) = 0 AS "isStopWord"
        FROM unnest(${textArray(terms)}) AS t`,
  );
  return new Map(
    found.map((r) => [r.term, { isWord: r.isWord, startsWord: r.startsWord, isStopWord: r.isStopWord }]),
  );
}

/** Words shorter or longer than this (in letters) stay out of the spelling vocabulary. */
const LEXICON_WORD_MIN = 3;
const LEXICON_WORD_MAX = 40;

/**
 * The vocabulary's words of a text expression, as a subquery `words` (column `w`) to put after FROM: split at
 * anything but a-z and 0-9 after lower-casing, words of LEXICON_WORD_MIN to LEXICON_WORD_MAX letters.
 */
function lexiconWordsOf(text: SQL): SQL {
  return sql`(SELECT w FROM regexp_split_to_table(lower(${text}), '[^a-z0-9]+') AS w
    WHERE length(w) >= ${LEXICON_WORD_MIN} AND length(w) <= ${LEXICON_WORD_MAX}) AS words`;
}

/**
 * Rebuilds, after bulk imports, what search keeps of the whole catalogue in SQL: every item's listing
 * status (rows of one import may precede their parents) and the vocabulary used to correct misspelt
 * terms (the words of names and keywords). Single saves add their words with `addLexiconWords`, and
 * triggers keep the rest. The service's refreshSearchIndex runs this and learns the acronyms.
 */
export async function refreshSearchLexicon(db: Db): Promise<void> {
  await db.execute(sql`SELECT content_listing_refresh()`);
  await db.execute(sql`DELETE FROM search_lexicon`);
  await db.execute(sql`
    INSERT INTO search_lexicon (word)
    SELECT DISTINCT w FROM content c,
      LATERAL ${lexiconWordsOf(sql`c.name || ' ' || array_to_string(c.keywords, ' ')`)}
    ON CONFLICT DO NOTHING`);
}

/**
 * Spelt-out acronyms in the names and descriptions of published items (listed to everyone, so a
 * hidden item's words never reach "Also searched for"): each distinct acronym with the words before it.
 */
export async function findAcronymCandidates(db: Db): Promise<{ words: string; acronym: string }[]> {
  return rows(
    db,
    sql`SELECT DISTINCT m[1] AS words, m[2] AS acronym FROM content c,
          regexp_matches(c.name || ' . ' || c.description_text, ${ACRONYM_PATTERN}, 'g') AS m
        WHERE c.listing_status = 'published' AND (c.name || c.description_text) LIKE '%(%)%'`,
  );
}

/** Replaces the learned acronyms (lower case pairs). */
export async function replaceLearnedAcronyms(
  db: Db,
  pairs: readonly { acronym: string; expansion: string }[],
): Promise<void> {
  await db.execute(sql`DELETE FROM search_acronym`);
  for (let i = 0; i < pairs.length; i += ACRONYM_INSERT_CHUNK) {
    const chunk = pairs.slice(i, i + ACRONYM_INSERT_CHUNK);
    await db.execute(
      sql`INSERT INTO search_acronym (acronym, expansion)
          SELECT * FROM unnest(${textArray(chunk.map((p) => p.acronym))}, ${textArray(chunk.map((p) => p.expansion))})
          ON CONFLICT DO NOTHING`,
    );
  }
}

/**
 * Up to ACRONYM_WORDS_MAX words, then an acronym in parentheses: "Cross-Site Scripting (XSS)".
 * Group 1: the words; group 2: the acronym (a capital, then capitals, digits or a plural s).
 */
const ACRONYM_PATTERN = String.raw`((?:[A-Za-z][A-Za-z0-9]*[ \t-]+){0,${ACRONYM_WORDS_MAX - 1}}[A-Za-z][A-Za-z0-9]*)[ \t]*\(([A-Z][A-Z0-9]{${ACRONYM_LETTERS_MIN - 1},${ACRONYM_LETTERS_MAX - 1}}s?)\)`;
/** Pairs per INSERT of learned acronyms. */
const ACRONYM_INSERT_CHUNK = 500;

/** Learned acronym pairs (lower case) whose acronym or expansion's first word is one of `terms`. */
export async function findAcronyms(
  db: Db,
  terms: readonly string[],
): Promise<{ acronym: string; expansion: string }[]> {
  if (terms.length === 0) return [];
  return rows(
    db,
    sql`SELECT acronym, expansion FROM search_acronym
        WHERE acronym = ANY(${textArray(terms)}) OR split_part(expansion, ' ', 1) = ANY(${textArray(terms)})
        ORDER BY acronym, expansion`,
  );
}

/**
 * Adds the words of saved names and keywords to the vocabulary (the same split as
 * `refreshSearchLexicon`), so a single save needs no rebuild.
 */
export async function addLexiconWords(db: Db, texts: readonly string[]): Promise<void> {
  const joined = texts.join(' ');
  if (!joined.trim()) return;
  await db.execute(sql`
    INSERT INTO search_lexicon (word)
    SELECT DISTINCT w FROM ${lexiconWordsOf(sql`${joined}`)}
    ON CONFLICT DO NOTHING`);
}

/** A content row as the detail page needs it. */
export interface ContentRow {
  id: string;
  name: string;
  description: string;
  urlAlias: string;
  status: ContentStatus;
  categories: string[];
  tags: string[];
  keywords: string[];
  educationLevels: string[];
  experienceLevels: string[];
  includes: string[];
  parentId: string | null;
  rootId: string | null;
  lastCuratedCourseware: string | null;
  lastCuratedEnvironment: string | null;
  sourceName: string | null;
  sourceUrl: string | null;
  sourceAuthor: string | null;
  licenseName: string | null;
  licenseUrl: string | null;
  createdAt: Date | string;
  modifiedAt: Date | string;
  version: number;
  /** Display name of the account that saved last, if any. */
  modifiedByName: string | null;
}

const CONTENT_COLUMNS = sql`c.id, c.name, c.description, c.url_alias AS "urlAlias", c.status, c.categories, c.tags,
  c.keywords, c.education_levels AS "educationLevels", c.experience_levels AS "experienceLevels", c.includes,
  c.parent_id AS "parentId", c.root_id AS "rootId",
  c.last_curated_courseware::text AS "lastCuratedCourseware", c.last_curated_environment::text AS "lastCuratedEnvironment",
  c.source_name AS "sourceName", c.source_url AS "sourceUrl", c.source_author AS "sourceAuthor",
  c.license_name AS "licenseName", c.license_url AS "licenseUrl", c.created_at AS "createdAt", c.modified_at AS "modifiedAt",
  c.version, (SELECT a.display_name FROM account a WHERE a.id = c.modified_by) AS "modifiedByName"`;

/** One content row by id (when `id` is a uuid) or by URL alias. */
export async function findContent(
  db: Db,
  key: { id?: string; alias?: string },
): Promise<ContentRow | undefined> {
  const where = key.id ? sql`c.id = ${key.id}::uuid` : sql`c.url_alias = ${key.alias ?? ''}`;
  const [row] = await rows<ContentRow>(db, sql`SELECT ${CONTENT_COLUMNS} FROM content c WHERE ${where}`);
  return row;
}

/** The parent chain of an item, top-most first. */
export async function findAncestors(
  db: Db,
  parentId: string | null,
): Promise<{ id: string; name: string; urlAlias: string; status: ContentStatus }[]> {
  if (!parentId) return [];
  return rows(
    db,
    sql`WITH RECURSIVE chain AS (
          SELECT id, name, url_alias, status, parent_id, 0 AS depth FROM content WHERE id = ${parentId}::uuid
          UNION ALL
          SELECT p.id, p.name, p.url_alias, p.status, p.parent_id, chain.depth + 1
          FROM content p JOIN chain ON p.id = chain.parent_id WHERE chain.depth < ${TREE_DEPTH_MAX})
        SELECT id, name, url_alias AS "urlAlias", status FROM chain ORDER BY depth DESC`,
  );
}

/**
 * Whether an ancestor of the item has a status outside `statuses` (an item under a hidden ancestor is
 * hidden with it, as in the tree walks).
 */
export async function hasHiddenAncestor(
  db: Db,
  id: string,
  statuses: readonly ContentStatus[],
): Promise<boolean> {
  const [row] = await rows<{ hidden: boolean }>(
    db,
    sql`WITH RECURSIVE chain AS (
          SELECT p.status, p.parent_id, 1 AS depth FROM content c JOIN content p ON p.id = c.parent_id
          WHERE c.id = ${id}::uuid
          UNION ALL
          SELECT p.status, p.parent_id, chain.depth + 1 FROM content p JOIN chain ON p.id = chain.parent_id
          WHERE chain.depth < ${TREE_DEPTH_MAX})
        SELECT EXISTS (SELECT 1 FROM chain WHERE NOT (status = ANY(${textArray(statuses)}))) AS hidden`,
  );
  return row?.hidden ?? false;
}

export interface ChildRow {
  id: string;
  index: number;
  name: string;
  categories: string[];
  tags: string[];
  status: ContentStatus;
  urlAlias: string;
}

export async function findChildren(
  db: Db,
  parentId: string,
  statuses: readonly ContentStatus[],
): Promise<ChildRow[]> {
  return rows<ChildRow>(
    db,
    sql`SELECT id, index, name, categories, tags, status, url_alias AS "urlAlias" FROM content
        WHERE parent_id = ${parentId}::uuid AND status = ANY(${textArray(statuses)}) ORDER BY index, name, id`,
  );
}

export async function findSections(db: Db, contentId: string) {
  return rows<{ id: string; name: string; description: string; index: number }>(
    db,
    sql`SELECT id, name, description, index FROM content_section WHERE content_id = ${contentId}::uuid ORDER BY index, id`,
  );
}

/** A file of an item, with why its text was not extracted (null: extracted, pending or not a document). */
export interface ContentFileRow {
  id: string;
  name: string;
  filename: string;
  type: string;
  size: number;
  textNotExtracted: string | null;
}

export async function findContentFiles(db: Db, contentId: string) {
  return rows<ContentFileRow>(
    db,
    sql`SELECT f.id, f.name, f.filename, f.mime_type AS type, f.size::float8 AS size,
          ft.failure_reason AS "textNotExtracted"
        FROM file f LEFT JOIN file_text ft ON ft.file_id = f.id
        WHERE f.metadata_type = 'content' AND f.metadata_id = ${contentId}::uuid AND f.status = 'ready'
        ORDER BY f.index, f.name, f.id`,
  );
}

export async function findContentKnowledge(db: Db, contentId: string) {
  return rows<{ id: string; index: number; code: string; name: string; type: 'KSA' | 'KU' | 'TKS' }>(
    db,
    sql`SELECT k.id, ck.index, k.code, k.name, k.type FROM content_knowledge ck JOIN knowledge_item k ON k.id = ck.knowledge_id
        WHERE ck.content_id = ${contentId}::uuid ORDER BY ck.index, k.id`,
  );
}

export interface ContributorRow {
  id: string;
  prefix: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  title: string | null;
  school: string | null;
  email: string | null;
  portraitFileId: string | null;
}

const CONTRIBUTOR_COLUMNS = sql`p.id, p.prefix, p.first_name AS "firstName", p.middle_name AS "middleName",
  p.last_name AS "lastName", p.suffix, p.title, p.school, p.email, p.portrait_file_id AS "portraitFileId"`;

export async function findContentContributors(db: Db, contentId: string): Promise<ContributorRow[]> {
  return rows<ContributorRow>(
    db,
    sql`SELECT ${CONTRIBUTOR_COLUMNS} FROM content_contributor cc JOIN contributor p ON p.id = cc.contributor_id
        WHERE cc.content_id = ${contentId}::uuid ORDER BY cc.index, p.last_name, p.id`,
  );
}

export async function countLessons(db: Db, contentId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM lesson WHERE content_id = ${contentId}::uuid`,
  );
  return row?.n ?? 0;
}

/** Files of an item and of its visible descendants, tree order. */
export async function findTreeFiles(db: Db, contentId: string, statuses: readonly ContentStatus[]) {
  return rows<{
    id: string;
    name: string;
    filename: string;
    type: string;
    size: number;
    contentId: string;
    contentName: string;
  }>(
    db,
    sql`WITH RECURSIVE tree AS (
          SELECT id, name, ARRAY[0, 0]::int[] AS path, 0 AS depth FROM content WHERE id = ${contentId}::uuid
          UNION ALL
          SELECT c.id, c.name, tree.path || ARRAY[c.index, 0], tree.depth + 1 FROM content c JOIN tree ON c.parent_id = tree.id
          WHERE c.status = ANY(${textArray(statuses)}) AND tree.depth < ${TREE_DEPTH_MAX})
        SELECT f.id, f.name, f.filename, f.mime_type AS type, f.size::float8 AS size, tree.id AS "contentId", tree.name AS "contentName"
        FROM tree JOIN file f ON f.metadata_type = 'content' AND f.metadata_id = tree.id AND f.status = 'ready'
        ORDER BY tree.path, f.index, f.name, f.id`,
  );
}

/** Admin listing (000 §3 Content list item), keyset on (created_at, id). */
export async function listContent(
  db: Db,
  args: { statuses: readonly ContentStatus[]; limit: number; after?: { t: string; i: string } },
) {
  const after = args.after
    ? sql` AND (c.created_at, c.id) > (${args.after.t}::timestamptz, ${args.after.i}::uuid)`
    : sql``;
  return rows<{
    id: string;
    urlAlias: string;
    name: string;
    status: ContentStatus;
    categories: string[];
    contributors: string[] | null;
    createdAt: Date | string;
    modifiedAt: Date | string;
    cursor: string;
  }>(
    db,
    sql`SELECT c.id, c.url_alias AS "urlAlias", c.name, c.status, c.categories,
          (SELECT array_agg(cc.contributor_id::text ORDER BY cc.index) FROM content_contributor cc WHERE cc.content_id = c.id) AS contributors,
          c.created_at AS "createdAt", c.modified_at AS "modifiedAt", to_json(c.created_at)#>>'{}' AS cursor
        FROM content c WHERE c.status = ANY(${textArray(args.statuses)})${after}
        ORDER BY c.created_at, c.id LIMIT ${args.limit + 1}`,
  );
}

/** Contributors page, keyset on id. */
export async function listContributors(
  db: Db,
  args: { limit: number; afterId?: string },
): Promise<ContributorRow[]> {
  const after = args.afterId ? sql`WHERE p.id > ${args.afterId}::uuid` : sql``;
  return rows<ContributorRow>(
    db,
    sql`SELECT ${CONTRIBUTOR_COLUMNS} FROM contributor p ${after} ORDER BY p.id LIMIT ${args.limit + 1}`,
  );
}

/** Knowledge page, keyset on id, optionally one type. */
export async function listKnowledge(db: Db, args: { limit: number; type?: string; afterId?: string }) {
  const parts: SQL[] = [sql`true`];
  if (args.type) parts.push(sql`type = ${args.type}`);
  if (args.afterId) parts.push(sql`id > ${args.afterId}`);
  return rows<{ id: string; code: string; name: string; type: 'KSA' | 'KU' | 'TKS' }>(
    db,
    sql`SELECT id, code, name, type FROM knowledge_item WHERE ${sql.join(parts, sql` AND `)} ORDER BY id LIMIT ${args.limit + 1}`,
  );
}
