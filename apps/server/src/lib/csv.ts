/**
 * CSV text for exports (001 §9 CSV export, the newsletter subscriber list): RFC 4180 lines ended by
 * CRLF, a field quoted only when it holds a comma, quote or line break, by papaparse. A cell that
 * starts with = + - @ (or a tab or carriage return) is prefixed with a quote mark, so a spreadsheet
 * opening the file never runs user text as a formula (CSV injection).
 */
import Papa from 'papaparse';

/** The line ending of every CSV the portal writes. */
const CSV_NEWLINE = '\r\n';

/**
 * `rows` as CSV lines, each ended by CRLF: chunks of one file can be written one after another.
 * An empty list is the empty string.
 */
export function csvLines(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  return (
    Papa.unparse(rows as string[][], { header: false, newline: CSV_NEWLINE, escapeFormulae: true }) +
    CSV_NEWLINE
  );
}
