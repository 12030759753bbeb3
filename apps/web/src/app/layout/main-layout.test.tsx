import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/shared/errors';
import { FEATURE_FLAG_DEFAULTS } from '@portal/shared/schemas/site';
import { getAccessToken } from '../../lib/auth-token';
import { browser } from '../../lib/browser';
import { startPkce } from '../../lib/pkce';
import { KNOWLEDGE, makeContent, makeEnv, makeSearchResponse, makeSession } from '../../testing/fixtures';
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
  it('shows the home page at / with its headline and no breadcrumbs', async () => {
    api();
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Teach cybersecurity hands-on/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the features' }).getAttribute('href')).toBe('/features');
    expect(screen.getByText('Over 420,000')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumbs' })).toBeNull();
    expect(screen.queryByTitle('Explainer video')).toBeNull();
  });

  it('shows the explainer video only when a landing video is configured, and / goes to /courseware when home is off', async () => {
    api();
    renderApp('/', { env: makeEnv({ landingVideoUrl: 'https://www.youtube-nocookie.com/embed/x' }) });
    expect(await screen.findByTitle('Explainer video')).toBeInTheDocument();
    cleanup();
    const { router } = renderApp('/', {
      env: makeEnv({ features: { ...FEATURE_FLAG_DEFAULTS, home: false } }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware'));
  });

  it('shows the flag-gated header and footer links, the help menu and the brand of the variant', async () => {
    api();
    renderApp('/about', { env: makeEnv({ brand: 'state' }) });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const header = screen.getByRole('banner');
    const main = within(header).getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(
      within(main)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Features', 'Courseware', 'Pricing']);
    expect(within(header).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/contact-us');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/© \d{4} State Cyber Range/)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Community' }).getAttribute('href')).toBe('/community');
    expect(within(footer).queryByRole('link', { name: 'Jobs' })).toBeNull();
    // News is off by default; the newsletter sign-up stays in the Resources column (001 §2, §9).
    expect(within(footer).queryByRole('link', { name: 'News' })).toBeNull();
    expect(within(footer).getByRole('link', { name: 'Newsletter' })).toHaveAttribute(
      'href',
      '/newsletter-signup',
    );
    expect(
      within(footer)
        .getByRole('link', { name: /Knowledge base/ })
        .getAttribute('target'),
    ).toBe('_blank');
  });

  it('shows "Contact us" in the header of the national variant only', async () => {
    api();
    renderApp('/about');
    const header = await screen.findByRole('banner');
    expect(within(header).getAllByRole('link', { name: 'Contact us' }).length).toBeGreaterThan(0);
  });

  it('reports a blocked knowledge-base pop-up in the Error dialog', async () => {
    api();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Knowledge Base' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog.textContent).toContain(
      'Opening Knowledge Base is blocked by a pop-up blocker.  Please disable popup blockers and try again.',
    );
  });

  it('shows header, shell breadcrumbs and footer on the courseware landing', async () => {
    api();
    renderApp('/courseware');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Cyber Range Portal home' }).getAttribute('href')).toBe(
      '/',
    );
    expect(within(header).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Courseware']);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Courseware' }).getAttribute('href')).toBe('/courseware');
    expect(within(footer).getByText(/© \d{4} Cyber Range Portal/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeInTheDocument();
  });

  it('exchanges the sign-on code in query s with the PKCE verifier, removes it and shows the account menu', async () => {
    await startPkce(); // as /login does before it leaves for the sign-in page
    const verifier = window.sessionStorage.getItem('portal.pkce-verifier');
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
    expect(token.body).toEqual({ code: '0123456789abcdef0123', code_verifier: verifier });
    expect(getAccessToken()).toBe('fresh-token');

    await user.click(
      await screen.findByRole('button', { name: `Account menu of ${session.identity.displayName}` }),
    );
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(session.identity.displayName)).toBeInTheDocument();
    expect(within(menu).getByText(session.identity.email)).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    const sessionCall = requests.find((request) => request.url.pathname === '/api/v1/auth/session')!;
    expect(sessionCall.headers.get('Authorization')).toBe('Bearer fresh-token');
  });

  it('strips a digits-only query v', async () => {
    api();
    const { router } = renderApp('/courseware?v=1700000000&tag=lab');
    await waitFor(() => expect(router.state.location.search).toBe('?tag=lab'));
  });

  it('logs out from the account menu: a POST ends the sessions, the token goes and the app goes home', async () => {
    const { requests } = api({
      'GET /api/v1/auth/session': () => makeSession('faculty'),
      'POST /api/v1/auth/logout': () => null,
    });
    const { router, user } = renderApp('/courseware', { signedInAs: 'faculty' });
    await user.click(await screen.findByRole('button', { name: /Account menu of/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getAccessToken()).toBeNull();
    const call = requests.find((request) => request.url.pathname === '/api/v1/auth/logout')!;
    expect(call.method).toBe('POST');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('sends the browser to the sign-in page with redirect and referrer from a courseware page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    api({ 'GET /api/v1/content/*': () => makeContent({ urlAlias: 'security-101' }) });
    const { user } = renderApp('/courseware/security-101');
    await screen.findByRole('heading', { level: 1 });
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const target = new URL(String(assign.mock.calls[0]![0]), window.location.origin);
    expect(target.pathname).toBe('/auth/login');
    expect(target.searchParams.get('redirect')).toBe('/courseware/security-101');
    expect(target.searchParams.get('referrer')).toBe('/courseware/security-101');
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('sends signed-in users from /login to home', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    api({ 'GET /api/v1/auth/session': () => makeSession('student') });
    const { router } = renderApp('/login?from=%2Fcourseware', { signedInAs: 'student' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows API errors in the Error dialog until OK clears it', async () => {
    api({
      'GET /api/v1/content/search': () =>
        reply(500, { code: 'internal', message: 'Something broke on the server.' }),
    });
    const { user } = renderApp('/courseware?q=phishing');
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('Something broke on the server.')).toBeInTheDocument();
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
    expect(within(dialog).getByText(MESSAGES.sessionExpired)).toBeInTheDocument();
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

  it('sends an unknown path that is no content item home', async () => {
    api({
      'GET /api/v1/content/*': () => reply(404, { code: 'not_found', message: MESSAGES.contentNotFound }),
    });
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
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
