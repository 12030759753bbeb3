/**
 * The query language of search (README "Search"), pure (no I/O): a text query split into terms; terms
 * grouped into required parts, each widened by prefix, stem and acronym alternatives; the to_tsquery
 * operators of every part (AND), any part (OR) and the partial-match tiers; which terms a spelling
 * correction may replace; the plan a query searches for, and its groups as carried in a page token.
 */
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { ACRONYM_EXPANSIONS_MAX } from '@portal/shared/limits';
import type { AcronymUse } from './acronyms.js';
import type { TextQuery } from './search-ranking.repository.js';
import type { TermInVocabulary } from './search-vocabulary.repository.js';

/** Maximum number of terms of a text query that are searched. */
export const MAX_TERMS = 8;
/** Catalogue words tried in place of one misspelt term. */
export const FUZZY_ALTERNATIVES = 3;
/** Most alternatives of one group: the term itself and its acronym expansions (or fuzzy words). */
const GROUP_ALTERNATIVES_MAX = Math.max(FUZZY_ALTERNATIVES, 1 + ACRONYM_EXPANSIONS_MAX);

/** Lower-case alphanumeric terms of a query. */
export function searchTerms(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
}

/** Marks a term that matches as a prefix (in term groups and page tokens). */
export const PREFIX_MARK = '*';

/**
 * One required part of a text query: alternatives, any of which matches (a term, or the closest
 * catalogue words for a misspelt one, or an acronym and its expansions). An alternative is one or
 * more words separated by spaces, all required; a word ending in PREFIX_MARK matches as a prefix, any
 * other word as a word with its stem forms.
 */
export type Group = string[];

/** to_tsquery text of one group. */
function groupTsquery(alternatives: Group): string {
  const word = (t: string) => (t.endsWith(PREFIX_MARK) ? `'${t.slice(0, -1)}':*` : `'${t}'`);
  const alternative = (a: string) => {
    const words = a.split(' ');
    return words.length === 1 ? word(words[0]!) : `(${words.map(word).join(' & ')})`;
  };
  return `(${alternatives.map(alternative).join(' | ')})`;
}

/** to_tsquery text of every group (AND) or of any group (OR). */
function tsqueryOf(groups: Group[], operator: '&' | '|' = '&'): string {
  return groups.map(groupTsquery).join(` ${operator} `);
}

/** Index sets of size k of 0..n−1 (n at most MAX_TERMS, so at most 70 sets). */
function combinations(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  const result: number[][] = [];
  for (let first = 0; first <= n - k; first++) {
    for (const rest of combinations(n - first - 1, k - 1))
      result.push([first, ...rest.map((r) => r + first + 1)]);
  }
  return result;
}

/**
 * The partial-match query (issue: no dead end): candidate tiers "at least k groups" for k from n−1
 * down to 1, so the items with most words come first.
 */
export function partialQuery(groups: Group[]): TextQuery {
  const each = groups.map(groupTsquery);
  const tiers: string[] = [];
  for (let k = groups.length - 1; k >= 1; k--) {
    tiers.push(
      combinations(groups.length, k)
        .map((set) => `(${set.map((i) => each[i]).join(' & ')})`)
        .join(' | '),
    );
  }
  return { tsquery: tsqueryOf(groups, '|'), partial: { tiers } };
}

/** A group as the query typed it, with what the correction may do with it. */
export interface QueryUnit {
  group: Group;
  /** The single term a misspelling correction may replace; undefined for acronym runs. */
  term?: string;
}

/**
 * The groups of a query: a term that is a whole word of the catalogue's vocabulary matches that
 * word (and its stem forms: "attack" finds attacks, attacker); any other term, such as a word being
 * cut short ("netw"), matches as a prefix; stop words are left out. A run of terms spelling an
 * acronym's expansion becomes one group with the acronym as an alternative, and an acronym gains
 * its expansions (acronyms.ts).
 */
export function queryUnits(
  terms: string[],
  vocabulary: Map<string, TermInVocabulary>,
  uses: AcronymUse[],
): QueryUnit[] {
  const asWord = (t: string) => (vocabulary.get(t)?.isWord ? t : `${t}${PREFIX_MARK}`);
  const units: QueryUnit[] = [];
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i]!;
    const use = uses.find((u) => u.start === i);
    const words = (ws: string[]) => ws.filter((w) => !vocabulary.get(w)?.isStopWord).join(' ');
    if (use && use.length > 1) {
      const run = words(terms.slice(i, i + use.length));
      units.push({ group: [run, ...use.alternatives.map(words)].filter(Boolean) });
      i += use.length - 1;
    } else if (use) {
      units.push({
        group: [asWord(term), ...use.alternatives.map(words)].slice(0, GROUP_ALTERNATIVES_MAX),
        term,
      });
    } else if (!vocabulary.get(term)?.isStopWord) {
      units.push({ group: [asWord(term)], term });
    }
  }
  return units.filter((u) => u.group.length > 0);
}

/** Groups as carried in a page token: only letters, digits, spaces and prefix marks reach to_tsquery. */
const GroupsSchema = z
  .array(
    z
      .array(z.string().regex(/^[\p{L}\p{N}]+\*?( [\p{L}\p{N}]+\*?)*$/u))
      .min(1)
      .max(GROUP_ALTERNATIVES_MAX),
  )
  .min(1)
  .max(MAX_TERMS);

export function parseGroups(text: string): Group[] {
  try {
    const parsed = GroupsSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw new AppError(
    'invalid_input',
    'The page token is not valid for this list. Start again from the first page.',
    { field: 'nextPageToken' },
  );
}

/** What a text query searches for after correction and widening, and what it tells the caller. */
export interface SearchPlan {
  groups: Group[];
  correctedQuery: string | null;
  isPartialMatch: boolean;
  alsoSearchedFor: string[];
}

/** The ranking query of a plan. */
export function textOf(plan: SearchPlan): TextQuery {
  return plan.isPartialMatch ? partialQuery(plan.groups) : { tsquery: tsqueryOf(plan.groups) };
}

/**
 * The spelling input of a unit: the term a misspelling correction may replace, or undefined when the
 * unit keeps its group (an acronym run or an acronym with expansions, a term shorter than 3 letters, a
 * term that starts a catalogue word). `vocabulary` is the lookup of the terms (lookUpTerms).
 */
export function correctableTerm(
  unit: QueryUnit,
  vocabulary: Map<string, TermInVocabulary>,
): string | undefined {
  const term = unit.term;
  if (!term || unit.group.length > 1 || term.length < 3 || vocabulary.get(term)?.startsWord) return undefined;
  return term;
}

/** The corrected query as the caller reads it: each group's first alternative, without prefix marks. */
export function correctedQueryOf(groups: Group[]): string {
  return groups.map((alts) => (alts[0] ?? '').replaceAll(PREFIX_MARK, '')).join(' ');
}
