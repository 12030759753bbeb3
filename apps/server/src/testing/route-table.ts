/**
 * The app's own route table, as `plugins/route-access.ts` recorded it from Fastify's `onRoute` hook
 * (issue 20 "The authorization matrix sees every route"): every route, hidden ones included (the
 * sign-in pages, `/api/openapi.json`, `/api/docs`, `/news/feed.xml`, `/dist/env.json`). Read by the
 * authorization matrix and the fuzz test, so neither can miss a route the app serves.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { RouteEntry } from '../plugins/route-access.js';

/** One route of the table: its matrix key, method, Fastify URL and the zod schemas it validates. */
export interface TableRoute {
  /** `METHOD /path/{param}`: the URL with `:param` written `{param}`, as in the API document. */
  key: string;
  method: string;
  /** The URL as Fastify has it (`:param`, `*`). */
  url: string;
  /** The names of its path parameters, in order. */
  paramNames: string[];
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /** Its own body limit in bytes, when it sets one. */
  bodyLimit?: number;
  /** What its onRequest guard requires ('public' for routes anyone may call; undefined outside /api/v1). */
  access: string | undefined;
}

/** The matrix key of a route: `GET /api/v1/content/{id}`. */
export function routeKey(method: string, url: string): string {
  return `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;
}

const isZod = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/**
 * Every route of the app, once each. A HEAD route that Fastify added for a GET of the same URL is
 * folded into that GET (it answers the same, without the body); a HEAD route of its own stays.
 */
export function routeTable(app: FastifyInstance): TableRoute[] {
  const entries: RouteEntry[] = app.routeTable;
  const gets = new Set(entries.filter((e) => e.method === 'GET').map((e) => e.url));
  const seen = new Set<string>();
  const routes: TableRoute[] = [];
  for (const entry of entries) {
    if (entry.method === 'HEAD' && gets.has(entry.url)) continue;
    const key = routeKey(entry.method, entry.url);
    if (seen.has(key)) continue;
    seen.add(key);
    const schema = entry.schema ?? {};
    routes.push({
      key,
      method: entry.method,
      url: entry.url,
      paramNames: [...entry.url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
      body: isZod(schema.body) ? schema.body : undefined,
      querystring: isZod(schema.querystring) ? schema.querystring : undefined,
      params: isZod(schema.params) ? schema.params : undefined,
      bodyLimit: entry.bodyLimit,
      access: entry.access,
    });
  }
  return routes;
}

/**
 * Routes of the table without a row in `rows`, and rows naming no route (both must be empty: the
 * authorization matrix and its attack test use it).
 */
export function compareWithRows(
  routes: readonly Pick<TableRoute, 'key'>[],
  rows: Record<string, unknown>,
): { withoutRow: string[]; withoutRoute: string[] } {
  const keys = new Set(routes.map((route) => route.key));
  return {
    withoutRow: [...keys].filter((key) => !(key in rows)),
    withoutRoute: Object.keys(rows).filter((key) => !keys.has(key)),
  };
}
