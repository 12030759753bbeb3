/**
 * Searches worked out once (issue "Search speed regained"), kept only when asked for again (issue 33):
 * the second page of a query keeps its ranking for the pages after it, a query repeated keeps its plan and
 * ranking, and any change to the catalogue ends what was kept. What a client sees: the same pages with and
 * without the kept ranking, and the stages in `Server-Timing` (asked for with the metrics token).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ContentSchema,
  SearchContentResponseSchema,
  toUpdateRequest,
} from '@portal/shared/schemas/courseware';
import type { Role } from '@portal/shared/enums';
import { rows } from '../../db/rows.js';
import { METRICS_TOKEN_HEADER } from '../../lib/metrics-token.js';
import { parseServerTiming } from '../../lib/server-timing.js';
import { useTestApp } from '../../testing/use-test-app.js';
import {
  countSighting,
  readSearchCache,
  sweepSearchCache,
  writeSearchCache,
} from './search-cache.repository.js';

const METRICS_TOKEN = 'search-cache-test-metrics-token-0123456789';
const { ctx, tree, as } = useTestApp({ tree: true, env: { METRICS_TOKEN } });

async function search(query: string, role?: Role, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/content/search?${query}`,
    headers: { ...(await as(role)), [METRICS_TOKEN_HEADER]: METRICS_TOKEN, ...headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    body: SearchContentResponseSchema.parse(res.json()),
    stages: parseServerTiming(res.headers['server-timing'] as string | undefined),
  };
}

/** Every page of `query` (limit 1), with the stages each page took. */
async function allPages(query: string, role?: Role) {
  const pages: Awaited<ReturnType<typeof search>>[] = [];
  let token: string | null = null;
  do {
    const page = await search(`${query}${token ? `&nextPageToken=${token}` : ''}`, role);
    pages.push(page);
    token = page.body.nextPageToken;
  } while (token);
  return pages;
}

/** Forgets the kept searches and the sightings of first pages. */
const forgetKeptSearches = async () => {
  await ctx.database.db.execute(sql`DELETE FROM search_cache`);
  await ctx.database.db.execute(sql`DELETE FROM search_sighting`);
};

