/**
 * The OWASP ASVS 5.0 level 2 checklist (`docs/security/asvs-l2.md`) stays complete and checkable: its
 * counts line is the count of its rows, every row has one of the three statuses and says where or why,
 * every `met` row names a file of the repository, every file any row names exists, identifiers are
 * unique and in the standard's order, and the rows are exactly the level 1 and 2 requirements of
 * ASVS 5.0.0, chapter by chapter. The document's introduction says how to keep it true.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The repository root (apps/server/src/security → ../../../..). */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CHECKLIST_PATH = 'docs/security/asvs-l2.md';

/**
 * Level 1 and level 2 requirements per chapter of ASVS 5.0.0 (OWASP/ASVS, tag `v5.0.0_release`, commit
 * 5cf9b032440be53ce345ab3c130fda46ba1ce7a2, the chapter files `5.0/en/0x10-V1-…` to `0x26-V17-WebRTC.md`):
 * 253 in all. A newer ASVS version needs new rows in the document and new numbers here.
 */
const ASVS_5_0_0_LEVEL_1_AND_2_PER_CHAPTER: Readonly<Record<string, number>> = {
  V1: 27,
  V2: 11,
  V3: 19,
  V4: 10,
  V5: 9,
  V6: 35,
  V7: 18,
  V8: 7,
  V9: 7,
  V10: 29,
  V11: 14,
  V12: 9,
  V13: 13,
  V14: 9,
  V15: 13,
  V16: 16,
  V17: 7,
};
const ASVS_5_0_0_LEVEL_1_AND_2_TOTAL = 253;
/**
 * SHA-256 (hex) of those 253 requirements as `<id>\t<level>\t<text>\n` each, in order, the text as the
 * chapter files write it (Markdown escapes kept): the checklist quotes the standard word for word.
 */
const ASVS_5_0_0_LEVEL_1_AND_2_SHA256 = 'd8b4e3bd4c1c92f2ceb46126bda0646e7df3ad41032f1b2aa5d406f7b0701f03';

const STATUSES = ['met', 'not met', 'n/a'] as const;
type Status = (typeof STATUSES)[number];
/** The levels the checklist covers: level 2 takes in level 1. */
const LEVELS = ['1', '2'];

/** The one line of counts, in the form the document's introduction fixes. */
const COUNTS_LINE =
  /^\*\*Met:\*\* (\d+) · \*\*Not met:\*\* (\d+) · \*\*Not applicable:\*\* (\d+) · \*\*Total:\*\* (\d+)$/gm;
const REQUIREMENT_ID = /^\d+\.\d+\.\d+$/;
/** A file named with a line number, `apps/server/src/lib/latex.ts:257`. */
const LINE_SUFFIX = /:(\d+)$/;
/** Folders and files at the repository root that are not part of it, so never a named path. */
const NOT_REPOSITORY_ENTRIES = new Set(['.git', 'node_modules']);

interface Row {
  id: string;
  level: string;
  requirement: string;
  status: string;
  where: string;
}

/** Cells of a Markdown table line, trimmed (no cell of the checklist holds a `|`). */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** Every table line of the document: the requirement rows, and the lines that are neither rows nor headers. */
function readTables(text: string): { rows: Row[]; strayLines: string[] } {
  const rows: Row[] = [];
  const strayLines: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) continue;
    const cells = cellsOf(line);
    const isHeader = cells[0] === 'ID';
    const isSeparator = cells.every((cell) => /^:?-+:?$/.test(cell));
    if (isHeader || isSeparator) continue;
    const [id, level, requirement, status, where] = cells;
    if (cells.length !== 5 || !id || !REQUIREMENT_ID.test(id)) {
      strayLines.push(line);
      continue;
    }
    rows.push({ id, level: level!, requirement: requirement!, status: status!, where: where! });
  }
  return { rows, strayLines };
}

/** The entries at the repository root: a backticked name that starts with one of them is a path. */
const rootEntries = new Set(fs.readdirSync(REPO_ROOT).filter((name) => !NOT_REPOSITORY_ENTRIES.has(name)));

