import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLines } from './csv.js';

/** Formula and DDE payloads (OWASP CSV injection), with line breaks around and inside them. */
const FORMULA_PAYLOADS = [
  '=1+1',
  '=HYPERLINK("http://evil.example","open")\n',
  '=HYPERLINK("http://evil.example",\n"open")',
  "+cmd|' /C calc'!A0",
  '-2+3',
  '@SUM(1)',
  '\t=1',
  '\r=1',
  "=cmd|' /C notepad'!'A1'",
  '=DDE("cmd";"/C calc";"!A0")A0',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\n=1+1',
  '\r\n=1+1\r\n',
  ' =1+1',
  '=1+1\u2028x',
  '=\u00e9t\u00e9()',
  '-\u{1F600}',
];

describe('csvCell', () => {
  it('prefixes a quote to every formula payload, whatever follows or surrounds it', () => {
    for (const payload of FORMULA_PAYLOADS)
      expect(csvCell(payload), JSON.stringify(payload)).toBe(`'${payload}`);
  });

  it('leaves ordinary text alone', () => {
    for (const text of [
      'Grace',
      'Hopper, Grace',
      '2026-02-01T12:00:00.000Z',
      '',
      '  ',
      "O'Neil",
      'a=b',
      'x\n=1',
    ]) {
      expect(csvCell(text), JSON.stringify(text)).toBe(text);
    }
  });
});

describe('csvLines', () => {
  it('reads back with papaparse as the escaped cells, line breaks kept', () => {
    const rows = FORMULA_PAYLOADS.map((payload) => ['id', payload]);
    const parsed = Papa.parse<string[]>(csvLines(rows), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual(FORMULA_PAYLOADS.map((payload) => ['id', `'${payload}`]));
  });
});
