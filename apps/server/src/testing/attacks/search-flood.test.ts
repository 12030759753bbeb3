/**
 * Attacks on search, as tests (issue 33 "The search cache can be filled by anyone"): a flood of one-off
 * searches that each left a ranking in `search_cache`, and `Server-Timing` stages that told a visitor
 * whether someone had searched a phrase lately.
 * Against the real app on a real database, with a catalogue where `lab` finds more than a page.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SEARCH_CACHE_ENTRIES_MAX, SEARCH_SIGHTINGS_MAX } from '@portal/shared/limits';
import { SearchContentResponseSchema } from '@portal/shared/schemas/courseware';
import { buildApp } from '../../app.js';
import { content } from '../../db/schema/courseware.js';
import { rows } from '../../db/rows.js';
import { htmlToText } from '../../lib/html.js';
import { METRICS_TOKEN_HEADER } from '../../lib/metrics-token.js';
import { parseServerTiming } from '../../lib/server-timing.js';
import { refreshSearchIndex } from '../../modules/courseware/courseware.service.js';
import { useTestApp } from '../use-test-app.js';

const METRICS_TOKEN = 'search-flood-test-metrics-token-0123456789';
const { ctx } = useTestApp({ tree: true, env: { METRICS_TOKEN } });

/** Published labs beside the tree's, so that `lab` ranks more than a page for a visitor. */
const LABS = 30;
const TOPICS = ['Firewall', 'Packet Capture', 'Password Cracking', 'SQL Injection', 'Buffer Overflow'];

beforeAll(async () => {
  for (let i = 0; i < LABS; i++) {
    const name = `${TOPICS[i % TOPICS.length]} Lab ${i + 1}`;
    const description = `<p>A hands-on lab on ${TOPICS[i % TOPICS.length]!.toLowerCase()}.</p>`;
    await ctx.database.db.insert(content).values({
      name,
      urlAlias: `flood-lab-${i + 1}`,
      status: 'published',
      categories: ['exercise'],
      description,
      descriptionText: htmlToText(description),
    });
  }
  await refreshSearchIndex(ctx.database.db);
});

const search = (query: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/content/search?${query}`, remoteAddress, headers });

const count = async (table: 'search_cache' | 'search_sighting') =>
  (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n;

const forgetKeptSearches = async () => {
  await ctx.database.db.execute(sql`DELETE FROM search_cache`);
  await ctx.database.db.execute(sql`DELETE FROM search_sighting`);
};

/** A word no catalogue holds and no correction comes near: eight random letters. */
const randomWord = () =>
  Array.from(crypto.randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join('');

describe('a flood of one-off searches', () => {
  it('150 anonymous one-off searches keep no ranking and no plan, and the sightings stay under their cap', async () => {
    await forgetKeptSearches();
    for (let i = 0; i < 150; i++) {
      // Each falls back to the items with some of its words: all the labs, more than a page.
      const res = await search(`q=lab%20${randomWord()}`, '198.51.100.7');
      expect(res.statusCode, res.body).toBe(200);
      const body = SearchContentResponseSchema.parse(res.json());
      expect(body.isPartialMatch).toBe(true);
      expect(body.nextPageToken).not.toBeNull();
    }
    expect(await count('search_cache')).toBe(0);
    expect(await count('search_sighting')).toBeLessThanOrEqual(Math.min(150, SEARCH_SIGHTINGS_MAX));
  });

  it('a cache full to its cap makes room for a second page’s ranking by its oldest entry alone', async () => {
    await forgetKeptSearches();
    await ctx.database.db.execute(
      sql`INSERT INTO search_cache (key, generation, value)
          SELECT 'filler:' || n, g.generation, '{}'::jsonb
          FROM generate_series(1, ${SEARCH_CACHE_ENTRIES_MAX}) n, search_generation g ORDER BY n`,
    );
    const first = SearchContentResponseSchema.parse((await search('q=lab', '198.51.100.8')).json());
    const second = await search(`q=lab&nextPageToken=${first.nextPageToken}`, '198.51.100.8');
    expect(second.statusCode, second.body).toBe(200);
    expect(await count('search_cache')).toBe(SEARCH_CACHE_ENTRIES_MAX);
    const [oldest] = await rows<{ key: string }>(
      ctx.database.db,
      sql`SELECT key FROM search_cache ORDER BY write_order LIMIT 1`,
    );
    expect(oldest!.key).toBe('filler:2');
    const third = await search(
      `q=lab&nextPageToken=${SearchContentResponseSchema.parse(second.json()).nextPageToken}`,
      '198.51.100.8',
    );
    expect(third.statusCode, third.body).toBe(200);
    await forgetKeptSearches();
  });
});

describe('Server-Timing', () => {
  it('tells an anonymous caller only the total, whether someone searched the phrase before or not', async () => {
    await forgetKeptSearches();
    const stagesOf = async (headers: Record<string, string> = {}) =>
      Object.keys(
        parseServerTiming((await search('q=lab', '192.0.2.10', headers)).headers['server-timing'] as string),
      );
    for (let i = 0; i < 3; i++) expect(await stagesOf()).toEqual(['total']);
    expect(await stagesOf({ [METRICS_TOKEN_HEADER]: 'not-the-token' })).toEqual(['total']);
    // The operator's probe, with METRICS_TOKEN, sees where the time went: here a kept ranking's page.
    expect(await stagesOf({ [METRICS_TOKEN_HEADER]: METRICS_TOKEN })).toEqual(
      expect.arrayContaining(['cache', 'page', 'total']),
    );
  });

  describe('where SERVER_TIMING_DETAILS is set (a developer’s machine)', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp({
        config: { ...ctx.config, isServerTimingDetailed: true, isJobWorker: false },
        database: ctx.database,
        fileStore: ctx.fileStore,
        logger: false,
      });
      await app.ready();
    });
    afterAll(async () => app.close());

    it('names every stage to any caller', async () => {
      const res = await app.inject({ url: '/api/v1/content/search?q=firewall', remoteAddress: '192.0.2.11' });
      expect(Object.keys(parseServerTiming(res.headers['server-timing'] as string))).toEqual(
        expect.arrayContaining(['cache', 'total']),
      );
    });
  });
});
