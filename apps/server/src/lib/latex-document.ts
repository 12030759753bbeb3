/**
 * The parts of a SEED Labs handout (latex.ts converts their text): its sections, its title and its
 * copyright holders.
 */
import { latexInlineToText, readGroup, stripLatexComments } from './latex.js';

/** A sectioning command of a handout, with its plain title and where its body starts and ends. */
export interface LatexSection {
  title: string;
  body: string;
}

/** The `\section{...}` parts of a document body (comments stripped), in order. */
export function latexSections(tex: string): LatexSection[] {
  const clean = stripLatexComments(tex);
  const pattern = /\\section\*?(?=\{)/g;
  const starts: { title: string; from: number; at: number }[] = [];
  for (let m = pattern.exec(clean); m; m = pattern.exec(clean)) {
    const group = readGroup(clean, m.index + m[0].length);
    if (!group) continue;
    starts.push({ title: latexInlineToText(group.content), from: group.end, at: m.index });
  }
  const endOfDocument = clean.indexOf('\\end{document}');
  return starts.map((s, k) => ({
    title: s.title,
    body: clean.slice(s.from, starts[k + 1]?.at ?? (endOfDocument >= 0 ? endOfDocument : clean.length)),
  }));
}

/**
 * The handout's title: the text of the `{\LARGE ...}` line of its title block, else the `\lhead`
 * running head without its "SEED Labs --" prefix.
 */
export function latexTitle(tex: string): string | undefined {
  const clean = stripLatexComments(tex);
  const large = /\{\\LARGE\b/.exec(clean);
  if (large) {
    const group = readGroup(clean, large.index);
    if (group) {
      const title = latexInlineToText(group.content.replace(/^\\LARGE\b/, ''));
      if (title) return title;
    }
  }
  const head = /\\lhead\{/.exec(clean);
  if (head) {
    const group = readGroup(clean, head.index + '\\lhead'.length);
    if (group) return latexInlineToText(group.content).replace(/^SEED Labs\s*[–-]+\s*/i, '') || undefined;
  }
  return undefined;
}

/** A copyright holder as a handout names it. */
export interface CopyrightHolder {
  name: string;
  school?: string;
}

const COPYRIGHT =
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- reads only the handouts shipped in ../shared/data (seed import), never a client's text
  /Copyright(?:\s+©)?(?:\s+\d{4}(?:\s*[–-]\s*\d{4})?)?\s+by\s+(.+?)(?:\s+at\s+(.+?))?\.?\s+This work/g;

/**
 * The copyright holders a handout states, in its licence comment block ("Copyright by Wenliang Du.")
 * and in a visible notice before its first section ("Copyright © 2021 by A, B, and C at School."),
 * in order of appearance, each name once.
 */
export function latexCopyrightHolders(tex: string): CopyrightHolder[] {
  // The licence block is a run of `%%` comment lines; read it as text.
  const headerComment = tex
    .split(/\r?\n/)
    .filter((line) => line.startsWith('%%'))
    .map((line) => line.replace(/%+/g, ' '))
    .join(' ');
  const clean = stripLatexComments(tex);
  const firstSection = clean.search(/\\section\b/);
  const beforeFirstSection = firstSection >= 0 ? clean.slice(0, firstSection) : clean;
  const texts = [headerComment.replace(/\s+/g, ' '), latexInlineToText(beforeFirstSection)];
  const holders: CopyrightHolder[] = [];
  const seen = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(COPYRIGHT)) {
      const school = match[2]?.replace(/\s+/g, ' ').trim();
      for (const raw of (match[1] ?? '').replace(/\s+/g, ' ').split(/ ?, ?(?:and )?| and /)) {
        const name = raw.replace(/\s+/g, ' ').trim();
        if (!name) continue;
        const key = name.toLowerCase();
        const known = holders.find((h) => h.name.toLowerCase() === key);
        if (known) {
          known.school ??= school;
          continue;
        }
        if (seen.has(key)) continue;
        seen.add(key);
        holders.push(school ? { name, school } : { name });
      }
    }
  }
  return holders;
}