/** The repository paths a Where / why cell names in backticks (with an optional `:line`). */
function pathsIn(where: string): string[] {
  return [...where.matchAll(/`([^`]+)`/g)]
    .map((match) => match[1]!)
    .filter((token) => !/\s/.test(token) && rootEntries.has(token.split('/')[0]!));
}

/** Whether a named path exists, and when it carries `:line`, whether the file has that line. */
function pathExists(named: string): boolean {
  const line = LINE_SUFFIX.exec(named);
  const file = path.join(REPO_ROOT, line ? named.slice(0, line.index) : named);
  if (!fs.existsSync(file)) return false;
  if (!line) return true;
  return fs.readFileSync(file, 'utf8').split('\n').length >= Number(line[1]);
}

const text = fs.readFileSync(path.join(REPO_ROOT, CHECKLIST_PATH), 'utf8');
const { rows, strayLines } = readTables(text);

describe('the ASVS 5.0 level 2 checklist', () => {
  it('has one counts line, and its numbers are the rows of each status', () => {
    const lines = [...text.matchAll(COUNTS_LINE)];
    expect(
      lines,
      'exactly one line "**Met:** N · **Not met:** N · **Not applicable:** N · **Total:** N"',
    ).toHaveLength(1);
    const [, met, notMet, notApplicable, total] = lines[0]!.map(Number);
    const count = (status: Status) => rows.filter((row) => row.status === status).length;
    expect({ met, notMet, notApplicable, total }).toEqual({
      met: count('met'),
      notMet: count('not met'),
      notApplicable: count('n/a'),
      total: rows.length,
    });
  });

  it('holds only requirement rows in its tables', () => {
    expect(strayLines).toEqual([]);
  });

  it('gives every requirement one of the three statuses, its text, and where or why', () => {
    const unknown = rows.filter((row) => !(STATUSES as readonly string[]).includes(row.status));
    expect(unknown.map((row) => `${row.id}: ${row.status}`)).toEqual([]);
    const empty = rows.filter((row) => row.requirement === '' || row.where === '');
    expect(empty.map((row) => row.id)).toEqual([]);
  });

  it('names an existing file in every met row, and only existing files in every row', () => {
    const metWithoutPath = rows.filter((row) => row.status === 'met' && pathsIn(row.where).length === 0);
    expect(metWithoutPath.map((row) => row.id)).toEqual([]);
    const missing = rows.flatMap((row) =>
      pathsIn(row.where)
        .filter((named) => !pathExists(named))
        .map((named) => `${row.id}: ${named}`),
    );
    expect(missing).toEqual([]);
  });

  it('lists each requirement once, in the order of the standard', () => {
    const ids = rows.map((row) => row.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const key = (id: string) => id.split('.').map(Number);
    const sorted = [...ids].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    });
    expect(ids).toEqual(sorted);
  });

  it('holds exactly the level 1 and 2 requirements of ASVS 5.0.0, chapter by chapter', () => {
    expect(rows.filter((row) => !LEVELS.includes(row.level)).map((row) => row.id)).toEqual([]);
    const perChapter: Record<string, number> = {};
    for (const row of rows) {
      const chapter = `V${row.id.split('.')[0]}`;
      perChapter[chapter] = (perChapter[chapter] ?? 0) + 1;
    }
    expect(perChapter).toEqual(ASVS_5_0_0_LEVEL_1_AND_2_PER_CHAPTER);
    expect(rows).toHaveLength(ASVS_5_0_0_LEVEL_1_AND_2_TOTAL);
  });

  it('quotes every requirement of ASVS 5.0.0 word for word, with its level', () => {
    const quoted = rows.map((row) => `${row.id}\t${row.level}\t${row.requirement}\n`).join('');
    expect(crypto.createHash('sha256').update(quoted).digest('hex')).toBe(ASVS_5_0_0_LEVEL_1_AND_2_SHA256);
  });
});
