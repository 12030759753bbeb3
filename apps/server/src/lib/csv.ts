/**
 * CSV text for exports (001 §9 CSV export, the newsletter subscriber list): RFC 4180 lines ended by
 * CRLF, a field quoted only when it holds a comma, quote or line break, by papaparse. Every cell goes
 * through `csvCell` first, so a spreadsheet opening the file never runs user text as a formula (OWASP
 * CSV injection; issue 20). Every CSV the portal writes is made here.
 */
import Papa from 'papaparse';

/** The line ending of every CSV the portal writes. */
const CSV_NEWLINE = '\r\n';

/** Characters that make a spreadsheet read a cell as a formula (or DDE call) when they start it. */
const FORMULA_TRIGGERS = '=+-@';
/** Characters a spreadsheet may skip before a formula trigger. */
const LEADING_BLANKS = ' \t\r\n';

/**
 * A cell as it may be written to a CSV file: one that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return (or with such a trigger after spaces and line breaks), whatever follows, line breaks
 * included, gets a leading `'`, which spreadsheets show as text and never evaluate; any other cell is
 * unchanged. Reading the file back, a cell that starts with `'` followed by a trigger is the original
 * with that one `'` in front.
 */
export function csvCell(value: string): string {
  let first = 0;
  while (first < value.length && LEADING_BLANKS.includes(value[first]!)) first += 1;
  const isFormula =
    value.startsWith('\t') || value.startsWith('\r') || FORMULA_TRIGGERS.includes(value[first] ?? ' ');
  return isFormula ? `'${value}` : value;
}

/**
 * `rows` as CSV lines, each ended by CRLF, each cell through `csvCell`: chunks of one file can be
 * written one after another. An empty list is the empty string.
 */
export function csvLines(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  return (
    Papa.unparse(
      rows.map((row) => row.map(csvCell)),
      // The cells are escaped above: papaparse's own check misses a formula followed by a line break.
      { header: false, newline: CSV_NEWLINE, escapeFormulae: false },
    ) + CSV_NEWLINE
  );
}
