/**
 * Sessions that can be ended (issue 9, ASVS 7): logout, a password reset and a change of roles or
 * claims end every earlier token at once; the absolute session lifetime; exercise-area codes and tokens
 * kept to their audience; secrets kept out of the logs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { SESSION_MAX_AGE_DAYS_DEFAULT } from '@portal/shared/limits';
import { loadConfig } from '../../config.js';
import { PASSWORD, TEST_PKCE, bearer, createAccounts } from '../../testing/fixtures.js';
import { postForm } from '../../testing/forms.js';
import { buildLoggedApp } from '../../testing/log-capture.js';
import { createTestContext } from '../../testing/test-app.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { createEmailLinkToken } from './account-links.service.js';
import { insertAccount, insertClaims } from './accounts.repository.js';
import { hashPassword } from './identity.service.js';
import { issueSsoCode } from './identity-codes.service.js';

const { ctx, accounts } = useTestApp();
let admin: { authorization: string };

beforeAll(async () => {
  admin = await bearer(ctx.app, accounts.admin);
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: object, payload?: object) =>
  ctx.app.inject({ method, url, headers: headers as Record<string, string>, payload });
const sessionStatus = async (auth: { authorization: string }) =>
  (await inject('GET', '/api/v1/auth/session', auth)).statusCode;
const refreshStatus = async (auth: { authorization: string }) =>
  (await inject('POST', '/api/v1/auth/refresh', auth)).statusCode;

/** A new account with one role and the test password. */
async function newAccount(email: string, role: Role): Promise<string> {
  const row = await insertAccount(ctx.database.db, {
    email,
    displayName: email,
    passwordHash: await hashPassword(PASSWORD),
    verified: true,
  });
  await insertClaims(ctx.database.db, row.id, [{ type: 'role', value: role }]);
  return row.id;
}

