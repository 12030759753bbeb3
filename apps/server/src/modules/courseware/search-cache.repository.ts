/**
 * Searches already worked out (migrations 0014, 0020): rows of `search_cache` keyed by a digest, valid for
 * the search generation they were computed in and for SEARCH_CACHE_TTL_SECONDS, and the sightings of
 * first pages (`search_sighting`) that decide whether a search is worth keeping at all. Shared by every
 * instance through the database. Both tables hold at most their cap (SEARCH_CACHE_ENTRIES_MAX,
 * SEARCH_SIGHTINGS_MAX): each write removes what the cap leaves out, the oldest write first, through an
 * index (bounded work per write); what expires goes by `sweepSearchCache`, run on a schedule. Only SQL
 * lives here; what a value holds is the search service's business.
 */
import { sql } from 'drizzle-orm';
import {
  SEARCH_CACHE_ENTRIES_MAX,
  SEARCH_CACHE_TTL_SECONDS,
  SEARCH_SIGHTINGS_MAX,
} from '@portal/shared/limits';
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
 * transaction, then removes the entries written before the last SEARCH_CACHE_ENTRIES_MAX writes. The
 * commit does not wait for the disk: an entry lost in a crash is only computed again.
 */
export async function writeSearchCache(
  db: Db,
  generation: number,
  entries: readonly { key: string; value: unknown }[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
    let newest = 0;
    for (const entry of entries) {
      const [written] = await rows<{ write_order: string | number }>(
        tx,
        sql`INSERT INTO search_cache (key, generation, value) VALUES (${entry.key}, ${generation}, ${JSON.stringify(entry.value)}::jsonb)
            ON CONFLICT (key) DO UPDATE SET generation = excluded.generation, value = excluded.value,
              created_at = now(), write_order = nextval('search_cache_write_order_seq')
            RETURNING write_order`,
      );
      newest = Math.max(newest, Number(written!.write_order));
    }
    await tx.execute(
      sql`DELETE FROM search_cache WHERE write_order <= ${newest - SEARCH_CACHE_ENTRIES_MAX}::bigint`,
    );
  });
}

/**
 * Counts one more sighting of the first page `key` in `generation` and returns how many there have been
 * in it (1: seen now for the first time, or again only after a change of generation or the TTL). Removes
 * the sightings written before the last SEARCH_SIGHTINGS_MAX, in the same statement.
 */
export async function countSighting(db: Db, key: string, generation: number): Promise<number> {
  const isCurrent = sql`search_sighting.generation = excluded.generation AND search_sighting.first_seen_at > now() - ${ttl}`;
  const [seen] = await rows<{ count: number }>(
    db,
    sql`WITH seen AS (
          INSERT INTO search_sighting (key, generation) VALUES (${key}, ${generation})
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN ${isCurrent} THEN search_sighting.count + 1 ELSE 1 END,
            first_seen_at = CASE WHEN ${isCurrent} THEN search_sighting.first_seen_at ELSE now() END,
            generation = excluded.generation,
            write_order = nextval('search_sighting_write_order_seq')
          RETURNING count, write_order
        ), capped AS (
          DELETE FROM search_sighting
          WHERE write_order <= (SELECT write_order FROM seen) - ${SEARCH_SIGHTINGS_MAX}::bigint AND key <> ${key}
        )
        SELECT count FROM seen`,
  );
  return Number(seen!.count);
}

/**
 * Deletes kept searches and sightings past the TTL or of an earlier generation (run on a schedule by the
 * courseware module). Returns how many rows of each went.
 */
export async function sweepSearchCache(db: Db): Promise<{ entries: number; sightings: number }> {
  const current = sql`(SELECT generation FROM search_generation WHERE id = 1)`;
  const [swept] = await rows<{ entries: number; sightings: number }>(
    db,
    sql`WITH entries AS (
          DELETE FROM search_cache WHERE created_at < now() - ${ttl} OR generation < ${current} RETURNING 1
        ), sightings AS (
          DELETE FROM search_sighting WHERE first_seen_at < now() - ${ttl} OR generation < ${current} RETURNING 1
        )
        SELECT (SELECT count(*)::int FROM entries) AS entries, (SELECT count(*)::int FROM sightings) AS sightings`,
  );
  return { entries: Number(swept?.entries ?? 0), sightings: Number(swept?.sightings ?? 0) };
}
