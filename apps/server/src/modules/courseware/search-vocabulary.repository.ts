/**
 * The words search knows (README "Search"): the catalogue's spelling vocabulary, with each word's
 * visibility, for fuzzy correction, and the acronyms learned from names and descriptions. Only SQL
 * lives here. Every function takes a Db or a transaction.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  FUZZY_SIMILARITY_MIN,
  ACRONYM_LETTERS_MAX,
  ACRONYM_LETTERS_MIN,
  ACRONYM_WORDS_MAX,
} from '@portal/shared/limits';
import { type ContentStatus } from '@portal/shared/enums';
import type { Db } from '../../db/client.js';
import { rows, textArray } from '../../db/rows.js';
import { statusCondition } from './search.repository.js';

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
  const close = await rows<{ word: string }>(
    db,
    sql`SELECT word FROM (
          SELECT word, similarity(word, ${term}) AS s FROM search_lexicon
          WHERE word % ${term} AND similarity(word, ${term}) >= ${FUZZY_SIMILARITY_MIN}
          ORDER BY s DESC, word LIMIT ${SIMILAR_WORDS_LOOKED_AT}) w
        WHERE numnode(plainto_tsquery('english', w.word)) > 0
        ORDER BY w.s DESC, w.word`,
  );
  if (close.length === 0) return [];
  // Each word tested on its own, written out, so that the planner sees how frequent it is: a frequent
  // word is found within the first rows read, where an index would first list every item holding it
  // (the bitmap of "network" took 6 of a misspelt search's 9 ms here at 100,000 items).
  const tests = close.map(
    ({ word }) =>
      sql`EXISTS (SELECT 1 FROM content c WHERE c.search_vector @@ plainto_tsquery('english', ${word}) AND ${statusCondition(args.statuses)})`,
  );
  const [listed] = await rows<{ found: boolean[] }>(
    db,
    sql`SELECT ARRAY[${sql.join(tests, sql`, `)}] AS found`,
  );
  return close
    .filter((_, i) => listed?.found[i] === true)
    .slice(0, args.limit)
    .map((r) => r.word);
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
