/**
 * Suggested alignments for curators (issue 25): "Suggest alignments" in the content editor proposes TKS,
 * KSA, KU statements and CyBOK areas for an item from its own text, with the words that matched and a
 * score, and records whether the curator accepted or rejected each.
 *
 * Method (no model, nothing downloaded): two signals, each 0–1, mixed by ALIGNMENT_TEXT_WEIGHT —
 * 1. text: PostgreSQL full-text similarity between the item (name, keywords, description, sections,
 *    files' text) and each statement (stemmed, lead-in dropped), as a TF-IDF cosine, relative to the
 *    item's best statement;
 * 2. neighbours: the ALIGNMENT_NEIGHBOURS aligned items most like the item (a full-text query of its most
 *    telling words) vote for their alignments, each vote weighted by the neighbour's rank.
 * Statements the item already has, and those a curator rejected for it, are never suggested.
 */
import { AppError, MESSAGES } from '@portal/shared/errors';
import {
  ALIGNMENT_DOCUMENT_FREQUENCY_CAP,
  ALIGNMENT_KEY_TERMS,
  ALIGNMENT_MATCHED_WORDS_MAX,
  ALIGNMENT_NEIGHBOURS,
  ALIGNMENT_SCORE_MIN,
  ALIGNMENT_SHARED_TERMS,
  ALIGNMENT_SUGGESTIONS_MAX,
  ALIGNMENT_SUGGESTIONS_PER_TYPE_MAX,
  ALIGNMENT_TEXT_WEIGHT,
} from '@portal/shared/limits';
import type { KnowledgeType } from '@portal/shared/enums';
import type {
  AlignmentDecisionRecord,
  AlignmentDecisionRequest,
  AlignmentSuggestion,
  AlignmentSuggestionList,
} from '@portal/shared/schemas/alignment-suggestions';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import * as repo from './alignment-suggestions.repository.js';

/** How many statements the text signal hands on to be mixed with the votes. */
const TEXT_CANDIDATES = ALIGNMENT_SUGGESTIONS_MAX * 6;
/** Of how many of the item's most frequent words the most telling are picked for the neighbour search. */
const KEY_TERM_CANDIDATES = ALIGNMENT_KEY_TERMS * 6;

/** A word of a statement's text: letters and digits (plain text from the data, never HTML). */
const WORD = /[\p{L}\p{N}]+/gu;

/** A suggestion before its statement is read: its scores and evidence. */
interface Candidate {
  knowledgeId: string;
  textScore: number;
  neighbourScore: number;
  score: number;
  lexemes: string[];
  neighbours: string[];
}

/**
 * Suggests alignments for an item: at most ALIGNMENT_SUGGESTIONS_MAX, each scoring at least
 * ALIGNMENT_SCORE_MIN, best first; of one `type` only when given, else no more than
 * ALIGNMENT_SUGGESTIONS_PER_TYPE_MAX of each type.
 * `db` may be a transaction (the benchmark holds an item's own alignments out in one it rolls back).
 * @throws AppError not_found when the item does not exist
 */
