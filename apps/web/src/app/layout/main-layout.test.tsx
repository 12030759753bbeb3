import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/shared/errors';
import { getAccessToken } from '../../lib/auth-token';
import { browser } from '../../lib/browser';
import { KNOWLEDGE, makeContent, makeSearchResponse, makeSession } from '../../testing/fixtures';
import { mockApi, reply, type MockHandler } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';

function api(extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/contributors': () => ({ contributors: [], nextPageToken: null }),
    'GET /api/v1/content/search': () => makeSearchResponse(),
    ...extra,
  });
}

describe('shell', () => {
  it('redirects / to /courseware and shows header, shell breadcrumbs and footer', async () => {
    api();
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware'));
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(header).getByRole('link', { name: 'Login' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Courseware']);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Courseware' }).getAttribute('href')).toBe('/courseware');
    expect(within(footer).getByText(/© \d{4} Cyber Range Portal/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeTruthy();
  });

  it('exchanges the sign-on code in query s, removes it and shows the account menu', async () => {
    const session = makeSession('faculty');
    const { requests } = api({
      'POST /api/v1/auth/token': () => ({
        accessToken: 'fresh-token',
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
        expiresIn: 3600,
      }),
      'GET /api/v1/auth/session': () => session,
      'GET /api/v1/auth/messages': () => ({ items: [] }),
    });
    const { router, user } = renderApp('/courseware?q=phishing&s=0123456789abcdef0123&v=42');
    await waitFor(() => expect(router.state.location.search).toBe('?q=phishing'));
    const token = requests.find((request) => request.url.pathname === '/api/v1/auth/token')!;
    expect(token.method).toBe('POST');
    expect(token.body).toEqual({ code: '0123456789abcdef0123' });
    expect(getAccessToken()).toBe('fresh-token');

    await user.click(
      await screen.findByRole('button', { name: `Account menu of ${session.identity.displayName}` }),
    );
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(session.identity.displayName)).toBeTruthy();
    expect(within(menu).getByText(session.identity.email)).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    const sessionCall = requests.find((request) => request.url.pathname === '/api/v1/auth/session')!;
    expect(sessionCall.headers.get('Authorization')).toBe('Bearer fresh-token');
  });

  it('strips a digits-only query v', async () => {
    api();
    const { router } = renderApp('/courseware?v=1700000000&tag=lab');
    await waitFor(() => expect(router.state.location.search).toBe('?tag=lab'));
  });

  it('logs out: clears the token and goes to /courseware signed out', async () => {
    api({ 'GET /api/v1/auth/session': () => makeSession('faculty') });
    const { router, user } = renderApp('/courseware', { signedInAs: 'faculty' });
    await user.click(await screen.findByRole('button', { name: /Account menu of/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware'));
    expect(getAccessToken()).toBeNull();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('sends the browser to the sign-in page with redirect and referrer from a courseware page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    api({ 'GET /api/v1/content/*': () => makeContent({ urlAlias: 'security-101' }) });
    const { user } = renderApp('/courseware/security-101');
    await screen.findByRole('heading', { level: 1 });
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(
      '/auth/login?redirect=%2Fcourseware%2Fsecurity-101&referrer=%2Fcourseware%2Fsecurity-101',
    );
  });

  it('sends signed-in users from /login to home', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    api({ 'GET /api/v1/auth/session': () => makeSession('student') });
    const { router } = renderApp('/login?from=%2Fcourseware', { signedInAs: 'student' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows API errors in the Error dialog until OK clears it', async () => {
    api({
      'GET /api/v1/content/search': () =>
        reply(500, { code: 'internal', message: 'Something broke on the server.' }),
    });
    const { user } = renderApp('/courseware?q=phishing');
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('Something broke on the server.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull());
  });

  it('ends the session when the server refuses the stored token', async () => {
    api({
      'GET /api/v1/auth/session': () =>
        reply(401, { code: 'unauthenticated', message: 'The token has expired.' }),
    });
    renderApp('/courseware', { signedInAs: 'faculty' });
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText(MESSAGES.sessionExpired)).toBeTruthy();
    expect(getAccessToken()).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Login', hidden: true }).length).toBeGreaterThan(0);
  });

  it('resolves an unknown path to a content item and redirects to its courseware address', async () => {
    const content = makeContent({ urlAlias: 'seed-labs/buffer-overflow' });
    const { requests } = api({ 'GET /api/v1/content/*': () => content });
    const { router } = renderApp('/Seed-Labs/Buffer-Overflow');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware/seed-labs/buffer-overflow'));
    expect(
      requests.find((request) => request.url.pathname.startsWith('/api/v1/content/'))!.url.pathname,
    ).toBe('/api/v1/content/seed-labs%2Fbuffer-overflow');
  });

  it('sends an unknown path that is no content item to /courseware', async () => {
    api({
      'GET /api/v1/content/*': () => reply(404, { code: 'not_found', message: MESSAGES.contentNotFound }),
    });
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware'));
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
  });

  it('announces the new page title and focuses the skip link after navigating', async () => {
    const content = makeContent({ name: 'Phishing Lab', urlAlias: 'phishing-lab' });
    api({
      'GET /api/v1/content/search': () => makeSearchResponse({ items: [] }),
      'GET /api/v1/content/*': () => content,
    });
    const { router } = renderApp('/courseware');
    await screen.findByRole('heading', { level: 1, name: 'Courseware' });
    await router.navigate('/courseware/phishing-lab');
    await screen.findByRole('heading', { level: 1, name: 'Phishing Lab' });
    await waitFor(() =>
      expect(screen.getByTestId('route-announcer').textContent).toBe('navigated to Phishing Lab'),
    );
    expect(document.activeElement?.textContent).toBe('Skip to main content');
  });
});
