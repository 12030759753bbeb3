/**
 * Public answers through a real caching proxy (issue 39 "Correctness and poisoning tests"): Debian's
 * nginx runs the configuration of docs/caching.md (testing/nginx-proxy.ts) in front of a portal instance
 * serving a web app, its in-process render cache off so that what is kept is the proxy's. A visitor's
 * page and answers are kept and served from the proxy; nothing signed-in is read from it or stored in it;
 * `Host`, `X-Forwarded-Host`, `X-Forwarded-Proto`, query parameters a page does not take, their order
 * and `Accept-Encoding` cannot make it keep one visitor's variant for another or an attacker's content
 * for everyone; a curator's edit reaches visitors through it within `s-maxage`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API_S_MAXAGE_SECONDS, PUBLIC_GENERATION_RECHECK_MS } from '@portal/shared/limits';
import type { Content } from '@portal/shared/schemas/courseware';
import { toUpdateRequest } from '@portal/shared/schemas/courseware-edit';
import { startNginxProxy, type NginxProxy } from '../nginx-proxy.js';
import { useTestApp } from '../use-test-app.js';
import { buildWebDistApp } from '../web-dist.js';

const { ctx, tree, as } = useTestApp({ tree: true, env: { RENDER_CACHE_BYTES_MAX: '0' } });
/** A host an attacker names; no answer may carry it. */
const EVIL = 'evil.example';

let web: FastifyInstance;
let proxy: NginxProxy;

beforeAll(async () => {
  web = await buildWebDistApp(ctx, 'web-proxy-cache');
  await web.listen({ port: 0, host: '127.0.0.1' });
  proxy = await startNginxProxy([(web.server.address() as AddressInfo).port]);
}, 30_000);

afterAll(async () => {
  await proxy?.stop();
  await web?.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (compressed when `content-encoding` says so). */
  raw: Buffer;
  /** The body as text, decoded from brotli when it came so. */
  text: string;
}

/** GETs `path` through the proxy with exactly `headers` (no encoding asked unless given). */
function viaProxy(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${proxy.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const isBrotli = response.headers['content-encoding'] === 'br';
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          raw,
          text: (isBrotli ? brotliDecompressSync(raw) : raw).toString('utf8'),
        });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const cacheStatus = (answer: Answer) => answer.headers['x-cache-status'];

describe('a caching proxy in front of the portal', () => {
  it("keeps a visitor's page and serves the next visitor from it, public and with no cookie", async () => {
    const first = await viaProxy('/?first-visit');
    expect(first.status).toBe(200);
    expect(cacheStatus(first)).toBe('MISS');
    const again = await viaProxy('/?first-visit');
    expect(cacheStatus(again)).toBe('HIT');
    expect(again.text).toBe(first.text);
    expect(again.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('neither serves nor keeps a signed-in answer: the visitor after a curator gets their own', async () => {
    const curator = await as('contenteditor');
    const path = `/api/v1/content/${tree.hidden}`;
    const signedIn = await viaProxy(path, curator);
    expect(signedIn.status).toBe(200);
    expect(cacheStatus(signedIn)).toBe('BYPASS');
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const visitor = await viaProxy(path);
    expect(visitor.status).toBe(404);
    expect(cacheStatus(visitor)).toBe('MISS');
    // A page asked with a token or a cookie is not served from what visitors were given either.
    await viaProxy('/?signed-in-check');
    expect(cacheStatus(await viaProxy('/?signed-in-check', curator))).toBe('BYPASS');
    expect(cacheStatus(await viaProxy('/?signed-in-check', { cookie: 'portal_session=1' }))).toBe('BYPASS');
  });

  it('keeps no page naming a host an attacker sends in Host, X-Forwarded-Host or X-Forwarded-Proto', async () => {
    const poisoned = await viaProxy('/?poison-check', {
      'x-forwarded-host': EVIL,
      'x-forwarded-proto': 'http',
    });
    expect(poisoned.status).toBe(200);
    expect(poisoned.text).not.toContain(EVIL);
    const next = await viaProxy('/?poison-check');
    expect(cacheStatus(next)).toBe('HIT');
    expect(next.text).not.toContain(EVIL);
    expect(next.text).toBe(poisoned.text);
    // Another Host is another entry of the cache (its key holds the host), and names nothing of it.
    const otherHost = await viaProxy('/?poison-check', { host: EVIL });
    expect(cacheStatus(otherHost)).toBe('MISS');
    expect(otherHost.text).not.toContain(EVIL);
  });

  it('reflects no query parameter a page does not take into what it keeps', async () => {
    const script = '<script>alert(1)</script>';
    const tainted = await viaProxy(`/?utm_source=${encodeURIComponent(script)}`);
    expect(tainted.status).toBe(200);
    expect(tainted.text).not.toContain(script);
    expect(tainted.text).not.toContain('alert(1)');
    const plain = await viaProxy('/');
    expect(plain.text).not.toContain('alert(1)');
  });

  it('answers the same whatever the order of the query parameters', async () => {
    const one = await viaProxy('/api/v1/content/search?q=lab&pageSize=5');
    const other = await viaProxy('/api/v1/content/search?pageSize=5&q=lab');
    expect(one.status).toBe(200);
    expect(JSON.parse(other.text)).toEqual(JSON.parse(one.text));
  });

  it('never gives a brotli answer it kept to a client that does not take brotli', async () => {
    const brotli = await viaProxy('/?encoding-check', { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
    expect(cacheStatus(await viaProxy('/?encoding-check', { 'accept-encoding': 'br' }))).toBe('HIT');
    for (const headers of [{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'identity' }] as Record<
      string,
      string
    >[]) {
      const answer = await viaProxy('/?encoding-check', headers);
      expect(answer.headers['content-encoding']).not.toBe('br');
      if (!answer.headers['content-encoding'])
        expect(answer.raw.toString('utf8')).toMatch(/^<!doctype html>/i);
    }
  });

  it("shows visitors a curator's edit through the proxy within s-maxage, and the curator at once", async () => {
    const path = `/api/v1/content/${tree.lab}`;
    const before = JSON.parse((await viaProxy(path)).text) as Content;
    expect(cacheStatus(await viaProxy(path))).toBe('HIT');
    const curator = await as('contenteditor');
    const name = `${before.name} (revised through the proxy)`;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: path,
      headers: curator,
      payload: { ...toUpdateRequest(before), name },
    });
    expect(saved.statusCode).toBe(200);
    const edited = Date.now();
    expect((JSON.parse((await viaProxy(path, curator)).text) as Content).name).toBe(name);
    const bound = PUBLIC_API_S_MAXAGE_SECONDS * 1000 + PUBLIC_GENERATION_RECHECK_MS + 2000;
    let seen = before.name;
    while (seen !== name && Date.now() - edited < bound) {
      await sleep(500);
      seen = (JSON.parse((await viaProxy(path)).text) as Content).name;
    }
    expect(seen).toBe(name);
  }, 60_000);
});
