/**
 * The session (001 §4) and the error catalogue's session rules (001 §8), with only fetch mocked:
 * login needs the role claim, the refresh timer, logout per brand variant, answers that end the session,
 * and the error tracker.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/shared/errors';
import { makeSession } from '../testing/fixtures';
import { mockApi, reply } from '../testing/mock-api';
import { ApiError, apiRequest } from './api-client';
import { apiErrorOf } from './api-error-answer';
import {
  beginImpersonation,
  getAccessToken,
  getImpersonation,
  setAccessToken,
  setAccessTokenFromJwt,
} from './auth-token';
import { reportError, useReportedError } from './error-reporting';
import { createQueryClient } from './query-client';
import { bindSession, login, logout, refetchUserData, stopImpersonation } from './session';
import { QueryObserver } from '@tanstack/react-query';
import { z } from 'zod';
import { renderHook } from '@testing-library/react';

const token = (name: string, expiresIn = 3600) => ({
  accessToken: name,
  expiresAt: Math.floor(Date.now() / 1000) + expiresIn,
  expiresIn,
});

/** A JWT as the server makes it (the signature is not checked in the browser). */
function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=/g, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT', kid: 'k-1' })}.${part(payload)}.c2lnbmF0dXJl`;
}

function setup() {
  const queryClient = createQueryClient();
  bindSession(queryClient);
  return queryClient;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('login (001 §4)', () => {
  it('logs in with a stored token whose session holds the role claim', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => makeSession('faculty') });
    const queryClient = setup();
    setAccessToken(token('t-faculty'));
    expect(await login(queryClient)).toBe(true);
    expect(getAccessToken()).toBe('t-faculty');
  });

  it("refetches the signed-in person's data after login, but not the session it has just read", async () => {
    const { requests } = mockApi({
      'GET /api/v1/auth/session': () => makeSession('faculty'),
      'GET /api/v1/account/downloads': () => ({ items: [], nextPageToken: null }),
    });
    const queryClient = setup();
    setAccessToken(token('t-faculty'));
    expect(await login(queryClient)).toBe(true);
    // What a page shows: its queries are watched, so invalidating them fetches them again.
    const watched = [
      { queryKey: ['session', 't-faculty'], path: '/api/v1/auth/session' },
      { queryKey: ['my-downloads'], path: '/api/v1/account/downloads' },
    ].map(({ queryKey, path }) =>
      new QueryObserver(queryClient, {
        queryKey,
        queryFn: () => apiRequest(path, { schema: async () => z.unknown() }),
      }).subscribe(() => undefined),
    );
    await vi.waitFor(() => expect(queryClient.getQueryState(['my-downloads'])?.status).toBe('success'));
    const before = requests.length;
    await refetchUserData(queryClient);
    const asked = requests.slice(before).map((request) => request.url.pathname);
    expect(asked).toEqual(['/api/v1/account/downloads']);
    for (const stop of watched) stop();
  });

  it('clears the token and fails without the role claim', async () => {
    const session = makeSession('faculty');
    mockApi({
      'GET /api/v1/auth/session': () => ({
        ...session,
        claims: session.claims.filter((c) => c.type !== 'role'),
      }),
    });
    const queryClient = setup();
    setAccessToken(token('t-norole'));
    expect(await login(queryClient)).toBe(false);
    expect(getAccessToken()).toBeNull();
  });

  it('clears the token when authentication fails, but not when the server cannot be reached', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => reply(401, { code: 'unauthenticated', message: 'jwt expired' }),
    });
    const queryClient = setup();
    setAccessToken(token('t-refused'));
    expect(await login(queryClient)).toBe(false);
    expect(getAccessToken()).toBeNull();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    setAccessToken(token('t-offline'));
    expect(await login(queryClient)).toBe(false);
    expect(getAccessToken()).toBe('t-offline');
  });

  it('reads the lifetime of a bearer token from query t from its own claims', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(setAccessTokenFromJwt(jwt({ sub: 'x', iat: now, exp: now + 3600 }))).toBe(true);
    expect(getAccessToken()).toMatch(/^ey/);
    expect(setAccessTokenFromJwt(jwt({ sub: 'x', iat: now - 7200, exp: now - 3600 }))).toBe(false);
    expect(setAccessTokenFromJwt('not-a-jwt')).toBe(false);
  });
});

