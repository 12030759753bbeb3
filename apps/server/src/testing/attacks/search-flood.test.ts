/**
 * Attacks on search, as tests (issue 33 "The search cache can be filled by anyone"): `Server-Timing`
 * stages that told a visitor whether someone had searched a phrase lately. Against the real app on a
 * real database, with a catalogue where `lab` finds more than a page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { content } from '../../db/schema/courseware.js';
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

const forgetKeptSearches = () => ctx.database.db.execute(sql`DELETE FROM search_cache`);

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
