/** Runs a raw SQL query on either driver and returns its rows. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** An ISO timestamp from a driver value (Date or string). */
export function isoTimestamp(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** One array literal, every element quoted (`"` and `\` escaped), sent as a single parameter. */
function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** A PostgreSQL text[] of `values`, as one bound parameter (any length, including none). */
export function textArray(values: readonly string[]): SQL {
  return sql`${arrayLiteral(values)}::text[]`;
}

/** A PostgreSQL uuid[] of `values`, as one bound parameter; the server refuses a value that is no uuid. */
export function uuidArray(values: readonly string[]): SQL {
  return sql`${arrayLiteral(values)}::uuid[]`;
}

/** Milliseconds as an interval expression (negative values count as 0, fractions are rounded). */
export function millis(ms: number): SQL {
  return sql`(${Math.max(0, Math.round(ms))} * interval '1 millisecond')`;
}
