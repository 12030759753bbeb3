/**
 * Attacks on who may call what (issue 20 "Authentication and authorization before the body", "The
 * authorization matrix sees every route"; ASVS 8, OWASP A01). Each test is named by the attack it tries.
 * The full tables are `testing/authorization-matrix.ts` (every route × every caller, another user's
 * resource, bad bodies before the right, hidden content); these are the attacks the issue names.
 */
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_BOX_HTML_MAX,
  DATED_ITEM_BODY_MAX_BYTES,
  DESCRIPTION_MAX,
  NEWS_DESCRIPTION_MAX,
  PAGE_SECTION_BODY_MAX_BYTES,
  SECTION_WIDGETS_MAX,
} from '@portal/shared/limits';
import { useTestApp } from '../use-test-app.js';
import { bearer } from '../fixtures.js';
import { compareWithRows, routeTable } from '../route-table.js';
import { AUTHORIZATION_MATRIX } from '../authorization-matrix.js';
import routeAccess from '../../plugins/route-access.js';
import { addSection } from '../../modules/pages/page-sections.service.js';
import { createPage } from '../../modules/pages/pages.service.js';
import { PUBLIC } from '../../lib/openapi.js';

const { ctx, accounts } = useTestApp();
let student: Record<string, string>;
let editor: Record<string, string>;
let page: { id: string; sectionId: string };

beforeAll(async () => {
  student = await bearer(ctx.app, accounts.student);
  editor = await bearer(ctx.app, accounts.contenteditor);
  const author = { accountId: null, identity: null };
  const made = await createPage(ctx.app.db, author, {
    title: 'Attack page',
    status: 'published',
    description: 'A page the attacks aim at.',
    href: '/attack-page',
    parentId: null,
    layoutName: 'handSortedList',
  });
  const withSection = await addSection(ctx.app.db, {
    fileStore: ctx.app.fileStore,
    author,
    pageId: made.id,
    input: { key: null, widgets: [{ kind: 'calloutBox', text: 'Target.' }] },
  });
  page = { id: made.id, sectionId: withSection.sections[0]!.id };
});

const lt = (n: number) => '<'.repeat(n);
const ID = '00000000-0000-4000-8000-000000000001';

/** The largest body the schema of each rich-text write route allows, made of '<'. */
function richTextBodies() {
  const box = { kind: 'contentBox', html: lt(CONTENT_BOX_HTML_MAX) };
  const section = { key: null, widgets: Array.from({ length: SECTION_WIDGETS_MAX }, () => box) };
  const dated = {
    name: 'x',
    description: lt(NEWS_DESCRIPTION_MAX),
    status: 'published',
    date: '2026-11-24T12:00:00Z',
  };
  const event = { ...dated, link: 'https://example.org', location: 'Online' };
  return [
    { method: 'POST', url: `/api/v1/pages/${page.id}/sections`, body: section },
    { method: 'PUT', url: `/api/v1/pages/${page.id}/sections/${page.sectionId}`, body: section },
    { method: 'POST', url: '/api/v1/news', body: dated },
    { method: 'PUT', url: `/api/v1/news/${ID}`, body: dated },
    { method: 'POST', url: '/api/v1/events', body: event },
    { method: 'PUT', url: `/api/v1/events/${ID}`, body: event },
    { method: 'POST', url: '/api/v1/content', body: { name: 'x', description: lt(DESCRIPTION_MAX) } },
    { method: 'POST', url: `/api/v1/content/${ID}/feedback`, body: { message: lt(50_000) } },
  ] as const;
}

