/**
 * Every route fuzzed (issue 20): each route of the app's own route table (testing/route-table.ts) is
 * called with path parameters, queries and bodies drawn from its shared zod schema
 * (testing/zod-arbitrary.ts) mixed with hostile values (huge, deeply nested, control characters, lone
 * surrogates, right-to-left and zero-width marks, numbers at the extremes, prototype keys), as a
 * signed-out caller and as an admin. Never a 500, never a stack trace in the body, never over a second (but for SLOWER_BY_DESIGN).
 *
 * `FUZZ_RUNS` (default 25) sets the runs per route and caller; the seed is printed with any failure
 * (`FUZZ_SEED` replays it). The admin's session is taken again whenever a call ended it (logout, a
 * change of its own claims), so later routes are still tried as an admin.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../use-test-app.js';
import { bearer } from '../fixtures.js';
import { routeTable, type TableRoute } from '../route-table.js';
import { arbitraryOf, hostileValue } from '../zod-arbitrary.js';
import { seedDemoNewsAndEvents } from '../../modules/news/demo-news.js';
import { createPage } from '../../modules/pages/pages.service.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
/** The slowest answer allowed (ms). A call over it is tried once more: only a repeatable slowness fails. */
const SLOWEST_MS = 1000;
/**
 * Routes slower than SLOWEST_MS by design, with their own bound and why. Rotating the LTI keys generates
 * a 2048-bit RSA key pair each call: 0.1-1 s on a quiet machine, 3.4 s measured on two loaded cores.
 */
const SLOWER_BY_DESIGN: Record<string, number> = { 'POST /api/v1/admin/lti/keys/rotate': 10_000 };
/** A stack frame as V8 prints it ("    at fn (file:line:col)"). */
const STACK_FRAME = /\n[ \t]+at \S/;

const { ctx, accounts, tree } = useTestApp({ tree: true });
let adminAccount: string;
const callers = { signedOut: {} as Record<string, string>, admin: {} as Record<string, string> };
let knownIds: string[] = [];

beforeAll(async () => {
  await seedDemoNewsAndEvents(ctx.database.db);
  const page = await createPage(
    ctx.app.db,
    { accountId: null, identity: null },
    {
      title: 'Fuzz page',
      status: 'published',
      description: 'A page the fuzz may name.',
      href: '/fuzz-page',
      parentId: null,
      layoutName: 'handSortedList',
    },
  );
  adminAccount = accounts.admin;
  callers.admin = await bearer(ctx.app, adminAccount);
  // Real ids, so calls reach past "not found" (never the admin's own account: it must stay an admin).
  knownIds = [
    tree.course,
    tree.module,
    tree.lab,
    tree.hidden,
    tree.archived,
    tree.fileId,
    tree.contributorId,
    accounts.student,
    accounts.faculty,
    page.id,
  ];
});

/** A value as one query or path parameter. */
const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map(asText).join(',')
      : value !== null && typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/** A path segment: percent-encoded; a lone surrogate becomes bytes that are not UTF-8 (%ED%A0%80). */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // Each lone surrogate (a code unit not in a pair) is written as the bytes of its CESU-8 form.
    let out = '';
    for (const char of text) {
      const unit = char.charCodeAt(0);
      out +=
        char.length === 1 && unit >= 0xd800 && unit <= 0xdfff
          ? `%ED%${(((unit >> 6) & 0x3f) | 0x80).toString(16).toUpperCase()}%${((unit & 0x3f) | 0x80).toString(16).toUpperCase()}`
          : encodeURIComponent(char);
    }
    return out;
  }
}

interface Call {
  url: string;
  body?: string;
  contentType: string;
  withOrigin: boolean;
}

/** Raw bodies no JSON parser should be trusted with. */
const RAW_BODIES = [
  '{"a":',
  '['.repeat(100_000) + ']'.repeat(100_000),
  '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
  '\u0000',
  'null',
  '"text"',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
];

/** Calls of one route: its path, query and body from its schemas, now and then hostile. */
function callsOf(route: TableRoute): fc.Arbitrary<Call> {
  const paramShape = (route.params as unknown as { shape?: Record<string, never> } | undefined)?.shape ?? {};
  const segments = route.url.split('/').map((segment) => {
    if (segment.startsWith(':')) {
      const schema = paramShape[segment.slice(1)];
      return (schema ? arbitraryOf(schema, knownIds) : fc.string()).map((v) => encodeSegment(asText(v)));
    }
    if (segment === '*') return fc.string({ maxLength: 40 }).map(encodeSegment);
    return fc.constant(segment);
  });
  const query = route.querystring
    ? arbitraryOf(route.querystring, knownIds).map((value) => {
        if (value === null || typeof value !== 'object' || Array.isArray(value))
          return `?q=${encodeSegment(asText(value))}`;
        const params = new URLSearchParams();
        for (const [key, field] of Object.entries(value))
          if (field !== undefined) params.set(key, asText(field));
        return `?${params.toString()}`;
      })
    : fc.constantFrom('', '?x=%', '?a[b]=1&a[c]=2', `?q=${'%3C'.repeat(2000)}`);
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  const body: fc.Arbitrary<string | undefined> = !hasBody
    ? fc.constant(undefined)
    : fc.oneof(
        {
          weight: 6,
          arbitrary: (route.body ? arbitraryOf(route.body, knownIds) : hostileValue).map((v) =>
            JSON.stringify(v),
          ),
        },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
      );
  return fc.record({
    url: fc.tuple(fc.tuple(...segments), query).map(([parts, q]) => parts.join('/') + q),
    body,
    contentType: route.url.startsWith('/auth/')
      ? fc.constantFrom('application/json', 'application/x-www-form-urlencoded')
      : fc.constant('application/json'),
    withOrigin: fc.boolean(),
  });
}

