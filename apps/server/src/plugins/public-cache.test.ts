/**
 * Shared caching of public answers (issue 39): signed-out pages and anonymous API answers carry
 * `public, s-maxage` and an ETag built from what they depend on, a matching If-None-Match is answered 304
 * with no body, an edit of the catalogue or of the news changes the ETag, and nothing signed-in (a bearer,
 * a cookie) is ever marked for a shared cache.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_API_S_MAXAGE_SECONDS,
  PUBLIC_GENERATION_RECHECK_MS,
  PUBLIC_PAGE_S_MAXAGE_SECONDS,
} from '@portal/shared/limits';
import { content } from '../db/schema/courseware.js';
import { news } from '../db/schema/news.js';
import { useTestApp } from '../testing/use-test-app.js';
import { buildWebDistApp } from '../testing/web-dist.js';

const { ctx, tree, as } = useTestApp({ tree: true, env: { FEATURE_NEWS: 'true' } });

let web: FastifyInstance;

beforeAll(async () => {
  web = await buildWebDistApp(ctx, 'web-cache');
});

afterAll(async () => {
  await web?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  web.inject({ method: 'GET', url, headers });
/** Waits until an instance reads the catalogue's generation again. */
const generationRecheck = () => sleep(PUBLIC_GENERATION_RECHECK_MS + 50);

describe('a signed-out page', () => {
  it('is public for shared caches, with an ETag, and no cookie', async () => {
    const res = await get('/courseware');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(
      `public, max-age=0, s-maxage=${PUBLIC_PAGE_S_MAXAGE_SECONDS}, stale-while-revalidate=300`,
    );
    expect(res.headers.etag).toMatch(/^W\/"[\w-]+\.\d+\.\d+"$/);
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers a matching If-None-Match with 304 and no body, and a stale one with the page', async () => {
    const first = await get('/');
    const etag = String(first.headers.etag);
    const again = await get('/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toContain('s-maxage=');
    const other = await get('/', { 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<div id="root">');
  });

  it('gets a new ETag when the catalogue changes, and when the news does', async () => {
    const before = String((await get('/')).headers.etag);
    await ctx.database.db.update(content).set({ name: 'Renamed lab' }).where(eq(content.id, tree.lab));
    await generationRecheck();
    const afterContent = await get('/', { 'if-none-match': before });
    expect(afterContent.statusCode).toBe(200);
    const etag = String(afterContent.headers.etag);
    expect(etag).not.toBe(before);

    await ctx.database.db.insert(news).values({
      urlAlias: 'new-term',
      name: 'New term',
      description: '<p>Hello</p>',
      date: new Date(),
      status: 'published',
    });
    await generationRecheck();
    const afterNews = await get('/', { 'if-none-match': etag });
    expect(afterNews.statusCode).toBe(200);
    expect(afterNews.headers.etag).not.toBe(etag);
  });
});

describe('a signed-in request', () => {
  it('is private and never stored, with a bearer or a cookie, and never answered 304 from a public ETag', async () => {
    const etag = String((await get('/')).headers.etag);
    for (const headers of [await as('contenteditor'), { cookie: 'lti_state_x=1' }]) {
      const res = await get('/', { ...headers, 'if-none-match': etag });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
      const answer = await get(`/api/v1/content/${tree.lab}`, headers);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });
});

describe('a public API answer', () => {
  it('is public to a visitor, 304 on its ETag, and private to a signed-in caller', async () => {
    const url = `/api/v1/content/search?q=lab`;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(
      `public, max-age=0, s-maxage=${PUBLIC_API_S_MAXAGE_SECONDS}, stale-while-revalidate=300`,
    );
    // A browser keeps it too (stale-while-revalidate): it must not hand a visitor's answer to the same
    // browser's signed-in request, whose answer holds what the person may see.
    expect(String(res.headers.vary)).toMatch(/\bauthorization\b/);
    const conditional = await get(url, { 'if-none-match': String(res.headers.etag) });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');
    expect(String(conditional.headers.vary)).toMatch(/\bauthorization\b/);
    const signedIn = await get(url, { ...(await as('faculty')), 'if-none-match': String(res.headers.etag) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });

  it('leaves answers that are not public as they were, and an error is not marked public', async () => {
    const settings = await get('/api/v1/site/settings');
    expect(settings.headers.etag).toBeUndefined();
    const missing = await get('/api/v1/content/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers['cache-control'] ?? '')).not.toContain('public');
  });
});