describe('authentication and authorization before the body', () => {
  it('an anonymous 50,000-character rich-text body is refused with 401 before it is parsed', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pages/${page.id}/sections`,
      payload: { key: null, widgets: [{ kind: 'contentBox', html: lt(50_000) }] },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('the largest body each rich-text write route allows, sent signed out, is a 401 within 100 ms', async () => {
    const timings: string[] = [];
    for (const { method, url, body } of richTextBodies()) {
      const payload = JSON.stringify(body);
      const started = performance.now();
      const res = await ctx.app.inject({
        method,
        url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      const ms = performance.now() - started;
      timings.push(
        `${method} ${url.replace(ID, ':id')} ${payload.length} bytes → ${res.statusCode} in ${ms.toFixed(1)} ms`,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(ms, `${method} ${url}`).toBeLessThan(100);
    }
    console.info(timings.join('\n'));
  });

  it('a student’s schema-breaking body to an editor route is a 403, never a 400 that teaches the schema', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pages/${page.id}/sections`,
      headers: student,
      payload: { widgets: [{ kind: 'no-such-widget' }] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('widgets');
  });

  it('an anonymous body over the route’s limit is a 401, not a 413 (the body is never read)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/news',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"${'a'.repeat(DATED_ITEM_BODY_MAX_BYTES)}"}`,
    });
    expect(res.statusCode).toBe(401);
  });

  it('an editor’s section over its body limit is a 413 before it is parsed', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pages/${page.id}/sections`,
      headers: { ...editor, 'content-type': 'application/json' },
      payload: `{"key":null,"widgets":[{"kind":"contentBox","html":"${'a'.repeat(PAGE_SECTION_BODY_MAX_BYTES)}"}]}`,
    });
    expect(res.statusCode).toBe(413);
  });

  it('an editor’s largest allowed section is within the body limit (the limit fits the schema)', async () => {
    const [section] = richTextBodies();
    const bytes = Buffer.byteLength(JSON.stringify(section.body));
    expect(bytes).toBeLessThanOrEqual(PAGE_SECTION_BODY_MAX_BYTES);
  });

  it('a HEAD request does not slip past the guard of a GET route', async () => {
    const guarded = routeTable(ctx.app).filter(
      (route) =>
        route.method === 'GET' && route.access && route.access !== 'public' && route.paramNames.length === 0,
    );
    expect(guarded.length).toBeGreaterThan(10);
    for (const route of guarded) {
      const res = await ctx.app.inject({ method: 'HEAD', url: route.url });
      expect(res.statusCode, route.key).toBe(401);
    }
  });

  it('a method-override header does not turn a guarded write into a public read', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/news',
      headers: { 'x-http-method-override': 'GET', 'x-method-override': 'GET' },
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('no route without declared access, no route without a matrix row', () => {
  /** A bare app with the route-access plugin and one route registered by `add`. */
  async function appWith(add: (app: ReturnType<typeof Fastify>) => void) {
    const app = Fastify({ logger: false });
    await app.register(routeAccess);
    add(app);
    return app;
  }

  it('a route under /api/v1/ with no guard and no public declaration stops the app from starting', async () => {
    const app = await appWith((a) => a.post('/api/v1/forgotten', async () => ({ ok: true })));
    await expect(app.ready()).rejects.toThrow(/POST \/api\/v1\/forgotten declares no access/);
  });

  it('a permission guard left in preHandler (after the body is validated) stops the app from starting', async () => {
    const guard = ctx.app.requirePermission('CanUpdateContent');
    const app = await appWith((a) =>
      a.post('/api/v1/late', { preHandler: guard }, async () => ({ ok: true })),
    );
    await expect(app.ready()).rejects.toThrow(
      /POST \/api\/v1\/late: its access guard \(CanUpdateContent\) is a preHandler/,
    );
  });

  it('a route guarded in onRequest, or declared public by its schema, starts', async () => {
    const guard = ctx.app.requirePermission('CanUpdateContent');
    const app = await appWith((a) => {
      a.post('/api/v1/guarded', { onRequest: guard }, async () => ({ ok: true }));
      a.get('/api/v1/open', { schema: { security: PUBLIC } }, async () => ({ ok: true }));
    });
    await expect(app.ready()).resolves.toBeDefined();
    expect(app.routeTable.map((route) => [route.method, route.url, route.access])).toEqual([
      ['POST', '/api/v1/guarded', 'CanUpdateContent'],
      ['GET', '/api/v1/open', 'public'],
      ['HEAD', '/api/v1/open', 'public'],
    ]);
    await app.close();
  });

  it('a route without a matrix row fails the build, hidden from the API document or not', async () => {
    const app = await appWith((a) => {
      a.get('/api/v1/shadow', { schema: { hide: true, security: PUBLIC } }, async () => ({ ok: true }));
      a.get('/shadow-page', async () => 'hidden page');
    });
    await app.ready();
    const { withoutRow } = compareWithRows(routeTable(app), AUTHORIZATION_MATRIX);
    expect(withoutRow).toEqual(['GET /api/v1/shadow', 'GET /shadow-page']);
    await app.close();
  });

  it('a matrix row whose route is gone fails the build', () => {
    const { withoutRoute } = compareWithRows(routeTable(ctx.app), {
      ...AUTHORIZATION_MATRIX,
      'DELETE /api/v1/everything': {},
    });
    expect(withoutRoute).toEqual(['DELETE /api/v1/everything']);
  });
});
