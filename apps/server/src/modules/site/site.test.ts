/**
 * The browser's configuration, the OpenAPI document, the JSON 404 of unknown API paths and of every other
 * server path (issue 34), and the app's page for the rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { UNSAFE_SITE_INCIDENTS_PAGE_SIZE } from '@portal/shared/limits';
import { isServerPath } from '@portal/shared/server-paths';
import {
  EnvJsonSchema,
  SiteSettingsSchema,
  UnsafeSiteIncidentsResponseSchema,
} from '@portal/shared/schemas/site';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { bearer } from '../../testing/fixtures.js';
import { routeTable } from '../../testing/route-table.js';
import { useTestApp } from '../../testing/use-test-app.js';

const { ctx, accounts } = useTestApp({
  env: {
    FEATURE_NEWS: 'true',
    FEATURE_TITLE_IMAGE: 'false',
    RANGE_UI_URL: 'https://range.test',
    CAREERS_URL: 'https://careers.test/jobs',
  },
});

const as = (role: Role) => bearer(ctx.app, accounts[role]);

describe('GET /dist/env.json', () => {
  it('gives the flags and addresses of the configuration, defaults included', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dist/env.json?t=123' });
    expect(res.statusCode).toBe(200);
    const env = EnvJsonSchema.parse(res.json());
    expect(env.brand).toBe('national');
    expect(env.rangeUiUrl).toBe('https://range.test');
    expect(env.features.news).toBe(true);
    expect(env.features.titleImage).toBe(false);
    expect(env.features.coursewareSearch).toBe(true);
    expect(env.features.events).toBe(false);
    expect(env.features.weeklyWorkshop).toBe(true);
    expect(env.careersUrl).toBe('https://careers.test/jobs');
    expect(env.conferenceUrl).toBeNull();
    expect(env.pinnedFeatures.sort()).toEqual(['news', 'titleImage']);
  });
});

describe('site settings', () => {
  it('lets only admins read and switch flags', async () => {
    const url = '/api/v1/site/settings';
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const role of ['student', 'faculty', 'contenteditor'] as const) {
      const get = await ctx.app.inject({ method: 'GET', url, headers: await as(role) });
      expect(get.statusCode, role).toBe(403);
      const put = await ctx.app.inject({
        method: 'PUT',
        url,
        headers: await as(role),
        payload: { flags: { jobs: true } },
      });
      expect(put.statusCode, role).toBe(403);
    }
    const res = await ctx.app.inject({ method: 'GET', url, headers: await as('admin') });
    expect(res.statusCode).toBe(200);
    const jobs = SiteSettingsSchema.parse(res.json()).flags.find((f) => f.flag === 'jobs');
    expect(jobs).toEqual({ flag: 'jobs', isOn: false, defaultValue: false, isPinned: false, override: null });
  });

  it('switches a flag, shows it in env.json at once, and returns it to its default', async () => {
    const url = '/api/v1/site/settings';
    const headers = await as('admin');
    const put = await ctx.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { flags: { jobs: true, home: false } },
    });
    expect(put.statusCode).toBe(200);
    const settings = SiteSettingsSchema.parse(put.json());
    expect(settings.flags.find((f) => f.flag === 'jobs')).toMatchObject({ isOn: true, override: true });
    let env = EnvJsonSchema.parse((await ctx.app.inject({ method: 'GET', url: '/dist/env.json' })).json());
    expect(env.features.jobs).toBe(true);
    expect(env.features.home).toBe(false);

    const reset = await ctx.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { flags: { jobs: null, home: null } },
    });
    expect(reset.statusCode).toBe(200);
    env = EnvJsonSchema.parse((await ctx.app.inject({ method: 'GET', url: '/dist/env.json' })).json());
    expect(env.features.jobs).toBe(false);
    expect(env.features.home).toBe(true);
  });

  it('refuses a pinned flag with 409 and changes nothing', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/site/settings',
      headers: await as('admin'),
      payload: { flags: { jobs: true, news: false } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', details: { field: 'flags.news' } });
    const env = EnvJsonSchema.parse((await ctx.app.inject({ method: 'GET', url: '/dist/env.json' })).json());
    expect(env.features.jobs).toBe(false);
    expect(env.features.news).toBe(true);
  });

  it('answers 400 naming the field for an unknown flag, a non-boolean or an empty change', async () => {
    const headers = await as('admin');
    for (const payload of [{ flags: { nonsense: true } }, { flags: { jobs: 'yes' } }, { flags: {} }, {}]) {
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/v1/site/settings', headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json())).toContain('flags');
    }
  });
});

describe('unsafe-site incidents', () => {
  const url = '/api/v1/site/unsafe-site-incidents';

  it('are reported by anyone and listed for admins only, newest first, paged', async () => {
    const first = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { address: 'http://blocked.test/page' },
      headers: { 'user-agent': 'TestBrowser/1.0' },
    });
    expect(first.statusCode).toBe(204);
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url,
      payload: {},
      headers: { ...(await as('student')), 'x-forwarded-for': '198.51.100.7' },
    });
    expect(signedIn.statusCode).toBe(204);

    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const role of ['student', 'faculty', 'contenteditor'] as const)
      expect((await ctx.app.inject({ method: 'GET', url, headers: await as(role) })).statusCode, role).toBe(
        403,
      );

    const res = await ctx.app.inject({ method: 'GET', url, headers: await as('admin') });
    expect(res.statusCode).toBe(200);
    const page = UnsafeSiteIncidentsResponseSchema.parse(res.json());
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({ address: null, reporterEmail: 'student@test.example.edu' });
    expect(page.items[1]).toMatchObject({
      address: 'http://blocked.test/page',
      userAgent: 'TestBrowser/1.0',
      reporterEmail: null,
    });
    expect(page.nextPageToken).toBeNull();
  });

  it('pages by nextPageToken without repeating an incident', async () => {
    for (let i = 0; i < UNSAFE_SITE_INCIDENTS_PAGE_SIZE; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        payload: { address: `http://blocked.test/${i}` },
        // Reports are limited per network address: each comes from its own.
        remoteAddress: `192.0.2.${i}`,
      });
      expect(res.statusCode).toBe(204);
    }
    const headers = await as('admin');
    const first = UnsafeSiteIncidentsResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url, headers })).json(),
    );
    expect(first.items).toHaveLength(UNSAFE_SITE_INCIDENTS_PAGE_SIZE);
    expect(first.nextPageToken).toBeTruthy();
    const second = UnsafeSiteIncidentsResponseSchema.parse(
      (
        await ctx.app.inject({ method: 'GET', url: `${url}?pageToken=${first.nextPageToken}`, headers })
      ).json(),
    );
    expect(second.items).toHaveLength(2);
    const ids = new Set([...first.items, ...second.items].map((i) => i.id));
    expect(ids.size).toBe(UNSAFE_SITE_INCIDENTS_PAGE_SIZE + 2);
    const bad = await ctx.app.inject({ method: 'GET', url: `${url}?pageToken=abc`, headers });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an over-long address with 400 naming the field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url, payload: { address: 'x'.repeat(5000) } });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('address');
  });
});

describe('the single-page app', () => {
  /** The app with a built web app to serve: its index.html only. */
  let web: FastifyInstance;
  beforeAll(async () => {
    const webDistDir = path.join(ctx.dataDir, 'web');
    fs.mkdirSync(webDistDir, { recursive: true });
    fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>App</title>');
    web = await buildApp({
      config: { ...ctx.config, webDistDir },
      database: ctx.database,
      fileStore: ctx.fileStore,
      logger: false,
    });
  });
  afterAll(async () => {
    await web?.close();
  });

  it('answers HEAD on an app route like GET', async () => {
    const get = await web.inject({ method: 'GET', url: '/courseware' });
    const head = await web.inject({ method: 'HEAD', url: '/courseware' });
    expect(get.statusCode).toBe(200);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.body).toBe('');
    expect((await web.inject({ method: 'HEAD', url: '/api/v1/nothing' })).statusCode).toBe(404);
  });

  it("answers a missing file, feed or server address with a 404, never the app's page (issue 34)", async () => {
    for (const url of ['/news/feed.rss', '/assets/index-gone.js', '/dist/nothing.json', '/auth/nothing']) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'not_found' });
    }
    // A browser asks for /favicon.ico where a page names no icon: the sign-in pages name the site's.
    expect((await web.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(404);
    const signUp = await web.inject({ method: 'GET', url: '/auth/signup' });
    expect(signUp.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    for (const url of ['/news/news-feed-for-your-reader', '/coverage', '/lti/start']) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('registers every GET route at a server path, so the app never links to one through its router', () => {
    const gets = routeTable(ctx.app).filter((route) => route.method === 'GET');
    expect(gets.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/news/feed.xml', '/dist/env.json', '/robots.txt', '/sitemap.xml']),
    );
    // Parameters filled as an app page's alias would be written: lower-case words, no file name.
    const unowned = gets
      .map((route) => route.url.replace(/:\w+/g, 'an-alias').replace(/\*$/, 'a-page'))
      .filter((url) => !isServerPath(url));
    expect(unowned).toEqual([]);
  });
});

describe('configuration', () => {
  it('picks the state variant by base domain and fails fast naming a bad variable', () => {
    expect(loadConfig({ BASE_DOMAIN: 'cyber.state.example.gov' }).brand).toBe('state');
    expect(loadConfig({}).brand).toBe('national');
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ FEATURE_NEWS: 'yes' })).toThrow(/FEATURE_NEWS/);
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' }).seedDemo).toBe(false);
  });
});

describe('API surface', () => {
  it('serves the OpenAPI document at /api/openapi.json', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/v1/content/search');
  });
  it('shows the interactive reference at /api/docs from this server only, under the site CSP', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(https?:|\*)/);
    // Every script and stylesheet the page loads is a relative path on this server.
    const sources = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      expect(source).not.toMatch(/^(https?:)?\/\//);
      const asset = await ctx.app.inject({
        method: 'GET',
        url: new URL(source, 'http://x/api/docs/').pathname,
      });
      expect(asset.statusCode, source).toBe(200);
    }
  });
  it("sends a global CSP with object-src 'none' and base-uri 'none' (ASVS 5.0 3.4.3)", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    const csp = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim());
    expect(csp).toEqual(
      expect.arrayContaining(["object-src 'none'", "base-uri 'none'", "script-src 'self'"]),
    );
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
  it('refuses the session endpoint without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/session' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });
});
