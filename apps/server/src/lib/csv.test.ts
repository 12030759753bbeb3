import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { FORMULA_PAYLOADS } from '../testing/csv-payloads.js';
import { csvCell, csvLines } from './csv.js';

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
