/** Sign-in against a real database: login page, single-use codes, tokens, redirects, rate limit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { MESSAGES } from '@portal/shared/errors';
import type { Role } from '@portal/shared/enums';
import { createTestContext, type TestContext } from '../../testing/test-app.js';
import { PASSWORD, bearer, createAccounts } from '../../testing/fixtures.js';
import { safeRedirect } from './identity.service.js';

let ctx: TestContext;
let accounts: Record<Role, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  accounts = await createAccounts(ctx.database.db);
});
afterAll(async () => ctx?.close());

const login = (form: Record<string, string>, ip = '10.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

describe('sign-in page', () => {
  it('shows the form with Email, Password and Sign in', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/auth/login?redirect=%2Fcourseware&referrer=%2Fcourseware',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<label for="email">Email</label>');
    expect(res.body).toContain('<label for="password">Password</label>');
    expect(res.body).toContain('>Sign in</button>');
    expect(res.body).toContain('value="/courseware"');
  });

  it('escapes what it echoes back', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/auth/login?redirect=${encodeURIComponent('"><script>x</script>')}`,
    });
    expect(res.body).not.toContain('<script>x</script>');
  });

  it('returns to the redirect with a single-use code that buys one access token', async () => {
    const res = await login(
      { email: 'Faculty@Test.Example.edu', password: PASSWORD, redirect: '/courseware/abc?q=x' },
      '10.0.0.2',
    );
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string, 'http://localhost');
    expect(location.pathname).toBe('/courseware/abc');
    expect(location.searchParams.get('q')).toBe('x');
    const code = location.searchParams.get('s')!;
    const first = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: { code } });
    expect(first.statusCode).toBe(200);
    const { accessToken } = first.json();
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(session.json().identity.email).toBe('faculty@test.example.edu');
    expect(session.json().permissions.CanViewFiles).toBe(true);
    expect(session.json().permissions.CanUpdateContent).toBe(false);
    const reused = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: { code } });
    expect(reused.statusCode).toBe(401);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const unknown = await login({ email: 'nobody@test.example.edu', password: PASSWORD }, '10.0.0.3');
    const wrong = await login({ email: 'faculty@test.example.edu', password: 'wrong-password' }, '10.0.0.3');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toContain(MESSAGES.invalidCredentials);
    expect(wrong.body.replace(/value="[^"]*"/g, '')).toBe(unknown.body.replace(/value="[^"]*"/g, ''));
  });

  it('never redirects to another site', async () => {
    expect(safeRedirect('https://evil.example.com/x', 'http://localhost:3000')).toBe('/');
    expect(safeRedirect('//evil.example.com/x', 'http://localhost:3000')).toBe('/');
    expect(safeRedirect('/\\evil.example.com', 'http://localhost:3000')).toBe('/');
    expect(safeRedirect('http://localhost:3000/courseware?a=1', 'http://localhost:3000')).toBe(
      '/courseware?a=1',
    );
    const res = await login(
      { email: 'faculty@test.example.edu', password: PASSWORD, redirect: 'https://evil.example.com/' },
      '10.0.0.4',
    );
    expect((res.headers.location as string).startsWith('/?s=')).toBe(true);
  });

  it('slows brute force on one address with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await login({ email: 'admin@test.example.edu', password: `guess-${i}` }, '10.0.0.9')).statusCode,
      );
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('access tokens', () => {
  const session = (authorization: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { authorization } });

  it('accepts a token signed by the server', async () => {
    expect((await session((await bearer(ctx.app, accounts.faculty)).authorization)).statusCode).toBe(200);
  });

  it('refuses forged, foreign-key, expired, alg none and malformed tokens with 401', async () => {
    const good = (await bearer(ctx.app, accounts.admin)).authorization.slice('Bearer '.length);
    const [h, p] = good.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(p!, 'base64url').toString()),
        sub: accounts.admin,
        displayName: 'x',
      }),
    ).toString('base64url');
    const other = await new SignJWT({ provider: 'portal' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(accounts.admin)
      .setIssuer('range-portal')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-key-another-key-another-key!!'));
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const { token: expired } = await ctx.app.tokens.sign(
      { subject: accounts.admin, displayName: 'A', email: 'a@x.edu', picture: null },
      Math.floor(Date.now() / 1000) - 7200,
    );
    for (const token of [`${h}.${forgedPayload}.${good.split('.')[2]}`, other, none, expired, 'not-a-jwt']) {
      const res = await session(`Bearer ${token}`);
      expect(res.statusCode, token).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
    expect((await session(`Bearer ${expired}`)).json().message).toBe('jwt expired');
    expect((await session('Basic abc')).statusCode).toBe(401);
  });

  it('refuses a bad token even on public endpoints, so clients drop it', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/content/search',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a malformed code with 400', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: { code: 'short' } }))
        .statusCode,
    ).toBe(400);
  });
});
