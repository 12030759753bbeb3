/**
 * The in-process render cache of public answers (issue 39; docs/caching.md): one instance without a
 * reverse proxy in front also stops drawing the same signed-out page, or answering the same anonymous
 * API request, again and again.
 *
 * Only what plugins/public-cache.ts deems public is looked up or kept: a GET or HEAD with no
 * `Authorization`, no cookie and no metrics token, of a signed-out page or of a route in
 * PUBLIC_CACHEABLE_ROUTES. The key holds the brand, the Host, the encoding the client takes (pages are
 * compressed by their handler), the public ETag (the build and configuration, the catalogue's
 * generation and its time window) and the normalised URL: the path and the query's parameters sorted
 * by name. A request to an API route naming a parameter the route does not take, or to a route of
 * RENDER_CACHE_UNKEPT_ROUTES (search), is neither served nor kept. A hit is answered here, before any route or render runs, with the kept status, headers and body.
 *
 * A GET answer is kept when it is a 200 marked `public` by public-cache, sets no cookie, varies by
 * nothing but Accept-Encoding and Authorization (no request with Authorization is served here), has a type and a body of at most RENDER_CACHE_ENTRY_BYTES_MAX. The cache
 * holds at most RENDER_CACHE_ENTRIES_MAX entries and RENDER_CACHE_BYTES_MAX bytes (the least recently
 * used go first) and is emptied when the public ETag changes. Hits, misses, entries and bytes are in
 * /metrics (`portal_render_cache_*`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { Counter, Gauge } from 'prom-client';
import { RENDER_CACHE_ENTRY_BYTES_MAX, RENDER_CACHE_UNKEPT_ROUTES } from '@portal/shared/limits';
import { negotiatedEncoding } from '../lib/negotiated-compression.js';

/** A kept answer: its status, the headers that describe its body, and the body as it was sent. */
interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const unkeptRoutes = new Set(RENDER_CACHE_UNKEPT_ROUTES);

/** The headers a kept answer carries again (the others are the request's own: its id, timing, ETag). */
const KEPT_HEADERS = [
  'content-type',
  'content-encoding',
  'content-disposition',
  'content-language',
  'cache-control',
  'vary',
  'link',
  'x-robots-tag',
  'last-modified',
] as const;

/**
 * The query string `search` (without `?`) with its parameters sorted by name (the values of a repeated
 * name keep their order), or null when `known` is given and the query names a parameter not in it.
 */
export function normalisedQuery(search: string, known: ReadonlySet<string> | null): string | null {
  const params = [...new URLSearchParams(search)];
  if (known && params.some(([name]) => !known.has(name))) return null;
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(params).toString();
}

/** The parameter names of a route's querystring schema (a zod object), per schema; null: any. */
const knownNames = new WeakMap<object, ReadonlySet<string> | null>();
function queryNames(request: FastifyRequest): ReadonlySet<string> | null {
  const schema: unknown = request.routeOptions.schema?.querystring;
  if (typeof schema !== 'object' || schema === null) return null;
  let names = knownNames.get(schema);
  if (names === undefined) {
    const shape = (schema as { shape?: unknown }).shape;
    names = typeof shape === 'object' && shape !== null ? new Set(Object.keys(shape)) : null;
    knownNames.set(schema, names);
  }
  return names;
}

/** Registers the cache's hooks and metrics (see the module's comment). Needs public-cache and metrics. */
export default fp(
  async function renderCache(app: FastifyInstance) {
    const { renderCacheEntriesMax, renderCacheBytesMax, brand } = app.config;
    const cache =
      renderCacheBytesMax > 0
        ? new LRUCache<string, KeptAnswer>({
            max: renderCacheEntriesMax,
            maxSize: renderCacheBytesMax,
            maxEntrySize: Math.min(renderCacheBytesMax, RENDER_CACHE_ENTRY_BYTES_MAX),
            sizeCalculation: (answer, key) => answer.body.length + key.length || 1,
          })
        : null;
    const registers = [app.metricsRegistry];
    const hits = new Counter({
      name: 'portal_render_cache_hits_total',
      help: 'Public pages and answers served from the in-process render cache.',
      registers,
    });
    const misses = new Counter({
      name: 'portal_render_cache_misses_total',
      help: 'Public pages and answers looked up in the in-process render cache and not found.',
      registers,
    });
    new Gauge({
      name: 'portal_render_cache_entries',
      help: 'Entries of the in-process render cache.',
      registers,
      collect() {
        this.set(cache?.size ?? 0);
      },
    });
    new Gauge({
      name: 'portal_render_cache_bytes',
      help: 'Bytes of bodies (and keys) held by the in-process render cache.',
      registers,
      collect() {
        this.set(cache?.calculatedSize ?? 0);
      },
    });
    if (!cache) return;

    /** The ETag of the entries held; another empties the cache (they can never be served again). */
    let heldEtag = '';
    /** The key of each request that missed: its answer may be kept. */
    const missed = new WeakMap<FastifyRequest, string>();

    app.addHook('onRequest', async (request, reply) => {
      const cls = request.publicCache;
      if (!cls || cls.personal || unkeptRoutes.has(request.routeOptions.url ?? '')) return;
      const mark = request.url.indexOf('?');
      const path = mark < 0 ? request.url : request.url.slice(0, mark);
      const search = mark < 0 ? '' : request.url.slice(mark + 1);
      const query = normalisedQuery(search, request.routeOptions.url ? queryNames(request) : null);
      if (query === null) return;
      if (cls.etag !== heldEtag) {
        cache.clear();
        heldEtag = cls.etag;
      }
      const encoding = negotiatedEncoding(request.headers['accept-encoding']) ?? 'identity';
      const key = `${brand}\n${request.host.toLowerCase()}\n${encoding}\n${cls.etag}\n${path}?${query}`;
      const kept = cache.get(key);
      if (!kept) {
        misses.inc();
        missed.set(request, key);
        return;
      }
      hits.inc();
      reply.headers(kept.headers);
      // A HEAD answers like the GET it was kept from, without the body.
      return reply.code(kept.status).send(request.method === 'HEAD' ? undefined : kept.body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const key = missed.get(request);
      const cls = request.publicCache;
      if (key === undefined || request.method !== 'GET' || cls?.personal !== false) return payload;
      if (reply.statusCode !== 200 || reply.hasHeader('set-cookie') || cls.etag !== heldEtag) return payload;
      // Kept only when it varies on nothing the key lacks: the encoding is in the key, and a request with
      // Authorization is never served from here.
      const varies = String(reply.getHeader('vary') ?? 'accept-encoding')
        .toLowerCase()
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      const isKeyed = varies.every((name) => name === 'accept-encoding' || name === 'authorization');
      const isPublic = String(reply.getHeader('cache-control') ?? '').startsWith('public');
      if (!isPublic || !isKeyed || !reply.hasHeader('content-type')) return payload;
      const body =
        typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
      if (!body || body.length > RENDER_CACHE_ENTRY_BYTES_MAX) return payload;
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      cache.set(key, { status: reply.statusCode, headers, body });
      return payload;
    });
  },
  { name: 'render-cache', dependencies: ['public-cache', 'metrics'] },
);
