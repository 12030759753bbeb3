/**
 * Queries of the suggested alignments (issue 25). Everything is PostgreSQL full-text search over the
 * English configuration (stemmed, stop words dropped), the same on PGlite and the server:
 * - the item's text is its search vector (name A, keywords B, description C, its files' text D) with its
 *   sections (the learning objectives among them) at weight B;
 * - a statement's text is its name without the lead-in every statement of its kind shares ("Knowledge of",
 *   "Skill in", …); a CyBOK area's adds the topics and keywords the catalogue's aligned items give it;
 * - text similarity is the cosine of TF-IDF vectors: the item's term frequency (weighted A 1, B 0.4,
 *   C 0.2, D 0.1 as `ts_rank` weighs them, log-damped) × the statement's inverse document frequency
 *   among all statements.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AlignmentDecision, KnowledgeType } from '@portal/shared/enums';
import { STATEMENT_LEAD_INS } from '@portal/shared/alignment';
import type { Db } from '../../db/client.js';
import { rows, textArray } from '../../db/rows.js';

/** The lead-ins of NICE statements, dropped before matching (they say what kind of statement it is, not what about). */
const STATEMENT_LEAD_IN = `^\\s*(${STATEMENT_LEAD_INS.join('|')})\\s+`;

/** The item's text as one tsvector (CTE `item(v)`): its search vector and its sections at weight B. */
const itemVector = (contentId: string) => sql`item AS (
    SELECT coalesce(c.search_vector, ''::tsvector) || coalesce((
        SELECT setweight(to_tsvector('english', string_agg(s.name || ' ' || s.description, ' ')), 'B')
        FROM content_section s WHERE s.content_id = c.id), ''::tsvector) AS v
    FROM content c WHERE c.id = ${contentId}),
  item_terms AS (
    SELECT t.lexeme, ln(1 + coalesce((SELECT sum(CASE w WHEN 'A' THEN 1.0 WHEN 'B' THEN 0.4 WHEN 'C' THEN 0.2 ELSE 0.1 END)
                                      FROM unnest(t.weights) w), 0.1)) AS tf
    FROM item, unnest(item.v) t)`;

/**
 * CTE `statement_text(id, text)`: every knowledge item's text to match (lead-in dropped; a CyBOK area
 * with the topics and keywords of its alignments in the catalogue).
 */
const STATEMENT_TEXT = sql`statement_text AS (
    SELECT k.id, regexp_replace(k.name, ${STATEMENT_LEAD_IN}, '', 'i') || coalesce(' ' || e.words, '') AS text
    FROM knowledge_item k
    LEFT JOIN (
      SELECT ck.knowledge_id, string_agg(t.topic ->> 'topic' || ' ' || coalesce(
               (SELECT string_agg(kw, ' ') FROM jsonb_array_elements_text(t.topic -> 'keywords') kw), ''), ' ') AS words
      FROM content_knowledge ck, jsonb_array_elements(ck.topics) AS t(topic)
      WHERE jsonb_typeof(ck.topics) = 'array'
      GROUP BY ck.knowledge_id) e ON e.knowledge_id = k.id)`;

export interface TextMatchRow {
  knowledgeId: string;
  similarity: number;
  /** The matched lexemes (stems), most telling first. */
  lexemes: string[];
}

/**
 * The statements most similar to the item's text, best first, leaving out those in `excludeIds`: the
 * cosine (0–1) of the item's vector and each statement's over the words they share with any statement.
 * A word weighs in the item by tf × its rarity among statements × its rarity in the catalogue
 * (ln(1 + items / items holding it), counted up to `frequencyCap` through the search index, for the
 * item's `terms` most frequent shared words): "lab", on most items, says little about any one of them.
 * Empty when the item is missing or shares no word with any statement.
 */
