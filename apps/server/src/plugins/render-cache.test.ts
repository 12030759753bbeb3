/**
 * The in-process render cache of public answers (issue 39): a second anonymous request of a page or of
 * a public API answer is served from it (its hits in /metrics), a curator's edit is seen by the next
 * visitor, nothing signed-in and nothing that sets a cookie is served from it or kept, and neither
 * hosts nor unknown query parameters are mixed while the order of known ones is not a new entry.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_GENERATION_RECHECK_MS, RENDER_CACHE_BYTES_MAX } from '@portal/shared/limits';
import { content } from '../db/schema/courseware.js';
import { useTestApp } from '../testing/use-test-app.js';
import { buildWebDistApp } from '../testing/web-dist.js';

const TOKEN = 'metrics-token-of-the-render-cache-0123456789';
/** A request header that makes the test's hook set a cookie on the answer. */
const SET_COOKIE_HEADER = 'x-test-set-cookie';
const { ctx, tree, as } = useTestApp({
  tree: true,
  env: { METRICS_TOKEN: TOKEN, RENDER_CACHE_BYTES_MAX: String(RENDER_CACHE_BYTES_MAX) },
});

let web: FastifyInstance;

beforeAll(async () => {
  // An answer that sets a cookie (as a sign-in step would) on the request that asks for it.
  web = await buildWebDistApp(ctx, 'web-render-cache', undefined, (app) =>
    app.addHook('preHandler', async (request, reply) => {
      if (request.headers[SET_COOKIE_HEADER]) reply.header('set-cookie', 'step=1; Path=/; HttpOnly');
    }),
  );
});