describe('kept searches', () => {
  it('serve the pages after the second from the ranking it kept, the same pages a new ranking gives', async () => {
    await forgetKeptSearches();
    const kept = await allPages('limit=1&q=lab', 'contenteditor');
    expect(kept).toHaveLength(3);
    // A first page seen once keeps nothing; asking for its second page ranks again and keeps the ranking.
    expect(kept[0]!.stages).toHaveProperty('rank');
    expect(kept[1]!.stages).toHaveProperty('rank');
    for (const page of kept.slice(2)) {
      expect(page.stages).toHaveProperty('page');
      expect(page.stages).not.toHaveProperty('rank');
    }
    await forgetKeptSearches();
    const ranked = kept.map((page) => page.body);
    // Without a kept ranking each later page ranks again from its token's keyset.
    let token = ranked[0]!.nextPageToken;
    for (const expected of ranked.slice(1)) {
      await forgetKeptSearches();
      const again = await search(`limit=1&q=lab&nextPageToken=${token}`, 'contenteditor');
      expect(again.stages).toHaveProperty('rank');
      expect(again.body.items.map((i) => i.id)).toEqual(expected.items.map((i) => i.id));
      expect(again.body.total).toBe(expected.total);
      expect(again.body.facets).toEqual(expected.facets);
      token = again.body.nextPageToken;
    }
    expect(token).toBeNull();
  });

  it('are the caller’s own visibility: a visitor never pages through what an editor’s search kept', async () => {
    await forgetKeptSearches();
    await allPages('limit=1&q=lab', 'contenteditor');
    const visitor = await allPages('limit=1&q=lab', undefined);
    expect(visitor.flatMap((p) => p.body.items.map((i) => i.name))).toEqual(['Cross-Site Scripting Lab']);
  });

  it('correct a misspelt query until it repeats: from then on the same query reuses the correction', async () => {
    await forgetKeptSearches();
    const first = await search('q=scriptng');
    expect(first.body.correctedQuery).toBe('scripting');
    expect(first.stages).toHaveProperty('spelling');
    const second = await search('q=scriptng');
    expect(second.stages).toHaveProperty('spelling');
    const third = await search('q=scriptng');
    for (const later of [second, third]) {
      expect(later.body.correctedQuery).toBe('scripting');
      expect(later.body.items.map((i) => i.id)).toEqual(first.body.items.map((i) => i.id));
    }
    expect(third.stages).not.toHaveProperty('spelling');
    expect(third.stages).not.toHaveProperty('words');
  });

  it('end with any change to the catalogue, so a renamed item leaves the next page', async () => {
    await forgetKeptSearches();
    const first = await search('limit=1&q=lab', 'contenteditor');
    expect(first.body.items.map((i) => i.id)).not.toContain(tree.unlisted);
    const cache = await readSearchCache(ctx.database.db, 'probe');
    await writeSearchCache(ctx.database.db, cache.generation, [{ key: 'probe', value: { ids: [] } }]);
    expect((await readSearchCache(ctx.database.db, 'probe')).value).toEqual({ ids: [] });

    const headers = await as('contenteditor');
    const unlisted = ContentSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/content/${tree.unlisted}`, headers })).json(),
    );
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/content/${tree.unlisted}`,
      headers,
      payload: {
        ...toUpdateRequest(unlisted),
        name: 'Unlisted Sniffing Exercise',
        description: '<p>Capture packets on a shared segment.</p>',
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const after = await readSearchCache(ctx.database.db, 'probe');
    expect(after.generation).toBeGreaterThan(cache.generation);
    expect(after.value).toBeUndefined();
    const seen = [...first.body.items.map((i) => i.id)];
    let token = first.body.nextPageToken;
    while (token) {
      const page = await search(`limit=1&q=lab&nextPageToken=${token}`, 'contenteditor');
      seen.push(...page.body.items.map((i) => i.id));
      token = page.body.nextPageToken;
    }
    expect(seen).not.toContain(tree.unlisted);
    expect(seen).toContain(tree.hidden);
  });

  it('serve a repeated first page from its kept ranking, the page a new ranking gives', async () => {
    await forgetKeptSearches();
    const first = await search('limit=1&q=lab', 'contenteditor');
    expect(first.stages).toHaveProperty('rank');
    expect(first.body.nextPageToken).not.toBeNull();
    // Seen a second time, the query ranks once more and keeps its ranking; the third reads it.
    const second = await search('limit=1&q=lab', 'contenteditor');
    expect(second.stages).toHaveProperty('rank');
    expect(second.body).toEqual(first.body);
    const again = await search('limit=1&q=lab', 'contenteditor');
    expect(again.stages).toHaveProperty('page');
    expect(again.stages).not.toHaveProperty('rank');
    expect(again.body).toEqual(first.body);
    // A caller who may see less has a ranking of its own, not the editor's.
    const visitor = await search('limit=1&q=lab');
    expect(visitor.stages).toHaveProperty('rank');
    expect(visitor.body.total).toBeLessThan(first.body.total);
    // Cache-Control: no-cache works the search out anew, with the same answer.
    const fresh = await search('limit=1&q=lab', 'contenteditor', { 'cache-control': 'no-cache' });
    expect(fresh.stages).toHaveProperty('rank');
    expect(fresh.stages).not.toHaveProperty('page');
    expect(fresh.body).toEqual(first.body);
    const freshNext = await search(
      `limit=1&q=lab&nextPageToken=${fresh.body.nextPageToken}`,
      'contenteditor',
      {
        'cache-control': 'no-cache',
      },
    );
    expect(freshNext.stages).toHaveProperty('rank');
    expect(freshNext.body.items).toEqual(
      (await search(`limit=1&q=lab&nextPageToken=${first.body.nextPageToken}`, 'contenteditor')).body.items,
    );
  });

  it('are not written again by a search asked anew while its generation keeps them, and are after eviction', async () => {
    await forgetKeptSearches();
    // What a request writes: the kept entries and the first pages' sightings, each with its write order.
    const writes = async () =>
      rows<{ key: string; writeOrder: string }>(
        ctx.database.db,
        sql`SELECT key, write_order::text AS "writeOrder" FROM search_cache
            UNION ALL SELECT 'sighting ' || key, write_order::text FROM search_sighting ORDER BY 1`,
      );
    const first = await search('limit=1&q=lab', 'contenteditor');
    await search('limit=1&q=lab', 'contenteditor');
    const kept = await writes();
    // The plan and the ranking of the query, and its sighting.
    expect(kept).toHaveLength(3);
    const fresh = await search('limit=1&q=lab', 'contenteditor', { 'cache-control': 'no-cache' });
    expect(fresh.stages).toHaveProperty('rank');
    expect(fresh.body).toEqual(first.body);
    const next = `limit=1&q=lab&nextPageToken=${first.body.nextPageToken}`;
    await search(next, 'contenteditor', { 'cache-control': 'no-cache' });
    expect(await writes()).toEqual(kept);
    // The ranking evicted: the next visitor of the query ranks it again and keeps it again.
    await ctx.database.db.execute(sql`DELETE FROM search_cache WHERE key LIKE 'result:%'`);
    const again = await search('limit=1&q=lab', 'contenteditor');
    expect(again.stages).toHaveProperty('rank');
    expect(again.body).toEqual(first.body);
    const rewritten = await writes();
    expect(rewritten.map((w) => w.key)).toEqual(kept.map((w) => w.key));
    expect(rewritten).not.toEqual(kept);
    const fromKept = await search('limit=1&q=lab', 'contenteditor');
    expect(fromKept.stages).not.toHaveProperty('rank');
  });

  it('say where a search spent its time in Server-Timing', async () => {
    const { stages } = await search('q=cross%20site%20scripting');
    for (const stage of ['cache', 'rank', 'serialise', 'total'])
      expect(stages[stage], stage).toBeGreaterThanOrEqual(0);
    expect(stages.total).toBeGreaterThanOrEqual(stages.rank!);
  });

  it('count a first page’s sightings per generation: a change of the catalogue starts again at one', async () => {
    await forgetKeptSearches();
    const { generation } = await readSearchCache(ctx.database.db, 'probe');
    expect(await countSighting(ctx.database.db, 'plan:probe', generation)).toBe(1);
    expect(await countSighting(ctx.database.db, 'plan:probe', generation)).toBe(2);
    expect(await countSighting(ctx.database.db, 'plan:probe', generation + 1)).toBe(1);
  });

  it('are swept once past their TTL or their generation, and the current ones stay', async () => {
    await forgetKeptSearches();
    const db = ctx.database.db;
    const { generation } = await readSearchCache(db, 'probe');
    await writeSearchCache(db, generation, [
      { key: 'current', value: { ids: [] } },
      { key: 'expired', value: { ids: [] } },
    ]);
    await writeSearchCache(db, generation - 1, [{ key: 'earlier generation', value: { ids: [] } }]);
    await countSighting(db, 'current', generation);
    await countSighting(db, 'expired', generation);
    const longAgo = sql`now() - interval '1 day'`;
    await db.execute(sql`UPDATE search_cache SET created_at = ${longAgo} WHERE key = 'expired'`);
    await db.execute(sql`UPDATE search_sighting SET first_seen_at = ${longAgo} WHERE key = 'expired'`);
    expect(await sweepSearchCache(db)).toEqual({ entries: 2, sightings: 1 });
    const keys = async (table: string) =>
      (await rows<{ key: string }>(db, sql`SELECT key FROM ${sql.raw(table)} ORDER BY key`)).map(
        (r) => r.key,
      );
    expect(await keys('search_cache')).toEqual(['current']);
    expect(await keys('search_sighting')).toEqual(['current']);
  });
});
