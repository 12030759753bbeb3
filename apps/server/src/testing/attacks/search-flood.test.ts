/**
 * Attacks on search, as tests (issue 33 "The search cache can be filled by anyone"): a flood of one-off
 * searches that each left a ranking in `search_cache`, an unlimited number of anonymous searches from one
 * address, and `Server-Timing` stages that told a visitor whether someone had searched a phrase lately.
 * Against the real app on a real database, with a catalogue where `lab` finds more than a page.
 */
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  SEARCH_ANONYMOUS_RATE_MAX,
  SEARCH_ANONYMOUS_RATE_WINDOW_MS,
  SEARCH_CACHE_ENTRIES_MAX,
  SEARCH_SIGHTINGS_MAX,
} from '@portal/shared/limits';
import { ErrorBodySchema } from '@portal/shared/schemas/error-body';
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
const { ctx, as } = useTestApp({ tree: true, env: { METRICS_TOKEN } });

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

describe('anonymous searches from one network', () => {
  // The window is counted on the server's clock; held still here, so that a slow machine cannot let the
  // window end while the class is still searching.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() }));
  afterEach(() => vi.useRealTimers());

  it('a class of 40 behind one address searches within the allowance; one more is refused with 429 and Retry-After', async () => {
    const school = '203.0.113.40';
    const students = 40;
    const queries = ['lab', 'firewall lab', 'sql injection', 'packet capture', 'password'];
    const perStudent = Math.floor(SEARCH_ANONYMOUS_RATE_MAX / students);
    // The class searches the same few topics at once and pages through them.
    await Promise.all(
      Array.from({ length: students }, async (_, student) => {
        let token: string | null = null;
        for (let i = 0; i < perStudent; i++) {
          const q = encodeURIComponent(queries[(student + i) % queries.length]!);
          const res = await search(`q=${q}&limit=5${token ? `&nextPageToken=${token}` : ''}`, school);
          expect(res.statusCode, res.body).toBe(200);
          token = i % 3 === 2 ? null : SearchContentResponseSchema.parse(res.json()).nextPageToken;
        }
      }),
    );
    for (let i = perStudent * students; i < SEARCH_ANONYMOUS_RATE_MAX; i++)
      expect((await search('q=lab', school)).statusCode).toBe(200);

    const refused = await search('q=lab', school);
    expect(refused.statusCode).toBe(429);
    expect(ErrorBodySchema.parse(refused.json()).code).toBe('rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(SEARCH_ANONYMOUS_RATE_WINDOW_MS / 1000);

    // A student signed in from the same school, another network, and the operator's probe go on.
    expect((await search('q=lab', school, await as('student'))).statusCode).toBe(200);
    expect((await search('q=lab', '203.0.113.41')).statusCode).toBe(200);
    expect((await search('q=lab', school, { [METRICS_TOKEN_HEADER]: METRICS_TOKEN })).statusCode).toBe(200);
    expect((await search('q=lab', school, { [METRICS_TOKEN_HEADER]: 'not-the-token' })).statusCode).toBe(429);
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