afterAll(async () => {
  await web?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  web.inject({ method: 'GET', url, headers });

/** The render cache's hit and miss counts as /metrics shows them. */
async function counts(): Promise<{ hits: number; misses: number; entries: number; bytes: number }> {
  const text = (await get('/metrics', { authorization: `Bearer ${TOKEN}` })).body;
  const read = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    hits: read('portal_render_cache_hits_total'),
    misses: read('portal_render_cache_misses_total'),
    entries: read('portal_render_cache_entries'),
    bytes: read('portal_render_cache_bytes'),
  };
}

/** What `act` added to the counts of hits and misses. */
async function counted(act: () => Promise<unknown>): Promise<{ hits: number; misses: number }> {
  const before = await counts();
  await act();
  const after = await counts();
  return { hits: after.hits - before.hits, misses: after.misses - before.misses };
}

describe('an anonymous request', () => {
  it('of a public API answer is served from the cache the second time, with the same body and ETag', async () => {
    const url = `/api/v1/content/${tree.lab}`;
    const first = await get(url);
    const second = await get(url);
    expect(first.statusCode).toBe(200);
    expect(await counted(() => get(url))).toEqual({ hits: 1, misses: 0 });
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
    const gzipped = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzipped.statusCode).toBe(200);
    const { entries, bytes } = await counts();
    expect(entries).toBeGreaterThan(0);
    expect(bytes).toBeGreaterThan(0);
  });

  it('of a signed-out page is served from the cache, and a HEAD from the same entry', async () => {
    const miss = await get('/courseware');
    expect(miss.statusCode).toBe(200);
    const served = await counted(async () => {
      const hit = await get('/courseware');
      expect(hit.body).toBe(miss.body);
      expect(hit.headers['content-type']).toBe('text/html; charset=utf-8');
      const head = await web.inject({ method: 'HEAD', url: '/courseware' });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
    });
    expect(served).toEqual({ hits: 2, misses: 0 });
    // A client that takes gzip has its own entry, compressed as the page's handler compressed it.
    const gzip = { 'accept-encoding': 'gzip' };
    const zipped = await get('/courseware', gzip);
    const again = await counted(async () => {
      const hit = await get('/courseware', gzip);
      expect(hit.headers['content-encoding']).toBe('gzip');
      expect(hit.rawPayload.equals(zipped.rawPayload)).toBe(true);
    });
    expect(again).toEqual({ hits: 1, misses: 0 });
  });

  it('sees a change of the catalogue once the generation is read again', async () => {
    const url = `/api/v1/content/${tree.lab}`;
    await get(url);
    await ctx.database.db
      .update(content)
      .set({ name: 'Renamed in the database' })
      .where(eq(content.id, tree.lab));
    await sleep(PUBLIC_GENERATION_RECHECK_MS + 50);
    const after = await counted(async () => {
      expect((await get(url)).json().name).toBe('Renamed in the database');
    });
    expect(after).toEqual({ hits: 0, misses: 1 });
  });

  it("sees a curator's edit at once, the next visitor included", async () => {
    const url = `/api/v1/content/${tree.unlisted}`;
    const before = (await get(url)).json();
    expect(before.status).toBe('unlisted');
    expect(await counted(() => get(url))).toEqual({ hits: 1, misses: 0 });
    const edit = await web.inject({
      method: 'PATCH',
      url: `/api/v1/content/${tree.unlisted}/status`,
      headers: await as('contenteditor'),
      payload: { status: 'published', version: before.version },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const next = await counted(async () => expect((await get(url)).json().status).toBe('published'));
    expect(next).toEqual({ hits: 0, misses: 1 });
  });
});

describe('a signed-in request', () => {
  it('is never served from the cache nor kept in it', async () => {
    const url = `/api/v1/content/${tree.hidden}`;
    const editor = await as('contenteditor');
    const signedIn = await counted(async () => {
      expect((await get(url, editor)).statusCode).toBe(200);
      expect((await get(url, editor)).headers['cache-control']).toBe('private, no-store');
      expect((await get('/courseware', editor)).headers['cache-control']).toBe('private, no-store');
    });
    expect(signedIn).toEqual({ hits: 0, misses: 0 });
    // What the editor saw was not kept: a visitor is told the draft is missing.
    expect((await get(url)).statusCode).toBe(404);
  });
});

describe('an answer that sets a cookie', () => {
  it('is never kept', async () => {
    const url = '/api/v1/content?limit=3';
    const withCookie = await get(url, { [SET_COOKIE_HEADER]: '1' });
    expect(withCookie.headers['set-cookie']).toBeDefined();
    expect(withCookie.headers['cache-control']).toBe('private, no-store');
    expect(await counted(() => get(url))).toEqual({ hits: 0, misses: 1 });
  });
});

describe('the key', () => {
  it('keeps hosts apart', async () => {
    const url = `/api/v1/content/${tree.course}`;
    await get(url, { host: 'one.example.edu' });
    expect(await counted(() => get(url, { host: 'two.example.edu' }))).toEqual({ hits: 0, misses: 1 });
    expect(await counted(() => get(url, { host: 'one.example.edu' }))).toEqual({ hits: 1, misses: 0 });
  });

  it('sorts known query parameters, and never serves nor keeps a request with unknown ones', async () => {
    await get('/api/v1/content?limit=5&available=true');
    const reordered = await counted(() => get('/api/v1/content?available=true&limit=5'));
    expect(reordered).toEqual({ hits: 1, misses: 0 });
    const unknown = await counted(async () => {
      expect((await get('/api/v1/content?limit=5&available=true&utm_source=mail')).statusCode).toBe(200);
      await get('/api/v1/content?limit=5&available=true&utm_source=mail');
    });
    expect(unknown).toEqual({ hits: 0, misses: 0 });
  });

  it('leaves search to its own cache and allowance', async () => {
    const searched = await counted(async () => {
      await get('/api/v1/content/search?q=lab');
      expect((await get('/api/v1/content/search?q=lab')).statusCode).toBe(200);
    });
    expect(searched).toEqual({ hits: 0, misses: 0 });
  });

  it('keeps a page with other query parameters apart', async () => {
    await get('/courseware?b=2&a=1');
    expect(await counted(() => get('/courseware?a=1&b=2'))).toEqual({ hits: 1, misses: 0 });
    expect(await counted(() => get('/courseware?a=1'))).toEqual({ hits: 0, misses: 1 });
    // A `?` inside the query is part of a value, not the end of the query.
    await get('/courseware?q=why?a');
    expect(await counted(() => get('/courseware?q=why?b'))).toEqual({ hits: 0, misses: 1 });
  });
});
