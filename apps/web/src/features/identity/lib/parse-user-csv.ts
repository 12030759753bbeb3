/**
 * Reads a user-import CSV (001 §3 User import row: name, e-mail and role; issue 13: an optional business
 * unit) with papaparse. The first line names the columns, in any order and case; "e-mail", "email
 * address" and "mail" are read as email, "organization" and "unit" as business unit.
 * Cells are trimmed; the rows are checked by the server's preview, not here.
 */
import Papa from 'papaparse';
import { USER_IMPORT_ROWS_MAX } from '@portal/shared/limits';
import type { UserImportRow } from '@portal/shared/schemas/identity';

export interface ParsedUserCsv {
  rows: UserImportRow[];
  /** Problems with the file itself (missing columns, broken quoting, too many rows). */
  problems: string[];
}

const COLUMN_NAMES: Record<string, keyof UserImportRow> = {
  name: 'name',
  fullname: 'name',
  displayname: 'name',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  role: 'role',
  businessunit: 'businessUnit',
  organization: 'businessUnit',
  organisation: 'businessUnit',
  unit: 'businessUnit',
};

function columnOf(header: string): string {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  return COLUMN_NAMES[key] ?? header.trim().toLowerCase();
}

/** Parses the text of a CSV file. */
export function parseUserCsv(text: string): ParsedUserCsv {
  const result = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: columnOf,
  });
  const problems: string[] = [];
  const fields = result.meta.fields ?? [];
  const missing = (['name', 'email', 'role'] as const).filter((column) => !fields.includes(column));
  if (missing.length > 0) {
    problems.push(
      `The first line must name the columns name, email and role; ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing.`,
    );
  }
  // Rows with too few or too many cells are left to the preview, which marks them row by row.
  for (const error of result.errors.filter((e) => e.type !== 'FieldMismatch').slice(0, 5)) {
    problems.push(`The file could not be read: ${error.message}.`);
  }
  if (result.data.length === 0 && missing.length === 0) problems.push('The file has no rows.');
  if (result.data.length > USER_IMPORT_ROWS_MAX)
    problems.push(
      `The file has ${result.data.length} rows; at most ${USER_IMPORT_ROWS_MAX} can be imported at once.`,
    );
  const rows = result.data.map((record) => ({
    name: (record.name ?? '').trim(),
    email: (record.email ?? '').trim(),
    role: (record.role ?? '').trim(),
    ...(fields.includes('businessUnit') ? { businessUnit: (record.businessUnit ?? '').trim() } : {}),
  }));
  return { rows, problems };
}

/** The text of a chosen file (FileReader, which every browser and the test DOM have). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}
