/**
 * Sign-in against a real database: login page, single-use codes, tokens and their keys, redirects, rate
 * limits per address and per account and network, refresh, single sign-on into the exercise area, the session.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { MESSAGES } from '@portal/shared/errors';
import { useTestApp } from '../../testing/use-test-app.js';
import { postForm } from '../../testing/forms.js';
import { PASSWORD, TEST_PKCE, bearer } from '../../testing/fixtures.js';
import { eq } from 'drizzle-orm';
import { decodeProtectedHeader } from 'jose';
import {
  LOGIN_ACCOUNT_FAILURES_MAX,
  LOGIN_ADDRESS_FAILURES_MAX,
  LOGIN_SLOWDOWN_BASE_MS,
  LOGIN_SLOWDOWN_MAX_MS,
} from '@portal/shared/limits';
import { rateLimitBucket } from '../../db/schema/identity.js';
import { KEY_RETIREMENT_DELAY_MS, createTokenSigner } from './tokens.js';
import { insertAccount, insertClaims } from './accounts.repository.js';
import { checkRedirect } from '@portal/shared/redirects';
import { addAccountMessage } from './identity.service.js';
import { issueSsoCode } from './identity-codes.service.js';

const { ctx, accounts } = useTestApp();

const login = (form: Record<string, string>, ip = '10.0.0.1') =>
  postForm(ctx.app, '/auth/login', { ...TEST_PKCE.form, ...form }, { remoteAddress: ip });
/** The query the app's /login adds to the sign-in page (PKCE, S256). */
const PKCE_QUERY = new URLSearchParams(TEST_PKCE.form).toString();