/** An access token the way the browser gets one: a sign-on code exchanged at /auth/token. */
async function signedIn(accountId: string): Promise<{ authorization: string }> {
  const code = await issueSsoCode(ctx.database.db, {
    accountId,
    audience: 'portal',
    codeChallenge: TEST_PKCE.challenge,
  });
  const res = await inject('POST', '/api/v1/auth/token', {}, { code, code_verifier: TEST_PKCE.verifier });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().accessToken}` };
}

describe('a session ends for real', () => {
  it('logout ends every session of the account at once, refresh included', async () => {
    const id = await newAccount('logout@test.example.edu', 'faculty');
    const first = await signedIn(id);
    const second = await signedIn(id);
    expect(await sessionStatus(second)).toBe(200);

    expect((await inject('POST', '/api/v1/auth/logout', first)).statusCode).toBe(204);
    const refused = await inject('GET', '/api/v1/auth/session', second);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Your session has ended. Please sign in again.');
    expect(await refreshStatus(second)).toBe(401);
    expect(await sessionStatus(first)).toBe(401);
    // A new sign-in works.
    expect(await sessionStatus(await signedIn(id))).toBe(200);
    expect((await inject('POST', '/api/v1/auth/logout')).statusCode).toBe(401);
  });

  it('a password reset ends the sessions from before it', async () => {
    const id = await newAccount('reset@test.example.edu', 'faculty');
    const before = await signedIn(id);
    const token = await createEmailLinkToken(ctx.database.db, { accountId: id, purpose: 'reset' });
    const res = await postForm(ctx.app, '/auth/reset-password', {
      token,
      password: 'a brand new password',
      confirmPassword: 'a brand new password',
    });
    expect(res.statusCode).toBe(200);
    expect(await sessionStatus(before)).toBe(401);
    expect(await refreshStatus(before)).toBe(401);
  });

  it('a change of roles or claims ends the sessions from before it', async () => {
    const id = await newAccount('roles@test.example.edu', 'student');
    const url = `/api/v1/admin/users/${id}`;
    const changes: [string, () => Promise<number>][] = [
      ['grant role', async () => (await inject('PUT', `${url}/roles/faculty`, admin)).statusCode],
      ['remove role', async () => (await inject('DELETE', `${url}/roles/faculty`, admin)).statusCode],
      [
        'grant claim',
        async () =>
          (await inject('POST', `${url}/claims`, admin, { type: 'view-archived-content', value: 'true' }))
            .statusCode,
      ],
    ];
    for (const [what, change] of changes) {
      const before = await signedIn(id);
      expect(await change(), what).toBe(200);
      expect(await sessionStatus(before), what).toBe(401);
      expect(await refreshStatus(before), what).toBe(401);
      expect(await sessionStatus(await signedIn(id)), what).toBe(200);
    }
    const claimId = (await inject('GET', url, admin))
      .json()
      .claims.find((c: { type: string }) => c.type === 'view-archived-content').id;
    const before = await signedIn(id);
    expect((await inject('DELETE', `${url}/claims/${claimId}`, admin)).statusCode).toBe(200);
    expect(await sessionStatus(before)).toBe(401);
  });

  it('logging out while acting as another user ends the admin’s sessions, not the user’s', async () => {
    const user = await newAccount('acted@test.example.edu', 'faculty');
    const adminId = await newAccount('acting-admin@test.example.edu', 'admin');
    const adminAuth = await signedIn(adminId);
    const userAuth = await signedIn(user);
    const acting = await inject('POST', '/api/v1/auth/impersonate', adminAuth, { accountId: user });
    const actingAuth = { authorization: `Bearer ${acting.json().accessToken}` };
    expect((await inject('POST', '/api/v1/auth/logout', actingAuth)).statusCode).toBe(204);
    expect(await sessionStatus(actingAuth)).toBe(401);
    expect(await sessionStatus(adminAuth)).toBe(401);
    expect(await sessionStatus(userAuth)).toBe(200);
  });
});

describe('the absolute session lifetime', () => {
  const maxAgeS = SESSION_MAX_AGE_DAYS_DEFAULT * 86_400;
  const tokenSignedInAt = async (signedInAt: number) => {
    const { token } = await ctx.app.tokens.sign(
      { subject: accounts.faculty, displayName: 'F', email: 'f@x.edu', picture: null },
      undefined,
      { signedInAt },
    );
    return { authorization: `Bearer ${token}` };
  };

  it('is 14 days unless SESSION_MAX_AGE_DAYS says otherwise', () => {
    expect(loadConfig({}).sessionMaxAgeS).toBe(14 * 86_400);
    expect(loadConfig({ SESSION_MAX_AGE_DAYS: '1' }).sessionMaxAgeS).toBe(86_400);
    expect(() => loadConfig({ SESSION_MAX_AGE_DAYS: 'x' })).toThrow(/SESSION_MAX_AGE_DAYS/);
  });

  it('refuses a token, and its refresh, once the sign-in is older than the lifetime', async () => {
    const old = await tokenSignedInAt(Math.floor(Date.now() / 1000) - maxAgeS - 60);
    expect(await sessionStatus(old)).toBe(401);
    expect(await refreshStatus(old)).toBe(401);
  });

  it('does not let refreshing extend the session past its end', async () => {
    const signedInAt = Math.floor(Date.now() / 1000) - maxAgeS + 600;
    const res = await inject('POST', '/api/v1/auth/refresh', await tokenSignedInAt(signedInAt));
    expect(res.statusCode).toBe(200);
    expect(res.json().expiresAt).toBeLessThanOrEqual(signedInAt + maxAgeS);
    expect(res.json().expiresIn).toBeLessThanOrEqual(600);
    const claims = JSON.parse(Buffer.from(res.json().accessToken.split('.')[1], 'base64url').toString());
    expect(claims.auth_time).toBe(signedInAt);
  });

  it('a code exchange starts the session at the password check', async () => {
    const auth = await signedIn(accounts.faculty);
    const claims = JSON.parse(Buffer.from(auth.authorization.split('.')[1]!, 'base64url').toString());
    expect(Math.abs(claims.auth_time - Date.now() / 1000)).toBeLessThan(60);
    expect(claims.aud).toBe('portal');
  });
});

describe('exercise-area codes are for the exercise area only', () => {
  const exerciseAreaCode = async () => {
    const res = await inject('POST', '/api/v1/auth/sso', await signedIn(accounts.faculty));
    expect(res.statusCode).toBe(200);
    return res.json().code as string;
  };

  it('refuses an exercise-area code at /auth/token for a portal token, and uses it up', async () => {
    const code = await exerciseAreaCode();
    const portal = await inject('POST', '/api/v1/auth/token', {}, { code });
    expect(portal.statusCode).toBe(401);
    const after = await inject('POST', '/api/v1/auth/token', {}, { code, audience: 'exercise-area' });
    expect(after.statusCode).toBe(401);
  });

  it('exchanges it for a token of its audience, which the portal API refuses', async () => {
    const code = await exerciseAreaCode();
    const res = await inject('POST', '/api/v1/auth/token', {}, { code, audience: 'exercise-area' });
    expect(res.statusCode).toBe(200);
    const token = res.json().accessToken as string;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.aud).toBe('exercise-area');
    expect(await sessionStatus({ authorization: `Bearer ${token}` })).toBe(401);
    expect(await refreshStatus({ authorization: `Bearer ${token}` })).toBe(401);
  });

  it('never gives an exercise-area token for a portal code', async () => {
    const code = await issueSsoCode(ctx.database.db, {
      accountId: accounts.faculty,
      audience: 'portal',
      codeChallenge: TEST_PKCE.challenge,
    });
    const res = await inject(
      'POST',
      '/api/v1/auth/token',
      {},
      { code, audience: 'exercise-area', code_verifier: TEST_PKCE.verifier },
    );
    expect(res.statusCode).toBe(401);
  });

  it('sends sign-ins only to this portal or the configured exercise area', async () => {
    const signIn = (redirect: string) =>
      postForm(
        ctx.app,
        '/auth/login',
        { email: 'faculty@test.example.edu', password: PASSWORD, redirect, ...TEST_PKCE.form },
        { remoteAddress: '10.77.0.1' },
      );
    const range = await signIn('https://range.example.edu/start');
    expect(range.headers.location).toMatch(/^https:\/\/range\.example\.edu\/start\?s=/);
    const other = await signIn('https://range.example.org/start');
    expect(other.headers.location).toMatch(/^\/\?s=/);
  });
});

describe('without RANGE_UI_URL', () => {
  it('has no default exercise area', () => {
    expect(loadConfig({}).rangeUiUrl).toBeNull();
  });

  it('mints no exercise-area code and redirects nowhere else than this portal', async () => {
    const bare = await createTestContext({ RANGE_UI_URL: '' });
    try {
      const ids = await createAccounts(bare.database.db);
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sso',
        headers: await bearer(bare.app, ids.faculty),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('The exercise area is not configured.');
      const env = await bare.app.inject({ method: 'GET', url: '/dist/env.json' });
      expect(env.json().rangeUiUrl).toBe('');
      const login = await postForm(bare.app, '/auth/login', {
        email: 'faculty@test.example.edu',
        password: PASSWORD,
        redirect: 'https://range.example.edu/start',
        ...TEST_PKCE.form,
      });
      expect(login.headers.location).toMatch(/^\/\?s=/);
    } finally {
      await bare.close();
    }
  });
});

describe('secrets never reach the logs', () => {
  it('redacts reset, confirmation and sign-on secrets and the Authorization header', async () => {
    const { app: logged, lines } = await buildLoggedApp(ctx, 'trace');
    try {
      const id = await newAccount('logged@test.example.edu', 'faculty');
      const resetToken = await createEmailLinkToken(ctx.database.db, { accountId: id, purpose: 'reset' });
      const verifyToken = await createEmailLinkToken(ctx.database.db, { accountId: id, purpose: 'verify' });
      const req = (method: 'GET' | 'POST', url: string, extra: object = {}) =>
        logged.inject({ method, url, remoteAddress: '10.88.0.1', ...extra });

      // A reset: the link, then the form.
      expect((await req('GET', `/auth/reset-password?token=${resetToken}&redirect=%2F`)).statusCode).toBe(
        200,
      );
      const reset = await req('POST', '/auth/reset-password', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          token: resetToken,
          password: 'new password 1',
          confirmPassword: 'new password 1',
        }).toString(),
      });
      expect(reset.statusCode).toBe(200);
      await req('GET', `/auth/verify-email?token=${verifyToken}`);

      // A single sign-on: sign in, the code in `s`, the exchange, a bearer request, `?t=`.
      const signIn = await req('POST', '/auth/login', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          email: 'logged@test.example.edu',
          password: 'new password 1',
          redirect: '/courseware',
          ...TEST_PKCE.form,
        }).toString(),
      });
      const code = new URL(signIn.headers.location as string, 'http://x').searchParams.get('s')!;
      await req('GET', `/courseware?s=${code}`);
      const exchanged = await req('POST', '/api/v1/auth/token', {
        payload: { code, code_verifier: TEST_PKCE.verifier },
      });
      const accessToken = exchanged.json().accessToken as string;
      await req('GET', '/api/v1/auth/session', { headers: { authorization: `Bearer ${accessToken}` } });
      await req('GET', `/courseware?t=${accessToken}`);
      await req('POST', '/api/v1/client-errors', {
        payload: { code: 'internal', message: 'x', url: `http://localhost/courseware?s=${code}&q=ok` },
      });

      const log = lines.join('');
      expect(log).toContain('/auth/reset-password?token=[redacted]&redirect=%2F');
      expect(log).toContain('s=[redacted]&q=ok');
      for (const secret of [
        resetToken,
        verifyToken,
        code,
        accessToken,
        TEST_PKCE.verifier,
        'new password 1',
      ]) {
        expect(log.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
      }
    } finally {
      await logged.close();
    }
  });
});