export async function textMatches(
  db: Db,
  contentId: string,
  excludeIds: readonly string[],
  { limit, terms, frequencyCap }: { limit: number; terms: number; frequencyCap: number },
): Promise<TextMatchRow[]> {
  return rows<TextMatchRow>(
    db,
    sql`WITH ${itemVector(contentId)}, ${STATEMENT_TEXT},
      statement_terms AS (
        SELECT s.id, t.lexeme FROM statement_text s, unnest(to_tsvector('english', s.text)) t
        WHERE t.lexeme ~ '[a-z]' AND length(t.lexeme) > 1),
      idf AS (
        SELECT lexeme, ln((SELECT count(*) FROM knowledge_item)::float8 / count(*)) AS idf
        FROM statement_terms GROUP BY lexeme),
      statement_norm AS (
        SELECT st.id, sqrt(sum(idf.idf ^ 2)) AS norm FROM statement_terms st JOIN idf USING (lexeme) GROUP BY st.id),
      shared_terms AS (
        SELECT it.lexeme, it.tf, idf.idf FROM item_terms it JOIN idf USING (lexeme)
        WHERE idf.idf > 0 ORDER BY it.tf DESC, it.lexeme LIMIT ${terms}),
      catalogue AS (SELECT greatest(count(*), 1)::float8 AS n FROM content),
      item_vector AS (
        SELECT t.lexeme, t.idf, t.tf * t.idf * ln(1 + catalogue.n / greatest(1, (
            SELECT count(*) FROM (SELECT 1 FROM content c WHERE c.search_vector @@ quote_literal(t.lexeme)::tsquery
                                  LIMIT ${frequencyCap}) d))) AS w
        FROM shared_terms t, catalogue),
      item_norm AS (SELECT sqrt(sum(w ^ 2)) AS norm FROM item_vector)
      SELECT st.id AS "knowledgeId",
        (sum(iv.w * iv.idf) / nullif(sn.norm * (SELECT norm FROM item_norm), 0))::float8 AS similarity,
        array_agg(st.lexeme ORDER BY iv.w * iv.idf DESC) AS lexemes
      FROM statement_terms st
      JOIN item_vector iv USING (lexeme)
      JOIN statement_norm sn USING (id)
      WHERE NOT (st.id = ANY(${textArray(excludeIds)}))
      GROUP BY st.id, sn.norm
      ORDER BY similarity DESC NULLS LAST, st.id
      LIMIT ${limit}`,
  );
}

/**
 * The item's most telling words for finding similar items: of its `candidates` most frequent lexemes,
 * the `limit` with the highest tf × ln(items / items holding the word), the document frequency counted
 * up to `frequencyCap` items through the search index.
 */
export async function keyTerms(
  db: Db,
  contentId: string,
  { candidates, limit, frequencyCap }: { candidates: number; limit: number; frequencyCap: number },
): Promise<string[]> {
  const found = await rows<{ lexeme: string }>(
    db,
    sql`WITH ${itemVector(contentId)},
      frequent AS (SELECT lexeme, tf FROM item_terms ORDER BY tf DESC, lexeme LIMIT ${candidates}),
      total AS (SELECT count(*)::float8 AS n FROM content)
      SELECT f.lexeme FROM frequent f, total
      ORDER BY f.tf * ln(total.n / greatest(1, (
        SELECT count(*) FROM (SELECT 1 FROM content c WHERE c.search_vector @@ quote_literal(f.lexeme)::tsquery
                              LIMIT ${frequencyCap}) d))) DESC, f.lexeme
      LIMIT ${limit}`,
  );
  return found.map((r) => r.lexeme);
}

export interface NeighbourRow {
  id: string;
  name: string;
  rank: number;
  knowledgeIds: string[];
}

/**
 * The aligned items (other than the item, not archived) most similar to the item: those matching any
 * of `terms`, by `ts_rank`, with their alignments.
 */
export async function alignedNeighbours(
  db: Db,
  contentId: string,
  terms: readonly string[],
  limit: number,
): Promise<NeighbourRow[]> {
  if (terms.length === 0) return [];
  const query: SQL = sql`(SELECT string_agg(quote_literal(t), ' | ') FROM unnest(${textArray(terms)}) t)::tsquery`;
  return rows<NeighbourRow>(
    db,
    sql`WITH q AS (SELECT ${query} AS q)
      SELECT c.id, c.name, ts_rank(c.search_vector, q.q)::float8 AS rank,
        array(SELECT ck.knowledge_id FROM content_knowledge ck WHERE ck.content_id = c.id ORDER BY ck.knowledge_id) AS "knowledgeIds"
      FROM content c, q
      WHERE c.search_vector @@ q.q AND c.id <> ${contentId} AND c.listing_status <> 'archived'
        AND EXISTS (SELECT 1 FROM content_knowledge ck WHERE ck.content_id = c.id)
      ORDER BY rank DESC, c.id
      LIMIT ${limit}`,
  );
}