describe('the refresh timer (001 §4, §9)', () => {
  it('re-logs in 60 s before expiry with a new token', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { requests } = mockApi({
      'GET /api/v1/auth/session': () => makeSession('student'),
      'POST /api/v1/auth/refresh': () => token('t-second'),
    });
    const queryClient = setup();
    setAccessToken(token('t-first'));
    await login(queryClient);
    await vi.advanceTimersByTimeAsync((3600 - 61) * 1000);
    expect(requests.filter((r) => r.url.pathname === '/api/v1/auth/refresh')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2000);
    const refresh = requests.find((r) => r.url.pathname === '/api/v1/auth/refresh')!;
    expect(refresh.headers.get('Authorization')).toBe('Bearer t-first');
    expect(getAccessToken()).toBe('t-second');
    // And again before the new token's end.
    await vi.advanceTimersByTimeAsync(3600 * 1000);
    expect(requests.filter((r) => r.url.pathname === '/api/v1/auth/refresh')).toHaveLength(2);
  });

  it('keeps refreshing when a refresh gives back the same token string', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { requests } = mockApi({
      'GET /api/v1/auth/session': () => makeSession('student'),
      'POST /api/v1/auth/refresh': () => token('t-same'),
    });
    const queryClient = setup();
    setAccessToken(token('t-same'));
    await login(queryClient);
    const refreshes = () => requests.filter((r) => r.url.pathname === '/api/v1/auth/refresh');
    await vi.advanceTimersByTimeAsync((3600 - 59) * 1000);
    expect(refreshes()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3600 * 1000);
    expect(refreshes()).toHaveLength(2);
    expect(getAccessToken()).toBe('t-same');
  });

  it('stays logged in when a page logs in again while a refresh is on its way', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let answerRefresh: (value: unknown) => void = () => undefined;
    const { requests } = mockApi({
      'GET /api/v1/auth/session': () => makeSession('student'),
      'POST /api/v1/auth/refresh': () => new Promise((resolve) => (answerRefresh = resolve)),
    });
    const queryClient = setup();
    setAccessToken(token('t-old'));
    await login(queryClient);
    await vi.advanceTimersByTimeAsync((3600 - 59) * 1000);
    expect(requests.filter((r) => r.url.pathname === '/api/v1/auth/refresh')).toHaveLength(1);
    // 59 s left and no timer while the refresh runs: a navigation's login must not log out.
    expect(await login(queryClient)).toBe(true);
    expect(getAccessToken()).toBe('t-old');
    answerRefresh(token('t-new'));
    await vi.advanceTimersByTimeAsync(0);
    expect(getAccessToken()).toBe('t-new');
  });

  it('logs out with "Your session has expired." when the refresh fails', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    mockApi({
      'GET /api/v1/auth/session': () => makeSession('student'),
      'POST /api/v1/auth/refresh': () =>
        reply(401, {
          code: 'unauthenticated',
          message: 'Your account has no role yet. Please contact support.',
        }),
      'POST /api/v1/client-errors': () => reply(204, null),
    });
    const queryClient = setup();
    setAccessToken(token('t-doomed'));
    await login(queryClient);
    await vi.advanceTimersByTimeAsync(3545 * 1000);
    expect(getAccessToken()).toBeNull();
    const { result } = renderHook(() => useReportedError());
    expect(result.current?.message).toBe(MESSAGES.sessionExpired);
  });

  it('logs out at once when not more than 60 s remain', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => makeSession('student') });
    const queryClient = setup();
    setAccessToken(token('t-short', 50));
    expect(await login(queryClient)).toBe(true);
    expect(getAccessToken()).toBeNull();
  });
});

