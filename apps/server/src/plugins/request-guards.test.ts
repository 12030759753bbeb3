/**
 * Input and output guards (issue 9; ASVS 1, 5): a control character in any text field, query or path is
 * a 400 naming the field, never a 500; a forged page token is a 400; signed-in API answers are not cached.
 */
import { describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { useTestApp } from '../testing/use-test-app.js';
import { bearer } from '../testing/fixtures.js';
import { encodePageToken } from '../lib/page-token.js';

const { ctx, accounts, tree } = useTestApp({ tree: true });

const as = async (role: Role) => bearer(ctx.app, accounts[role]);
const issuesOf = (body: string) =>
  (JSON.parse(body) as { details: { issues: { field: string }[] } }).details.issues;

describe('control characters', () => {
  it('refuses NUL in the sign-up name with 400, not 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/signup',
      headers: { origin: ctx.config.publicBaseUrl },
      payload: {
        displayName: 'Ada\u0000Lovelace',
        email: 'ada.nul@example.edu',
        password: 'a long enough password',
        confirmPassword: 'a long enough password',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('displayName');
  });

  it('names the JSON field, the query value or the path parameter that holds one', async () => {
    const editor = await as('contenteditor');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: editor,
      payload: { name: 'Course\u0000', description: '<p>About it.</p>' },
    });
    expect(created.statusCode).toBe(400);
    expect(issuesOf(created.body)).toEqual([
      { field: 'body.name', message: 'must not contain control characters' },
    ]);

    const contributor = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contributors',
      headers: editor,
      payload: { firstName: 'A', lastName: 'B\u0007', school: 'C', email: 'a@b.edu' },
    });
    expect(contributor.statusCode).toBe(400);
    expect(issuesOf(contributor.body)[0]!.field).toBe('body.lastName');

    const search = await ctx.app.inject({ method: 'GET', url: '/api/v1/content/search?q=xss%00' });
    expect(search.statusCode).toBe(400);
    expect(issuesOf(search.body)[0]!.field).toBe('query.q');

    const detail = await ctx.app.inject({ method: 'GET', url: '/api/v1/content/network%00course' });
    expect(detail.statusCode).toBe(400);
    expect(issuesOf(detail.body)[0]!.field).toBe('params.id');
  });

  it('allows tabs and line breaks in body text (multi-line fields)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: await as('contenteditor'),
      payload: { name: 'Multi-line course', description: '<p>One\n\tand two\r\n</p>' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('forged page tokens', () => {
  it('answers 400 for a token whose fields are not of their type, or hold a control character', async () => {
    const editor = await as('contenteditor');
    const forged = [
      ['/api/v1/content', { t: 'yesterday', i: tree.lab }],
      ['/api/v1/content', { t: 7, i: tree.lab }],
      ['/api/v1/contributors', { i: 'a\u0000b' }],
      ['/api/v1/knowledge', { i: ['tks-T0001'] }],
      ['/api/v1/content/search?q=xss', { q: 'xss', r: 'high', n: 'x', i: tree.lab }],
      ['/api/v1/content/search?q=xss', { q: 'xss', r: 1, n: '\u0000', i: tree.lab }],
    ] as const;
    for (const [url, cursor] of forged) {
      const joiner = url.includes('?') ? '&' : '?';
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${url}${joiner}nextPageToken=${encodePageToken(cursor)}`,
        headers: editor,
      });
      expect(res.statusCode, `${url} ${JSON.stringify(cursor)}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
  });
});

describe('Cache-Control', () => {
  it('is no-store on every API answer to a signed-in caller, and left alone for visitors', async () => {
    const faculty = await as('faculty');
    for (const url of [`/api/v1/content/${tree.lab}`, '/api/v1/knowledge', '/api/v1/auth/session']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: faculty });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/v1/knowledge' });
    expect(visitor.headers['cache-control']).toBe('public, max-age=300');
  });
});