export async function suggestAlignments(
  db: Db,
  contentId: string,
  { type }: { type?: KnowledgeType } = {},
): Promise<AlignmentSuggestionList> {
  if (!(await repo.contentExists(db, contentId))) {
    throw new AppError('not_found', MESSAGES.contentNotFound);
  }
  const settled = await repo.settledKnowledgeIds(db, contentId);
  const [matches, terms] = await Promise.all([
    repo.textMatches(db, contentId, settled, {
      limit: TEXT_CANDIDATES,
      terms: ALIGNMENT_SHARED_TERMS,
      frequencyCap: ALIGNMENT_DOCUMENT_FREQUENCY_CAP,
    }),
    repo.keyTerms(db, contentId, {
      candidates: KEY_TERM_CANDIDATES,
      limit: ALIGNMENT_KEY_TERMS,
      frequencyCap: ALIGNMENT_DOCUMENT_FREQUENCY_CAP,
    }),
  ]);
  const neighbours = await repo.alignedNeighbours(db, contentId, terms, ALIGNMENT_NEIGHBOURS);

  const candidates = new Map<string, Candidate>();
  const candidateOf = (knowledgeId: string) => {
    let found = candidates.get(knowledgeId);
    if (!found) {
      found = { knowledgeId, textScore: 0, neighbourScore: 0, score: 0, lexemes: [], neighbours: [] };
      candidates.set(knowledgeId, found);
    }
    return found;
  };
  const bestSimilarity = Math.max(0, ...matches.map((m) => m.similarity));
  for (const match of matches) {
    if (bestSimilarity <= 0) break;
    const candidate = candidateOf(match.knowledgeId);
    candidate.textScore = match.similarity / bestSimilarity;
    candidate.lexemes = match.lexemes;
  }
  const settledIds = new Set(settled);
  const totalRank = neighbours.reduce((sum, n) => sum + n.rank, 0);
  for (const neighbour of neighbours) {
    if (totalRank <= 0) break;
    for (const knowledgeId of neighbour.knowledgeIds) {
      if (settledIds.has(knowledgeId)) continue;
      const candidate = candidateOf(knowledgeId);
      candidate.neighbourScore += neighbour.rank / totalRank;
      candidate.neighbours.push(neighbour.name);
    }
  }
  for (const candidate of candidates.values()) {
    candidate.neighbourScore = Math.min(1, candidate.neighbourScore);
    candidate.score =
      ALIGNMENT_TEXT_WEIGHT * candidate.textScore + (1 - ALIGNMENT_TEXT_WEIGHT) * candidate.neighbourScore;
  }
  const ranked = [...candidates.values()]
    .filter((c) => c.score >= ALIGNMENT_SCORE_MIN)
    .sort((a, b) => b.score - a.score || a.knowledgeId.localeCompare(b.knowledgeId));

  const statements = new Map(
    (
      await repo.statementsOf(
        db,
        ranked.map((c) => c.knowledgeId),
      )
    ).map((s) => [s.id, s]),
  );
  const perType = new Map<KnowledgeType, number>();
  const picked: { candidate: Candidate; statement: repo.StatementRow }[] = [];
  for (const candidate of ranked) {
    const statement = statements.get(candidate.knowledgeId);
    if (!statement || (type && statement.type !== type)) continue;
    const count = perType.get(statement.type) ?? 0;
    if (!type && count >= ALIGNMENT_SUGGESTIONS_PER_TYPE_MAX) continue;
    perType.set(statement.type, count + 1);
    picked.push({ candidate, statement });
    if (picked.length === ALIGNMENT_SUGGESTIONS_MAX) break;
  }

  const words = await matchedWordsOf(db, picked);
  const items: AlignmentSuggestion[] = picked.map(({ candidate, statement }) => ({
    knowledgeId: statement.id,
    type: statement.type,
    code: statement.code,
    name: statement.name,
    score: round(candidate.score),
    textScore: round(candidate.textScore),
    neighbourScore: round(candidate.neighbourScore),
    matchedWords: words.get(statement.id) ?? [],
    neighbours: candidate.neighbours,
  }));
  return { items, nextPageToken: null };
}

/**
 * The words of each picked statement's text whose stems matched the item, in the order of the stems'
 * weight, one word per stem, at most ALIGNMENT_MATCHED_WORDS_MAX: what the curator reads as "matched".
 */
async function matchedWordsOf(
  db: Db,
  picked: readonly { candidate: Candidate; statement: repo.StatementRow }[],
): Promise<Map<string, string[]>> {
  const wordsOf = new Map(
    picked.map(({ statement }) => [
      statement.id,
      statement.text.match(WORD)?.map((w) => w.toLowerCase()) ?? [],
    ]),
  );
  const lexemes = await repo.lexemesOfWords(db, [...new Set([...wordsOf.values()].flat())]);
  const result = new Map<string, string[]>();
  for (const { candidate, statement } of picked) {
    const byLexeme = new Map<string, string>();
    for (const word of wordsOf.get(statement.id) ?? []) {
      for (const lexeme of lexemes.get(word) ?? []) if (!byLexeme.has(lexeme)) byLexeme.set(lexeme, word);
    }
    const words = candidate.lexemes.flatMap((lexeme) => {
      const word = byLexeme.get(lexeme);
      return word ? [word] : [];
    });
    result.set(statement.id, [...new Set(words)].slice(0, ALIGNMENT_MATCHED_WORDS_MAX));
  }
  return result;
}

/** A score to three decimals (what the editor shows and the decision keeps). */
const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Records a curator's accept or reject of a suggestion for an item (a later choice replaces an earlier
 * one). Accepting does not save the alignment: the editor adds it to the form, and the curator's save
 * keeps it with the rest of the item, under the item's version check.
 * @throws AppError not_found when the item or the knowledge item does not exist
 */
export async function recordAlignmentDecision(
  db: Db,
  contentId: string,
  request: AlignmentDecisionRequest,
  decidedBy: string | null,
): Promise<AlignmentDecisionRecord> {
  if (!(await repo.contentExists(db, contentId))) {
    throw new AppError('not_found', MESSAGES.contentNotFound);
  }
  if (!(await repo.knowledgeExists(db, request.knowledgeId))) {
    throw new AppError('not_found', MESSAGES.knowledgeNotFound, {
      issues: [{ field: 'body.knowledgeId', message: MESSAGES.knowledgeNotFound }],
    });
  }
  const saved = await repo.upsertDecision(db, { contentId, ...request, decidedBy });
  return {
    contentId: saved.contentId,
    knowledgeId: saved.knowledgeId,
    decision: saved.decision,
    score: round(saved.score),
    rank: saved.rank,
    decidedAt: isoTimestamp(saved.decidedAt),
  };
}

/** Every recorded decision, oldest first (the benchmark's acceptance figures). */
export async function listAlignmentDecisions(db: Db): Promise<repo.DecisionRow[]> {
  return repo.allDecisions(db);
}