describe('answers that end the session (001 §8)', () => {
  const cases: [number, string, string][] = [
    [403, 'You do not have permission to do this.', MESSAGES.sessionExpired],
    [400, 'jwt expired', MESSAGES.sessionExpired],
    [401, 'The access token is not valid.', MESSAGES.sessionExpired],
    [422, 'This item and its children have no files.', 'This item and its children have no files.'],
  ];
  it.each(cases)('%i "%s" logs the user out, saying "%s"', async (status, message, shown) => {
    mockApi({ 'GET /api/v1/thing': () => reply(status, { code: 'x', message }) });
    setAccessToken(token('t-any'));
    const error = await apiRequest('/api/v1/thing', { schema: async () => z.unknown() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(shown);
    expect((error as ApiError).endedSession).toBe(true);
    await vi.waitFor(() => expect(getAccessToken()).toBeNull());
  });

  it('keeps the session for other errors, and for a 400 that is not about the token', async () => {
    mockApi({
      'GET /api/v1/a': () => reply(400, { code: 'invalid_input', message: 'Invalid body.q' }),
      'GET /api/v1/b': () => reply(409, { code: 'conflict', message: 'Someone else saved first.' }),
    });
    setAccessToken(token('t-keep'));
    await apiRequest('/api/v1/a', { schema: async () => z.unknown() }).catch(() => undefined);
    await apiRequest('/api/v1/b', { schema: async () => z.unknown() }).catch(() => undefined);
    expect(getAccessToken()).toBe('t-keep');
  });

  it('applies to the answer of an upload too (apiErrorOf), and spares a token that came meanwhile', async () => {
    setAccessToken(token('t-upload'));
    const refused = apiErrorOf(403, 'Forbidden', { code: 'forbidden', message: 'No.' }, 't-upload');
    expect(refused.endedSession).toBe(true);
    expect(refused.message).toBe(MESSAGES.sessionExpired);
    // Still there while the error reaches its caller, gone right after.
    expect(getAccessToken()).toBe('t-upload');
    await vi.waitFor(() => expect(getAccessToken()).toBeNull());

    const late = apiErrorOf(401, 'Unauthorized', null, 't-upload');
    setAccessToken(token('t-newer'));
    expect(late.endedSession).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(getAccessToken()).toBe('t-newer');

    const tooBig = apiErrorOf(413, 'Payload Too Large', null, 't-newer');
    expect(tooBig.endedSession).toBe(false);
    expect(tooBig.message).toBe('The server answered 413 Payload Too Large.');
    expect(getAccessToken()).toBe('t-newer');
  });
});

describe('the error tracker (001 §8)', () => {
  it('gets every reported error but those that ended the session or are ignored', async () => {
    const { requests } = mockApi({ 'POST /api/v1/client-errors': () => reply(204, null) });
    reportError(new ApiError('internal', 'Something broke.', 500, { path: '/x' }));
    reportError(new ApiError('internal', 'Bad gateway', 502));
    const ended = new ApiError('forbidden', MESSAGES.sessionExpired, 403);
    ended.endedSession = true;
    reportError(ended);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toMatchObject({
      code: 'internal',
      message: 'Something broke.',
      details: { path: '/x' },
      status: 500,
    });
  });
});

describe('logout (001 §4)', () => {
  it('goes home in the national variant, to the route or a reload in the state variant', () => {
    const queryClient = setup();
    setAccessToken(token('t-out'));
    expect(logout(queryClient, { brand: 'national', route: '/somewhere' })).toBe('/');
    expect(getAccessToken()).toBeNull();
    expect(logout(queryClient, { brand: 'state', route: '/somewhere' })).toBe('/somewhere');
    expect(logout(queryClient, { brand: 'state' })).toBeNull();
  });

  it('drops the kept admin token too', async () => {
    mockApi({ 'GET /api/v1/auth/session': () => makeSession('faculty') });
    const queryClient = setup();
    setAccessToken(token('t-admin'));
    beginImpersonation(token('t-as-faculty'), '/admin/users');
    expect(getImpersonation()?.path).toBe('/admin/users');
    logout(queryClient, { brand: 'national' });
    expect(getImpersonation()).toBeNull();
    expect(await stopImpersonation(queryClient)).toBeNull();
  });
});