/** Writes a JSON body as a form when asked (the sign-in pages take forms). */
function payloadOf(call: Call): string | undefined {
  if (call.body === undefined || call.contentType === 'application/json') return call.body;
  try {
    const value = JSON.parse(call.body) as unknown;
    if (value === null || typeof value !== 'object') return call.body;
    return new URLSearchParams(
      Object.entries(value).map(([k, v]): [string, string] => [k, asText(v)]),
    ).toString();
  } catch {
    return call.body;
  }
}

/** Routes that end sessions or turn features off go last, so they take nothing from the others. */
const LAST = [
  'POST /api/v1/auth/logout',
  'POST /api/v1/admin/signing-keys/rotate',
  'PUT /api/v1/site/settings',
];
const order = (route: TableRoute) =>
  LAST.includes(route.key)
    ? 3
    : route.method === 'DELETE'
      ? 2
      : ['GET', 'HEAD'].includes(route.method)
        ? 0
        : 1;

describe('every route fuzzed', () => {
  it('answers every route, signed out and as an admin, with schema-shaped and hostile input: never a 500, a stack trace or over a second', async () => {
    const started = performance.now();
    const routes = routeTable(ctx.app).sort((a, b) => order(a) - order(b));
    const failures: string[] = [];
    let calls = 0;
    let slowest = { ms: 0, what: '' };
    let address = 0;
    /** Routes that answered 2xx at least once as the admin: calls that got past validation. */
    const reached = new Set<string>();
    for (const route of routes) {
      for (const caller of ['signedOut', 'admin'] as const) {
        const send = async (call: Call) => {
          address = (address + 1) % 65_000;
          const begin = performance.now();
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url: call.url,
            remoteAddress: `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}`,
            headers: {
              ...callers[caller],
              ...(call.body !== undefined ? { 'content-type': call.contentType } : {}),
              ...(call.withOrigin ? { origin: ctx.config.publicBaseUrl } : {}),
            },
            payload: payloadOf(call),
          });
          calls += 1;
          return { res, ms: performance.now() - begin };
        };
        const result = await fc.check(
          fc.asyncProperty(callsOf(route), async (call) => {
            const slowestMs = SLOWER_BY_DESIGN[route.key] ?? SLOWEST_MS;
            let { res, ms } = await send(call);
            if (ms > slowestMs) ({ res, ms } = await send(call));
            if (ms > slowest.ms) slowest = { ms, what: `${route.key} as ${caller}` };
            if (caller === 'admin' && res.statusCode < 300) reached.add(route.key);
            if (process.env.FUZZ_VERBOSE)
              console.info(route.key, caller, res.statusCode, call.url.slice(0, 120), res.body.slice(0, 160));
            if (caller === 'admin' && res.statusCode === 401) {
              // The call ended the admin's sessions (logout): sign in again for the next one.
              await new Promise((resolve) => setTimeout(resolve, 2));
              callers.admin = await bearer(ctx.app, adminAccount);
            }
            const problems = [
              res.statusCode >= 500 ? `status ${res.statusCode}` : '',
              STACK_FRAME.test(res.body) ? 'a stack trace in the body' : '',
              ms > slowestMs ? `${Math.round(ms)} ms` : '',
            ].filter(Boolean);
            if (problems.length > 0)
              throw new Error(`${problems.join(', ')}: ${res.body.replace(/\s+/g, ' ').slice(0, 200)}`);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
        if (result.failed) {
          const example = JSON.stringify(result.counterexample?.[0])?.slice(0, 300);
          failures.push(
            `${route.key} as ${caller}: ${String(result.errorInstance).slice(0, 400)} — input ${example}`,
          );
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz: ${routes.length} routes × 2 callers × ${RUNS} runs = ${calls} calls in ${seconds} s (seed ${SEED}); slowest ${Math.round(slowest.ms)} ms (${slowest.what}); ${reached.size} routes answered an admin with 2xx; none did: ${routes
        .filter((route) => !reached.has(route.key))
        .map((route) => route.key)
        .join(', ')}`,
    );
    expect(failures).toEqual([]);
  }, 600_000);

  it('a control character in the query of a sign-in page is a 400 page, never a 500', async () => {
    for (const page of [
      '/auth/login',
      '/auth/signup',
      '/auth/forgot-password',
      '/auth/reset-password',
      '/auth/verify-email',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: `${page}?redirect=%01&token=%07` });
      expect(res.statusCode, page).toBe(400);
      expect(res.headers['content-type'], page).toMatch(/^text\/html/);
      expect(res.body, page).not.toMatch(STACK_FRAME);
    }
  });
});
