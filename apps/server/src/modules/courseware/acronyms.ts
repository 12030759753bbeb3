/**
 * Acronyms of the field in search (issue: acronyms of the field): learning the pairs a text spells
 * out ("Identity and Access Management (IAM)") and finding, in a query, the acronyms and expansions
 * to search as well. Pure functions; the pairs come from search_acronym and CURATED_ACRONYMS.
 */
import { ACRONYM_WORDS_MAX } from '@portal/shared/limits';

/** An acronym and its expansion, lower case words. */
export interface AcronymPair {
  acronym: string;
  expansion: string;
}

/** Small words an acronym skips ("Identity and Access Management" is IAM). */
const LINKING_WORDS = new Set(['and', 'of', 'the', 'for', 'to', 'in', 'on', 'a', 'an', 'by', 'with', '&']);

/** Whether `word` can stand for acronym letter `letter` by its first letter ("Cross" for X too). */
function startsWithLetter(word: string, letter: string): boolean {
  return word.startsWith(letter) || (letter === 'x' && /^(cross|trans|ex)/.test(word));
}

/**
 * Whether the letters spell the words: each word that is not a linking word gives its first letter
 * (or, for X, "cross"/"trans"/"ex") and may give later letters of itself in order ("PowerShell" PS).
 */
function spells(letters: string, words: readonly string[]): boolean {
  if (words.length === 0) return letters.length === 0;
  const [word, ...rest] = words as [string, ...string[]];
  if (LINKING_WORDS.has(word) && spells(letters, rest)) return true;
  if (letters.length === 0 || !startsWithLetter(word, letters[0]!)) return false;
  // The word gives its first letter, then possibly more of its own letters in order.
  let position = 1;
  for (let taken = 1; taken <= letters.length; taken++) {
    if (spells(letters.slice(taken), rest)) return true;
    const next = letters[taken];
    if (next === undefined) break;
    const found = word.indexOf(next, position);
    if (found < 0) break;
    position = found + 1;
  }
  return false;
}

/** Lower-case words of a text, hyphens and other marks as spaces. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The pairs that hold among candidates found in the catalogue's texts: the fewest last words before
 * the parenthesis that the acronym spells, starting with a word that is not a linking word. A plural
 * acronym ("IDSs") is learned singular.
 */
export function learnAcronyms(candidates: readonly { words: string; acronym: string }[]): AcronymPair[] {
  const learned = new Map<string, AcronymPair>();
  for (const candidate of candidates) {
    const acronym = candidate.acronym.replace(/(?<=[A-Z0-9])s$/, '').toLowerCase();
    const words = wordsOf(candidate.words).slice(-ACRONYM_WORDS_MAX);
    for (let start = words.length - 1; start >= 0; start--) {
      const tail = words.slice(start);
      if (LINKING_WORDS.has(tail[0]!) || !spells(acronym, tail)) continue;
      if (tail.length > 1) {
        const expansion = tail.join(' ');
        learned.set(`${acronym} ${expansion}`, { acronym, expansion });
      }
      break;
    }
  }
  return [...learned.values()];
}

/** A run of query terms standing for an acronym's expansion, or a term that is an acronym. */
export interface AcronymUse {
  /** Index of the first term of the run, and how many terms it covers. */
  start: number;
  length: number;
  /** What to search as well: words (of an expansion) or one acronym. */
  alternatives: string[][];
  /** What the page shows in "Also searched for". */
  labels: string[];
}

/** The non-linking words of an expansion, which a query must hold in order, side by side. */
function keyWords(expansion: string): string[] {
  return wordsOf(expansion).filter((w) => !LINKING_WORDS.has(w));
}

/**
 * The acronym uses of a query's terms, longest expansions first, not overlapping: a run of terms that
 * spells an expansion (linking words between them ignored) is searched as its acronym too, and a term
 * that is an acronym as its expansions too (at most `maxAlternatives`).
 */
export function findAcronymUses(
  terms: readonly string[],
  pairs: readonly AcronymPair[],
  maxAlternatives: number,
): AcronymUse[] {
  const uses: AcronymUse[] = [];
  const taken = new Set<number>();
  const byLength = [...pairs].sort((a, b) => keyWords(b.expansion).length - keyWords(a.expansion).length);
  for (const pair of byLength) {
    const keys = keyWords(pair.expansion);
    if (keys.length < 2) continue;
    for (let start = 0; start < terms.length; start++) {
      let t = start;
      let k = 0;
      while (t < terms.length && k < keys.length) {
        if (terms[t] === keys[k]) k++;
        else if (!(LINKING_WORDS.has(terms[t]!) && k > 0)) break;
        t++;
      }
      const covered = Array.from({ length: t - start }, (_, i) => start + i);
      if (k === keys.length && covered.every((i) => !taken.has(i))) {
        covered.forEach((i) => taken.add(i));
        uses.push({
          start,
          length: t - start,
          alternatives: [[pair.acronym]],
          labels: [pair.acronym.toUpperCase()],
        });
      }
    }
  }
  for (const [index, term] of terms.entries()) {
    if (taken.has(index)) continue;
    const expansions = [...new Set(pairs.filter((p) => p.acronym === term).map((p) => p.expansion))].slice(
      0,
      maxAlternatives,
    );
    if (expansions.length === 0) continue;
    uses.push({ start: index, length: 1, alternatives: expansions.map(keyWords), labels: expansions });
  }
  return uses.sort((a, b) => a.start - b.start);
}
