/** Runs a raw SQL query on either driver and returns its rows. */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** An ISO timestamp from a driver value (Date or string). */
export function isoTimestamp(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