export interface StatementRow {
  id: string;
  type: KnowledgeType;
  code: string;
  name: string;
  /** The text matched (lead-in dropped; CyBOK topics and keywords added). */
  text: string;
}

/** The knowledge items of `ids` with their text as matched. */
export async function statementsOf(db: Db, ids: readonly string[]): Promise<StatementRow[]> {
  if (ids.length === 0) return [];
  return rows<StatementRow>(
    db,
    sql`WITH ${STATEMENT_TEXT}
      SELECT k.id, k.type, k.code, k.name, s.text FROM knowledge_item k JOIN statement_text s USING (id)
      WHERE k.id = ANY(${textArray(ids)})`,
  );
}

/** The lexemes (stems) of each word, as the English configuration makes them; stop words give none. */
export async function lexemesOfWords(db: Db, words: readonly string[]): Promise<Map<string, string[]>> {
  if (words.length === 0) return new Map();
  const found = await rows<{ word: string; lexemes: string[] }>(
    db,
    sql`SELECT w AS word, tsvector_to_array(to_tsvector('english', w)) AS lexemes FROM unnest(${textArray(words)}) w`,
  );
  return new Map(found.map((r) => [r.word, r.lexemes]));
}

/** Whether the item exists (any status: only editors ask). */
export async function contentExists(db: Db, contentId: string): Promise<boolean> {
  const found = await rows<{ id: string }>(db, sql`SELECT id FROM content WHERE id = ${contentId}`);
  return found.length > 0;
}

/** The knowledge ids the item is aligned with or a curator rejected for it: never suggested again. */
export async function settledKnowledgeIds(db: Db, contentId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`SELECT knowledge_id AS id FROM content_knowledge WHERE content_id = ${contentId}
        UNION SELECT knowledge_id FROM alignment_decision WHERE content_id = ${contentId} AND decision = 'rejected'`,
  );
  return found.map((r) => r.id);
}

export interface DecisionRow {
  contentId: string;
  knowledgeId: string;
  decision: AlignmentDecision;
  score: number;
  rank: number;
  decidedAt: Date | string;
}

/** Records (or replaces) a curator's decision on a suggestion. */
export async function upsertDecision(
  db: Db,
  row: Omit<DecisionRow, 'decidedAt'> & { decidedBy: string | null },
): Promise<DecisionRow> {
  const [saved] = await rows<DecisionRow>(
    db,
    sql`INSERT INTO alignment_decision (content_id, knowledge_id, decision, score, rank, decided_by)
        VALUES (${row.contentId}, ${row.knowledgeId}, ${row.decision}, ${row.score}, ${row.rank}, ${row.decidedBy})
        ON CONFLICT (content_id, knowledge_id) DO UPDATE SET decision = EXCLUDED.decision, score = EXCLUDED.score,
          rank = EXCLUDED.rank, decided_by = EXCLUDED.decided_by, decided_at = now()
        RETURNING content_id AS "contentId", knowledge_id AS "knowledgeId", decision, score::float8 AS score, rank,
          decided_at AS "decidedAt"`,
  );
  return saved!;
}

/** Whether a knowledge item exists. */
export async function knowledgeExists(db: Db, knowledgeId: string): Promise<boolean> {
  const found = await rows<{ id: string }>(db, sql`SELECT id FROM knowledge_item WHERE id = ${knowledgeId}`);
  return found.length > 0;
}

/** Every recorded decision (for the benchmark's acceptance figures), oldest first. */
export async function allDecisions(db: Db): Promise<DecisionRow[]> {
  return rows<DecisionRow>(
    db,
    sql`SELECT content_id AS "contentId", knowledge_id AS "knowledgeId", decision, score::float8 AS score, rank,
          decided_at AS "decidedAt" FROM alignment_decision ORDER BY decided_at, content_id, knowledge_id`,
  );
}