describe('sign-in page', () => {
  it('shows the form with Email, Password and Sign in', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/auth/login?redirect=%2Fcourseware&referrer=%2Fcourseware&${PKCE_QUERY}`,
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
      url: `/auth/login?redirect=${encodeURIComponent('"><script>x</script>')}&${PKCE_QUERY}`,
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
    const exchange = { code, code_verifier: TEST_PKCE.verifier };
    const first = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: exchange });
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
    const reused = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: exchange });
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
    const base = { publicBaseUrl: 'http://localhost:3000' };
    const range = { ...base, exerciseAreaUrl: 'https://range.example.edu' };
    expect(checkRedirect('https://evil.example.com/x', base)).toBeNull();
    expect(checkRedirect('//evil.example.com/x', base)).toBeNull();
    expect(checkRedirect('/\\evil.example.com', base)).toBeNull();
    expect(checkRedirect('http://localhost:3000/courseware?a=1', base)?.href).toBe('/courseware?a=1');
    expect(checkRedirect('javascript:alert(1)', base)).toBeNull();
    expect(checkRedirect('https://user@range.example.edu/', range)).toBeNull();
    expect(checkRedirect('https://range.example.edu/x?y=1', range)?.href).toBe(
      'https://range.example.edu/x?y=1',
    );
    expect(checkRedirect('https://range.example.edu.evil.com/', range)).toBeNull();
    const res = await login(
      { email: 'faculty@test.example.edu', password: PASSWORD, redirect: 'https://evil.example.com/' },
      '10.0.0.4',
    );
    expect((res.headers.location as string).startsWith('/?s=')).toBe(true);
  });

  it('slows brute force on one address with 429 once its failures reach the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_ADDRESS_FAILURES_MAX; i++)
      statuses.push(
        (await login({ email: `someone-${i}@test.example.edu`, password: `guess-${i}` }, '10.0.0.9'))
          .statusCode,
      );
    expect(statuses.slice(0, LOGIN_ADDRESS_FAILURES_MAX).every((s) => s === 401)).toBe(true);
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

describe('rate limits kept in the database', () => {
  afterEach(() => vi.useRealTimers());

  it('slows guesses at one account from one network with a growing wait, never its owner elsewhere', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const guess = (i: number) =>
      login({ email: 'faculty@test.example.edu', password: `guess-${i}` }, '10.1.0.1');
    const statuses: number[] = [];
    const waits: number[] = [];
    for (let i = 0; i < LOGIN_ACCOUNT_FAILURES_MAX + 3; i++) {
      const res = await guess(i);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) waits.push(Number(res.headers['retry-after']));
    }
    expect(statuses.slice(0, LOGIN_ACCOUNT_FAILURES_MAX)).toEqual(
      Array(LOGIN_ACCOUNT_FAILURES_MAX).fill(401),
    );
    expect(statuses.slice(LOGIN_ACCOUNT_FAILURES_MAX)).toEqual([429, 429, 429]);
    // Each attempt while slowed doubles the wait.
    expect(waits).toEqual([2, 4, 8].map((n) => (n * LOGIN_SLOWDOWN_BASE_MS) / 1000));
    // Even the right password waits on the guessing network: guesses cannot be tested while it lasts.
    const there = await login({ email: 'faculty@test.example.edu', password: PASSWORD }, '10.1.0.1');
    expect(there.statusCode).toBe(429);
    expect(there.body).toContain('Too many sign-in attempts');
    // Its owner, on another network, is not refused.
    const owner = await login({ email: 'Faculty@Test.Example.edu', password: PASSWORD }, '10.1.1.1');
    expect(owner.statusCode).toBe(303);

    // Once the wait is over, the guessing network may try again: a right password clears its count.
    vi.setSystemTime(Date.now() + LOGIN_SLOWDOWN_MAX_MS + 1000);
    const later = await login({ email: 'faculty@test.example.edu', password: PASSWORD }, '10.1.0.1');
    expect(later.statusCode).toBe(303);
  });

  it('does not let an untrusted client pick its address with X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_ADDRESS_FAILURES_MAX; i++) {
      const res = await postForm(
        ctx.app,
        '/auth/login',
        { email: `nobody-${i}@test.example.edu`, password: 'x' },
        { remoteAddress: '10.4.0.1', headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts in the shared table, so a second instance sees the same attempts', async () => {
    const [row] = await ctx.database.db
      .select()
      .from(rateLimitBucket)
      .where(eq(rateLimitBucket.key, 'login:address:10.0.0.9'));
    expect(row!.count).toBe(LOGIN_ADDRESS_FAILURES_MAX);
  });

  it("clears the account's count for a network after a right password from it", async () => {
    const key = 'login:account:contenteditor@test.example.edu:failures:10.2.0.1';
    const bucket = () => ctx.database.db.select().from(rateLimitBucket).where(eq(rateLimitBucket.key, key));
    await login({ email: 'contenteditor@test.example.edu', password: 'wrong-1' }, '10.2.0.1');
    expect((await bucket())[0]!.count).toBe(1);
    await login({ email: 'contenteditor@test.example.edu', password: PASSWORD }, '10.2.0.1');
    expect(await bucket()).toEqual([]);
  });
});

describe('signing keys', () => {
  const session = (token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { authorization: `Bearer ${token}` },
    });
  const sign = async () =>
    (
      await ctx.app.tokens.sign({
        subject: accounts.faculty,
        displayName: 'F',
        email: 'f@x.edu',
        picture: null,
      })
    ).token;

  it('gives each token its own id, so two signed in the same second differ and both verify', async () => {
    const nowS = Math.floor(Date.now() / 1000);
    const identity = { subject: accounts.faculty, displayName: 'F', email: 'f@x.edu', picture: null };
    const [a, b] = await Promise.all([
      ctx.app.tokens.sign(identity, nowS),
      ctx.app.tokens.sign(identity, nowS),
    ]);
    expect(a.token).not.toBe(b.token);
    expect((await session(a.token)).statusCode).toBe(200);
    expect((await session(b.token)).statusCode).toBe(200);
  });

  it('names its key in the header and keeps old tokens valid across a rotation', async () => {
    const before = await sign();
    const kidBefore = decodeProtectedHeader(before).kid;
    expect(kidBefore).toMatch(/^k-/);
    const admin = await bearer(ctx.app, accounts.admin);
    const rotated = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/signing-keys/rotate',
      headers: admin,
    });
    expect(rotated.statusCode).toBe(200);
    const keys = rotated.json().items as { kid: string; isSigning: boolean; retiresAt: string | null }[];
    expect(keys.filter((k) => k.isSigning)).toHaveLength(1);
    expect(keys.find((k) => k.kid === kidBefore)!.retiresAt).not.toBeNull();
    expect(JSON.stringify(keys)).not.toContain('secret');

    const after = await sign();
    expect(decodeProtectedHeader(after).kid).not.toBe(kidBefore);
    expect((await session(before)).statusCode).toBe(200);
    expect((await session(after)).statusCode).toBe(200);
  });

  it('shares keys between instances and refuses a retired key', async () => {
    const other = await createTokenSigner(ctx.database.db, { secret: undefined });
    const fromOther = await other.sign({
      subject: accounts.faculty,
      displayName: 'F',
      email: 'f',
      picture: null,
    });
    expect((await session(fromOther.token)).statusCode).toBe(200);

    const old = await sign();
    await ctx.app.tokens.rotate(new Date(Date.now() - KEY_RETIREMENT_DELAY_MS - 1000));
    const res = await session(old);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('The access token is not valid.');
  });

  it('refuses a token naming an unknown key, and rotation when the key comes from JWT_SECRET', async () => {
    const good = await sign();
    const [, p, sig] = good.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: 'k-nope' })).toString(
      'base64url',
    );
    expect((await session(`${header}.${p}.${sig}`)).statusCode).toBe(401);

    const secret = 'an-environment-secret-of-32-characters!';
    const env = await createTokenSigner(ctx.database.db, {
      secret,
      previousSecrets: ['the-previous-environment-secret-32chars'],
    });
    await expect(env.rotate()).rejects.toMatchObject({ code: 'conflict' });
    const prev = await createTokenSigner(ctx.database.db, {
      secret: 'the-previous-environment-secret-32chars',
    });
    const signedBefore = await prev.sign({
      subject: accounts.faculty,
      displayName: 'F',
      email: 'f',
      picture: null,
    });
    expect((await env.verify(signedBefore.token)).subject).toBe(accounts.faculty);
    // Database keys still verify after switching to JWT_SECRET.
    expect((await env.verify(await sign())).subject).toBe(accounts.faculty);
  });
});

describe('refresh, single sign-on and the session', () => {
  it('refreshes a valid token and checks the role claim again', async () => {
    const auth = await bearer(ctx.app, accounts.student);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.expiresIn).toBe(3600);
    expect(body.accessToken).not.toBe(auth.authorization.slice(7));

    const noRole = await createAccount('norole@test.example.edu', []);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: await bearer(ctx.app, noRole),
    });
    expect(refused.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/refresh' })).statusCode).toBe(401);
  });

  it('refuses to refresh an expired token', async () => {
    const { token } = await ctx.app.tokens.sign(
      { subject: accounts.faculty, displayName: 'F', email: 'f', picture: null },
      Math.floor(Date.now() / 1000) - 7200,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('jwt expired');
  });

  it('gives a single-use code for the exercise area to those who may view it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sso',
      headers: await bearer(ctx.app, accounts.faculty),
    });
    expect(res.statusCode).toBe(200);
    const { code } = res.json();
    const payload = { code, audience: 'exercise-area' };
    const first = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload });
    expect(first.statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload });
    expect(again.statusCode).toBe(401);

    const student = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sso',
      headers: await bearer(ctx.app, accounts.student),
    });
    expect(student.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/sso' })).statusCode).toBe(401);
  });

  it('refuses a code after its minute', async () => {
    const code = await issueSsoCode(
      ctx.database.db,
      { accountId: accounts.faculty, audience: 'portal', codeChallenge: TEST_PKCE.challenge },
      new Date(Date.now() - 61_000),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: { code, code_verifier: TEST_PKCE.verifier },
    });
    expect(res.statusCode).toBe(401);
  });

  it('lists the claims in effect, role claims expanded', async () => {
    const id = await createAccount('onlyrole@test.example.edu', [{ type: 'role', value: 'faculty' }]);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/claims',
      headers: await bearer(ctx.app, id),
    });
    expect(res.statusCode).toBe(200);
    const claims = res.json().claims as { type: string; value: string }[];
    expect(claims).toContainEqual({ type: 'role', value: 'faculty' });
    expect(claims).toContainEqual({ type: 'product', value: 'courseware' });
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: await bearer(ctx.app, id),
    });
    expect(session.json().permissions.CanViewFiles).toBe(true);
    expect(session.json().impersonator).toBeNull();
  });

  it('lists the account messages and marks one read, only for its owner', async () => {
    const id = await addAccountMessage(ctx.database.db, {
      accountId: accounts.faculty,
      message: 'You were invited to the course Network Security.',
      link: '/courseware/network-security',
    });
    const auth = await bearer(ctx.app, accounts.faculty);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/messages', headers: auth });
    expect(list.json().items).toEqual([
      {
        id,
        message: 'You were invited to the course Network Security.',
        link: '/courseware/network-security',
      },
    ]);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/auth/messages/${id}/read`,
      headers: await bearer(ctx.app, accounts.student),
    });
    expect(foreign.statusCode).toBe(404);
    const read = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/auth/messages/${id}/read`,
      headers: auth,
    });
    expect(read.statusCode).toBe(204);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/messages', headers: auth })).json().items,
    ).toEqual([]);
  });

  it('takes error reports from the browser', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/client-errors',
      payload: {
        code: 'internal',
        message: 'Something broke.',
        url: 'http://localhost/courseware',
        status: 500,
      },
    });
    expect(res.statusCode).toBe(204);
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/v1/client-errors', payload: { code: 1 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('sign-in redirects', () => {
  it('returns to the exercise area with an absolute address', async () => {
    const res = await login(
      { email: 'faculty@test.example.edu', password: PASSWORD, redirect: 'https://range.example.edu/start' },
      '10.3.0.1',
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location as string).toMatch(/^https:\/\/range\.example\.edu\/start\?s=/);
  });

  it('keeps the back link on this site', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/auth/login?referrer=${encodeURIComponent('//evil.example.com/')}&${PKCE_QUERY}`,
    });
    expect(res.body).not.toContain('evil.example.com');
  });
});

async function createAccount(email: string, claims: { type: string; value: string }[]): Promise<string> {
  const row = await insertAccount(ctx.database.db, {
    email,
    displayName: email,
    passwordHash: null,
    verified: true,
  });
  await insertClaims(ctx.database.db, row.id, claims);
  return row.id;
}
