/** The browser's configuration, the OpenAPI document and the JSON 404 of unknown API paths. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvJsonSchema } from '@portal/shared/schemas/site';
import { loadConfig } from '../../config.js';
import { createTestContext, type TestContext } from '../../testing/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    FEATURE_NEWS: 'true',
    FEATURE_TITLE_IMAGE: 'false',
    RANGE_UI_URL: 'https://range.test',
  });
});
afterAll(async () => ctx?.close());

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
