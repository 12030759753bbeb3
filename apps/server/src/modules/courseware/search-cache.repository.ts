/**
 * Searches already worked out (migration 0014): rows of `search_cache` keyed by a digest, valid for the
 * search generation they were computed in and for SEARCH_CACHE_TTL_SECONDS. Shared by every instance
 * through the database. Only SQL lives here; what a value holds is the search service's business.
 */
import { sql } from 'drizzle-orm';
import { SEARCH_CACHE_TTL_SECONDS } from '@portal/shared/limits';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';

/** The current search generation and the value kept under a key in it (undefined when none). */
export interface CacheRead {
  generation: number;
  value: unknown;
}

const ttl = sql`(${SEARCH_CACHE_TTL_SECONDS} * interval '1 second')`;

/**
 * Reads the current search generation and the value of `key` computed in it, in one query. A value of
 * an earlier generation or older than the TTL is not returned.
 */
export async function readSearchCache(db: Db, key: string): Promise<CacheRead> {
  const [found] = await rows<{ generation: string | number; value: unknown }>(
    db,
    sql`SELECT g.generation, c.value FROM search_generation g
        LEFT JOIN search_cache c ON c.key = ${key} AND c.generation = g.generation
          AND c.created_at > now() - ${ttl}
        WHERE g.id = 1`,
  );
  return { generation: Number(found?.generation ?? 0), value: found?.value ?? undefined };
}

/**
 * Stores each entry's value under its key for `generation` (replacing what the key held), in one
 * transaction, and deletes entries past the TTL. The commit does not wait for the disk: an entry lost
 * in a crash is only computed again.
 */
export async function writeSearchCache(
  db: Db,
  generation: number,
  entries: readonly { key: string; value: unknown }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
    for (const entry of entries) {
      await tx.execute(
        sql`INSERT INTO search_cache (key, generation, value) VALUES (${entry.key}, ${generation}, ${JSON.stringify(entry.value)}::jsonb)
            ON CONFLICT (key) DO UPDATE SET generation = excluded.generation, value = excluded.value, created_at = now()`,
      );
    }
    await tx.execute(sql`DELETE FROM search_cache WHERE created_at < now() - ${ttl}`);
  });
}
