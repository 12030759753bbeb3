/**
 * Routes that leave the app (001 §2): /exercises with and without a session (and without an exercise
 * area, where the loading splash must go), /signup per brand variant, /login's redirect and PKCE
 * challenge, /logout asking first, and the entry guard's `t` and `s` (asked before replacing a session;
 * the address is left clean).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '../../../lib/auth-token';
import { ADOPT_TOKEN_QUESTION } from '../../../lib/session';
import { s256Challenge, startPkce } from '../../../lib/pkce';
import { takePkceVerifier } from '../../../lib/pkce-verifier';
import { browser } from '../../../lib/browser';
import { KNOWLEDGE, makeEnv, makeSearchResponse, makeSession } from '../../../testing/fixtures';
import { mockApi, type MockHandler } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

function api(extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/contributors': () => ({ contributors: [], nextPageToken: null }),
    'GET /api/v1/content/search': () => makeSearchResponse(),
    'GET /api/v1/auth/messages': () => ({ items: [] }),
    ...extra,
  });
}

const assign = () => vi.spyOn(browser, 'assign').mockImplementation(() => undefined);

/** An unsigned JWT-shaped token valid for an hour (the app reads only its times). */
function tokenOf(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (v: unknown) =>
    btoa(JSON.stringify(v)).replace(/=/g, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ iat: now, exp: now + 3600, ...claims })}.sig`;
}

describe('/exercises', () => {
  it('fetches a single-sign-on code and sends a signed-in user to the range UI with it as s', async () => {
    const spy = assign();
    const { requests } = api({
      'GET /api/v1/auth/session': () => makeSession('faculty'),
      'POST /api/v1/auth/sso': () => ({ code: 'one-time-code-0123456789' }),
    });
    renderApp('/exercises', { signedInAs: 'faculty' });
    await waitFor(() =>
      expect(spy).toHaveBeenCalledWith('https://range.example.edu/?s=one-time-code-0123456789'),
    );
    const sso = requests.find((r) => r.url.pathname === '/api/v1/auth/sso')!;
    expect(sso.headers.get('Authorization')).toBe('Bearer test-token-faculty');
  });

  it('sends a visitor to the range UI plain', async () => {
    const spy = assign();
    const { requests } = api();
    renderApp('/exercises');
    await waitFor(() => expect(spy).toHaveBeenCalledWith('https://range.example.edu'));
    expect(requests.some((r) => r.url.pathname === '/api/v1/auth/sso')).toBe(false);
    expect(await screen.findByText('Opening the exercise area…')).toBeInTheDocument();
  });

  it('sends a student who was not invited to a course plain, asking for no code', async () => {
    const spy = assign();
    const { requests } = api({ 'GET /api/v1/auth/session': () => makeSession('student') });
    renderApp('/exercises', { signedInAs: 'student' });
    await waitFor(() => expect(spy).toHaveBeenCalledWith('https://range.example.edu'));
    expect(requests.some((r) => r.url.pathname === '/api/v1/auth/sso')).toBe(false);
  });
});

describe('/exercises without an exercise area', () => {
  it('says it is not configured, and asks for no code', async () => {
    const spy = assign();
    const { requests } = api({ 'GET /api/v1/auth/session': () => makeSession('faculty') });
    renderApp('/exercises', { signedInAs: 'faculty', env: makeEnv({ rangeUiUrl: '' }) });
    expect(await screen.findByText('The exercise area is not configured.')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
    expect(requests.some((r) => r.url.pathname === '/api/v1/auth/sso')).toBe(false);
  });

  it('takes away the loading splash, which would cover the page outside the layout', async () => {
    const splash = document.createElement('div');
    splash.id = 'splash';
    splash.setAttribute('role', 'status');
    splash.textContent = 'Loading';
    document.body.append(splash);
    api({ 'GET /api/v1/auth/session': () => makeSession('faculty') });
    renderApp('/exercises', { signedInAs: 'faculty', env: makeEnv({ rangeUiUrl: '' }) });
    expect(await screen.findByText('The exercise area is not configured.')).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('splash')).toBeNull());
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });
});

describe('/logout', () => {
  it('asks first: opening the address (a link, an image) signs nobody out', async () => {
    const { requests } = api({
      'GET /api/v1/auth/session': () => makeSession('faculty'),
      'POST /api/v1/auth/logout': () => null,
    });
    renderApp('/logout', { signedInAs: 'faculty' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign out of Cyber Range Portal?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign out' }).disabled).toBe(false);
    expect(requests.some((r) => r.url.pathname === '/api/v1/auth/logout')).toBe(false);
    expect(getAccessToken()).toBe('test-token-faculty');
  });

  it('ends the sessions on the server when Sign out is pressed, then forgets the token and goes home', async () => {
    const { requests } = api({
      'GET /api/v1/auth/session': () => makeSession('faculty'),
      'POST /api/v1/auth/logout': () => null,
    });
    const { router } = renderApp('/logout', { signedInAs: 'faculty' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(getAccessToken()).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const call = requests.find((r) => r.url.pathname === '/api/v1/auth/logout')!;
    expect(call.method).toBe('POST');
    expect(call.headers.get('Authorization')).toBe('Bearer test-token-faculty');
  });

  it('keeps the session when Cancel is pressed', async () => {
    const { requests } = api({ 'GET /api/v1/auth/session': () => makeSession('faculty') });
    const { router } = renderApp('/logout', { signedInAs: 'faculty' });
    await userEvent.click(await screen.findByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getAccessToken()).toBe('test-token-faculty');
    expect(requests.some((r) => r.url.pathname === '/api/v1/auth/logout')).toBe(false);
  });

  it('sends a visitor home without asking or calling the server', async () => {
    const { requests } = api();
    const { router } = renderApp('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.some((r) => r.url.pathname === '/api/v1/auth/logout')).toBe(false);
  });
});

describe('/signup and /login', () => {
  it('leaves for the sign-up page; the state variant adds its code', async () => {
    const spy = assign();
    api();
    renderApp('/signup');
    await waitFor(() => expect(spy).toHaveBeenCalledWith('/auth/signup?redirect=%2Fcourseware'));
    spy.mockClear();
    renderApp('/signup', { env: makeEnv({ brand: 'state' }) });
    await waitFor(() => expect(spy).toHaveBeenCalledWith('/auth/signup?redirect=%2Fcourseware&code=state'));
  });

  it('returns from the sign-in page to the range UI when it did not start on a courseware page', async () => {
    const spy = assign();
    api();
    renderApp('/login?from=%2Fcall-for-courseware');
    await waitFor(() => expect(spy).toHaveBeenCalled());
    const target = new URL(String(spy.mock.calls[0]![0]), window.location.origin);
    expect(target.pathname).toBe('/auth/login');
    expect(target.searchParams.get('redirect')).toBe('https://range.example.edu');
    expect(target.searchParams.get('referrer')).toBe('/call-for-courseware');
  });

  it('sends the S256 challenge of a verifier it keeps in this tab', async () => {
    const spy = assign();
    api();
    renderApp('/login?from=%2Fcourseware%2Fx');
    await waitFor(() => expect(spy).toHaveBeenCalled());
    const target = new URL(String(spy.mock.calls[0]![0]), window.location.origin);
    expect(target.searchParams.get('redirect')).toBe('/courseware/x');
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    const verifier = takePkceVerifier()!;
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(target.searchParams.get('code_challenge')).toBe(await s256Challenge(verifier));
  });

  it('returns where the sign-in page asked, once checked, and never to another site', async () => {
    const spy = assign();
    api();
    renderApp('/login?redirect=%2Fnews%3Fpage%3D2');
    await waitFor(() => expect(spy).toHaveBeenCalled());
    const asked = new URL(String(spy.mock.calls[0]![0]), window.location.origin);
    expect(asked.searchParams.get('redirect')).toBe('/news?page=2');
    for (const crafted of [
      '/.//evil.example',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
    ]) {
      spy.mockClear();
      renderApp(`/login?redirect=${encodeURIComponent(crafted)}&from=${encodeURIComponent(crafted)}`);
      await waitFor(() => expect(spy).toHaveBeenCalled());
      const target = new URL(String(spy.mock.calls[0]![0]), window.location.origin);
      // Both refused: the sign-in returns to the courseware, the default of a sign-in from nowhere.
      expect(target.searchParams.get('redirect'), crafted).toBe('/courseware');
      expect(target.searchParams.get('referrer'), crafted).toBe('/courseware');
    }
  });
});

describe('entry guard', () => {
  it('stores query t as the bearer token, logs in and removes it from the address', async () => {
    const now = Math.floor(Date.now() / 1000);
    const part = (v: unknown) =>
      btoa(JSON.stringify(v)).replace(/=/g, '').replace(/\+/g, '-').replace(/\//g, '_');
    const jwt = `${part({ alg: 'HS256' })}.${part({ sub: 'u', iat: now, exp: now + 3600 })}.sig`;
    const session = makeSession('faculty');
    const { requests } = api({ 'GET /api/v1/auth/session': () => session });
    const { router } = renderApp(`/courseware?t=${jwt}&q=xss`);
    await waitFor(() => expect(router.state.location.search).toBe('?q=xss'));
    expect(getAccessToken()).toBe(jwt);
    const call = requests.find((r) => r.url.pathname === '/api/v1/auth/session')!;
    expect(call.headers.get('Authorization')).toBe(`Bearer ${jwt}`);
    const header = await screen.findByRole('banner');
    expect(
      await within(header).findByRole('button', { name: `Account menu of ${session.identity.displayName}` }),
    ).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Exercises' }).getAttribute('href')).toBe('/exercises');
  });

  it('asks before a token in t replaces the session of someone signed in, and keeps it when told no', async () => {
    const jwt = tokenOf({ sub: 'other' });
    const ask = vi.spyOn(browser, 'confirm').mockReturnValue(false);
    api({ 'GET /api/v1/auth/session': () => makeSession('faculty') });
    const { router } = renderApp(`/courseware?t=${jwt}`, { signedInAs: 'faculty' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(ask).toHaveBeenCalledWith(ADOPT_TOKEN_QUESTION);
    expect(getAccessToken()).toBe('test-token-faculty');

    ask.mockReturnValue(true);
    const again = renderApp(`/courseware?t=${jwt}`, { signedInAs: 'faculty' });
    await waitFor(() => expect(again.router.state.location.search).toBe(''));
    expect(getAccessToken()).toBe(jwt);
  });

  it("exchanges the code in s with this tab's verifier, logs in and removes it from the address", async () => {
    await startPkce();
    const verifier = window.sessionStorage.getItem('portal.pkce-verifier');
    const { requests } = api({
      'POST /api/v1/auth/token': () => ({
        accessToken: tokenOf({ sub: 'u' }),
        expiresAt: 0,
        expiresIn: 3600,
      }),
      'GET /api/v1/auth/session': () => makeSession('faculty'),
    });
    const { router } = renderApp('/courseware?s=one-time-code-0123456789&q=x');
    await waitFor(() => expect(router.state.location.search).toBe('?q=x'));
    const call = requests.find((r) => r.url.pathname === '/api/v1/auth/token')!;
    expect(call.body).toEqual({ code: 'one-time-code-0123456789', code_verifier: verifier });
    expect(getAccessToken()).not.toBeNull();
    expect(takePkceVerifier()).toBeNull();
  });

  it('drops a code in s that this tab did not ask for, without sending it anywhere', async () => {
    const { requests } = api();
    const { router } = renderApp('/courseware?s=stolen-code-0123456789');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(requests.some((r) => r.url.pathname === '/api/v1/auth/token')).toBe(false);
    expect(getAccessToken()).toBeNull();
  });

  it('asks before a code in s replaces the session of someone signed in, and keeps it when told no', async () => {
    await startPkce();
    const ask = vi.spyOn(browser, 'confirm').mockReturnValue(false);
    const { requests } = api({ 'GET /api/v1/auth/session': () => makeSession('faculty') });
    const { router } = renderApp('/courseware?s=one-time-code-0123456789', { signedInAs: 'faculty' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(ask).toHaveBeenCalledWith(ADOPT_TOKEN_QUESTION);
    expect(requests.some((r) => r.url.pathname === '/api/v1/auth/token')).toBe(false);
    expect(getAccessToken()).toBe('test-token-faculty');

    await startPkce();
    ask.mockReturnValue(true);
    const jwt = tokenOf({ sub: 'other' });
    api({
      'POST /api/v1/auth/token': () => ({ accessToken: jwt, expiresAt: 0, expiresIn: 3600 }),
      'GET /api/v1/auth/session': () => makeSession('student'),
    });
    const again = renderApp('/courseware?s=one-time-code-0123456789', { signedInAs: 'faculty' });
    await waitFor(() => expect(again.router.state.location.search).toBe(''));
    await waitFor(() => expect(getAccessToken()).toBe(jwt));
  });

  it('refuses a session without the role claim: the token goes and the user stays a visitor', async () => {
    const session = makeSession('faculty');
    api({
      'GET /api/v1/auth/session': () => ({
        ...session,
        claims: session.claims.filter((c) => c.type !== 'role'),
      }),
    });
    renderApp('/courseware', { signedInAs: 'faculty' });
    await waitFor(() => expect(getAccessToken()).toBeNull());
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Exercises' })).toBeNull();
  });
});
