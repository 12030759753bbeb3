/**
 * Shared caching of signed-out pages and anonymous API answers (issue 39; docs/caching.md).
 *
 * A public answer is a GET or HEAD of a signed-out page (the app's pages, answered by server-render) or
 * of a route in PUBLIC_CACHEABLE_ROUTES, from a caller with no `Authorization`, no cookie and no metrics
 * token. It carries `Cache-Control: public, max-age=0, s-maxage=…, stale-while-revalidate=…` and an ETag
 * built from all it depends on: the build and configuration (the web app's index.html, the brand, the
 * feature flags of the environment), the catalogue's generation (raised by database triggers whenever
 * content, news, events, site pages, contributors or the admins' flags change; migrations 0014, 0022)
 * and a time window (PUBLIC_ETAG_WINDOW_SECONDS, for what the clock changes). The generation is read
 * again after PUBLIC_GENERATION_RECHECK_MS, and at once after a write this instance answered; it is read
 * from the database the request reads from (`request.readDb`, plugins/read-replicas.ts), so that what a
 * replica a little behind serves is never labelled with a generation it has not replayed. A request whose
 * `If-None-Match` names the current ETag is answered 304 here, before any route or render runs.
 *
 * Everything a signed-in caller gets on these addresses is `private, no-store`; so is any answer that
 * sets a cookie. Nothing of a person is ever stored in, or served from, a shared cache.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  PUBLIC_API_S_MAXAGE_SECONDS,
  PUBLIC_CACHEABLE_ROUTES,
  PUBLIC_ETAG_WINDOW_SECONDS,
  PUBLIC_GENERATION_RECHECK_MS,
  PUBLIC_PAGE_S_MAXAGE_SECONDS,
  PUBLIC_STALE_WHILE_REVALIDATE_SECONDS,
} from '@portal/shared/limits';
import { isServerPath } from '@portal/shared/server-paths';
import type { Db } from '../db/client.js';

/** What a request is to the shared caches: a public page or answer with its ETag, or a personal one. */
export type PublicCacheClass =
  | { kind: 'page' | 'api'; personal: false; etag: string; generation: number }
  | { kind: 'page' | 'api'; personal: true };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for the addresses a shared cache may hold (see plugins/public-cache.ts); undefined for others. */
    publicCache?: PublicCacheClass;
  }
}

/** The Cache-Control of everything signed-in, or that sets a cookie. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const cacheableRoutes = new Set(PUBLIC_CACHEABLE_ROUTES);
/** The methods that change nothing (any other answered below 400 may have raised the generation). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The Cache-Control of a public answer of `kind`. */
export function publicCacheControl(kind: 'page' | 'api'): string {
  const sMaxAge = kind === 'page' ? PUBLIC_PAGE_S_MAXAGE_SECONDS : PUBLIC_API_S_MAXAGE_SECONDS;
  return `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${PUBLIC_STALE_WHILE_REVALIDATE_SECONDS}`;
}

/** True when the request carries anything of a person (a bearer, a cookie, the metrics token). */
export function isPersonalRequest(request: FastifyRequest): boolean {
  const { headers } = request;
  return Boolean(headers.authorization || headers.cookie || request.hasMetricsToken);
}

/** Whether `ifNoneMatch` (the header's value) names `etag` or is `*` (RFC 9110 §13.1.2, weak comparison). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** A digest of what the build and configuration give every public answer (index.html, brand, flags). */
function configurationFingerprint(app: FastifyInstance): string {
  const indexHtml = path.join(app.config.webDistDir, 'index.html');
  const build = fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml) : Buffer.alloc(0);
  return crypto
    .createHash('sha256')
    .update(build)
    .update(JSON.stringify([app.config.brand, app.config.features, app.config.isServerRendering]))
    .digest('base64url')
    .slice(0, 16);
}

/**
 * Registers the hooks that classify, answer 304 and label public answers (see the module's comment).
 * Options: `readGeneration`, the reader of the catalogue's generation (modules/knowledge).
 */
export default fp(
  async function publicCache(
    app: FastifyInstance,
    { readGeneration }: { readGeneration: (db: Db) => Promise<number> },
  ) {
    const fingerprint = configurationFingerprint(app);
    /** The generation last read from each database (the primary, each replica) and when. */
    const known = new Map<Db, { generation: number; readAt: number }>();
    // Writes answered by this instance: one that lands while the generation is read makes it read again.
    let writes = 0;
    const generation = async (db: Db): Promise<number> => {
      const now = performance.now();
      const last = known.get(db);
      if (last && now - last.readAt <= PUBLIC_GENERATION_RECHECK_MS) return last.generation;
      const writesBefore = writes;
      const read = await readGeneration(db);
      known.set(db, { generation: read, readAt: writes === writesBefore ? now : -Infinity });
      return read;
    };
    // A write answered here may have raised the generation: the next public request reads it again, so a
    // visitor of this instance sees a curator's edit at once (plugins/render-cache.ts keys on it).
    app.addHook('onResponse', async (request, reply) => {
      if (READ_METHODS.has(request.method) || reply.statusCode >= 400) return;
      writes += 1;
      known.clear();
    });

    /** What a public API answer varies on: its compression, and whether a person asks (Authorization). */
    const API_VARY = 'accept-encoding, authorization';
    app.decorateRequest('publicCache', undefined);
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const route = request.routeOptions.url;
      const kind = route === undefined ? 'page' : cacheableRoutes.has(route) ? 'api' : null;
      if (!kind || (kind === 'page' && isServerPath(request.url.split('?')[0] ?? '/'))) return;
      if (isPersonalRequest(request)) {
        request.publicCache = { kind, personal: true };
        return;
      }
      const current = await generation(request.readDb);
      const window = Math.floor(Date.now() / 1000 / PUBLIC_ETAG_WINDOW_SECONDS);
      const etag = `W/"${fingerprint}.${current}.${window}"`;
      request.publicCache = { kind, personal: false, etag, generation: current };
      if (!matchesEtag(request.headers['if-none-match'], etag)) return;
      return reply
        .code(304)
        .header('etag', etag)
        .header('cache-control', publicCacheControl(kind))
        .header('vary', kind === 'api' ? API_VARY : 'accept-encoding')
        .send();
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const cache = request.publicCache;
      if (!cache) return payload;
      if (cache.personal || reply.hasHeader('set-cookie')) {
        reply.header('cache-control', PRIVATE_CACHE_CONTROL);
        reply.removeHeader('etag');
      } else if (reply.statusCode === 200) {
        // A route that chose its own public lifetime (sitemap, feed, reference lists) keeps it.
        if (!String(reply.getHeader('cache-control') ?? '').startsWith('public'))
          reply.header('cache-control', publicCacheControl(cache.kind));
        reply.header('etag', cache.etag);
        // The same address answers a signed-in caller differently: a browser keeping a visitor's answer
        // (stale-while-revalidate) must not use it for the person's request, nor a cache for anyone's.
        if (cache.kind === 'api') {
          const vary = reply.getHeader('vary');
          reply.header('vary', vary ? `${String(vary)}, authorization` : 'authorization');
        }
      }
      return payload;
    });
  },
  { name: 'public-cache', dependencies: ['db', 'read-replicas'] },
);
