/**
 * The route table as the end-to-end suite opens it (issue 34 crawler, accessibility audit): every route of
 * apps/web/src/app/router.tsx with a real demo address, what its page shows, and the roles that open it;
 * the reading of router.tsx that keeps this list whole; and the set-up that makes every route openable
 * (flags switched on, a page at an address of no route), put back afterwards.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiToken } from './helpers';

export type Role = 'visitor' | 'student' | 'faculty' | 'curator' | 'admin';
export const ROLES: readonly Role[] = ['visitor', 'student', 'faculty', 'curator', 'admin'];
/** The demo account of each role (DESIGN.md), password DEMO_PASSWORD. */
export const ACCOUNTS: Record<Exclude<Role, 'visitor'>, string> = {
  student: 'student@example.edu',
  faculty: 'faculty@example.edu',
  curator: 'curator@example.edu',
  admin: 'admin@example.edu',
};
const EVERYONE = ROLES;
const SIGNED_IN: readonly Role[] = ['student', 'faculty', 'curator', 'admin'];
/** CanInviteStudents: faculty and above. */
const TEACHERS: readonly Role[] = ['faculty', 'curator', 'admin'];
/** CanUpdateContent and CanViewArchivedContent (content editors and admins). */
const EDITORS: readonly Role[] = ['curator', 'admin'];
/** CanManageOrganization and CanImportUsers. */
const ADMINS: readonly Role[] = ['admin'];
/**
 * A route that only sends to a page audited under its own route (a redirect, an old address), or that
 * shows the very page of another address (the other variant's /admin, /contact), is audited once: by a
 * visitor, or by an editor where it is guarded.
 */
const ONCE: readonly Role[] = ['visitor'];
const ONE_EDITOR: readonly Role[] = ['curator'];

/** The exercise area of the end-to-end servers (RANGE_UI_URL): outside, so answered here. */
export const RANGE_UI = 'https://range.example.edu';
export const XSS_SHEET = {
  alias: 'hacktivity-lab-sheets/web-security/web-security-cross-site-scripting',
  url: '/courseware/hacktivity-lab-sheets/web-security/web-security-cross-site-scripting',
  name: 'Web Security: Cross-Site Scripting',
  file: 'Web Security: Cross-Site Scripting (lab sheet), 3_xss.md',
  fileName: '3_xss.md',
};
/** A published page at an address no route claims: the catch-all shows it (001 §2 Dynamic pages). */
export const CATCH_ALL_PAGE = { href: '/accessibility-check', title: 'Accessibility check' };

/** What shows once a route's page is there: its level-1 heading, its dialog, its status or alert text. */
export type Shows =
  { heading: string | RegExp } | { dialog: string } | { status: string } | { alert: string };

export interface AuditedRoute {
  /** The route's `path` in app/router.tsx ('' for the index route, '*' for a splat). */
  path: string;
  /** The address it is opened at, with a real demo alias for a parameter. */
  url: string;
  shows: Shows;
  /**
   * The roles that audit it: those that can open it (a route that sends a role elsewhere is not audited
   * as that role), or one where it only leads to the page of another route (ONCE, ONE_EDITOR).
   */
  roles: readonly Role[];
  /** It leaves the app for a page of the server (sign-in, sign-up), so it is opened by a full load. */
  leavesApp?: boolean;
  /** People arrive at it from outside the app, so it is opened by a full load too. */
  isEnteredFromOutside?: boolean;
  /**
   * Its page hands the browser on to another site once drawn (the exercise area, through sign-in for a
   * visitor): the crawler checks what it draws, not its links, and checks links to it in a page of their own.
   */
  handsOn?: boolean;
  /** An address of nothing: the server answers it 404 (and the app then shows home), as it should. */
  isMissing?: boolean;
}

/**
 * Every route of the route table, in its order. Where a route sends to another (an old address, a
 * redirect), the page it lands on is audited. `conference` leaves for CONFERENCE_URL when one is set;
 * the end-to-end servers set none, so it leads to the 2018 conference page.
 */
export const ROUTES: readonly AuditedRoute[] = [
  { path: '', url: '/', shows: { heading: /^Teach cybersecurity hands-on/ }, roles: EVERYONE },
  { path: 'community', url: '/community', shows: { heading: 'Community' }, roles: EVERYONE },
  { path: 'terms-of-use', url: '/terms-of-use', shows: { heading: 'Terms of use' }, roles: EVERYONE },
  { path: 'knowledge_base', url: '/knowledge_base', shows: { heading: 'Knowledge base' }, roles: EVERYONE },
  {
    path: 'community/cybered-workshops',
    url: '/community/cybered-workshops',
    shows: { heading: 'Cyber workshops' },
    roles: ONCE,
  },
  {
    path: 'admin/site-settings',
    url: '/admin/site-settings',
    shows: { heading: 'Site settings' },
    roles: ADMINS,
  },
  {
    path: 'admin/unsafe-site-incidents',
    url: '/admin/unsafe-site-incidents',
    shows: { heading: 'Unsafe-site incidents' },
    roles: ADMINS,
  },
  { path: 'features', url: '/features', shows: { heading: 'Features' }, roles: EVERYONE },
  { path: 'about', url: '/about', shows: { heading: 'About' }, roles: EVERYONE },
  { path: 'team', url: '/team', shows: { heading: 'Team' }, roles: EVERYONE },
  { path: 'resources', url: '/resources', shows: { heading: 'Resources' }, roles: EVERYONE },
  { path: 'jobs', url: '/jobs', shows: { heading: 'Jobs' }, roles: EVERYONE },
  { path: 'pricing', url: '/pricing', shows: { heading: 'Range pricing' }, roles: ONCE },
  { path: 'rangepricing', url: '/rangepricing', shows: { heading: 'Range pricing' }, roles: EVERYONE },
  {
    path: 'community/cyber-workshops',
    url: '/community/cyber-workshops',
    shows: { heading: 'Cyber workshops' },
    roles: EVERYONE,
  },
  {
    path: 'conference-2018',
    url: '/conference-2018',
    shows: { heading: '2018 conference' },
    roles: EVERYONE,
  },
  {
    path: 'call-for-courseware',
    url: '/call-for-courseware',
    shows: { heading: 'Call for courseware' },
    roles: EVERYONE,
  },
  {
    path: 'call-for-courseware/content-categories',
    url: '/call-for-courseware/content-categories',
    shows: { heading: 'Content categories' },
    roles: EVERYONE,
  },
  { path: 'conference', url: '/conference', shows: { heading: '2018 conference' }, roles: ONCE },
  { path: 'courseware', url: '/courseware', shows: { heading: 'Courseware' }, roles: EVERYONE },
  // A search and the create form of a curator (issue 34: a reload keeps what the address asks for).
  {
    path: 'courseware',
    url: '/courseware?q=cross+site+scripting',
    shows: { heading: 'Courseware' },
    roles: ['visitor', 'faculty'],
  },
  { path: 'courseware', url: '/courseware?creating=1', shows: { heading: 'New courseware' }, roles: EDITORS },
  { path: 'coverage', url: '/coverage', shows: { heading: 'Coverage' }, roles: EVERYONE },
  // The item route of /courseware/* (faculty see its download buttons, editors its editing actions).
  { path: '*', url: XSS_SHEET.url, shows: { heading: new RegExp(`${XSS_SHEET.name}$`) }, roles: EVERYONE },
  { path: 'cr-admin', url: '/cr-admin', shows: { heading: 'Content administration' }, roles: EDITORS },
  { path: 'admin', url: '/admin', shows: { heading: 'Content administration' }, roles: ONE_EDITOR },
  // Course import (issue 38): the upload and the recent imports; one import is /cr-import/{id} of the same route.
  { path: 'cr-import/*', url: '/cr-import', shows: { heading: 'Course import' }, roles: EDITORS },
  {
    path: 'cr-archived-content',
    url: '/cr-archived-content',
    shows: { heading: 'Archived content' },
    roles: EDITORS,
  },
  {
    path: 'archived-content',
    url: '/archived-content',
    shows: { heading: 'Archived content' },
    roles: ONE_EDITOR,
  },
  // Signed in, /login goes home: only a visitor reaches the sign-in page.
  { path: 'login', url: '/login', shows: { heading: 'Sign in' }, roles: ['visitor'], leavesApp: true },
  // Signed out, /logout goes home: the question is for the signed in.
  { path: 'logout', url: '/logout', shows: { heading: /^Sign out of / }, roles: SIGNED_IN },
  { path: 'cr-dashboard', url: '/cr-dashboard', shows: { heading: 'Statistics Dashboard' }, roles: EDITORS },
  { path: 'dashboard', url: '/dashboard', shows: { heading: 'Statistics Dashboard' }, roles: ONE_EDITOR },
  { path: 'admin/users', url: '/admin/users', shows: { heading: 'Users and claims' }, roles: ADMINS },
  { path: 'admin/user-import', url: '/admin/user-import', shows: { heading: 'User import' }, roles: ADMINS },
  { path: 'admin/outbox', url: '/admin/outbox', shows: { heading: 'Outgoing e-mail' }, roles: ADMINS },
  // The account page (issue 33): its LMS links signed in; a sign-in prompt for a visitor.
  { path: 'account', url: '/account', shows: { heading: 'Your account' }, roles: EVERYONE },
  // My downloads (issue 37): faculty and up.
  {
    path: 'account/downloads',
    url: '/account/downloads',
    shows: { heading: 'My downloads' },
    roles: TEACHERS,
  },
  // A digest's "Stop these digests" link (issue 37): the button stops them, for anyone with the token.
  {
    path: 'follows/unsubscribe',
    url: '/follows/unsubscribe',
    shows: { heading: 'Stop the digests' },
    roles: EVERYONE,
  },
  { path: 'invitations', url: '/invitations', shows: { heading: 'Invite students' }, roles: TEACHERS },
  { path: 'new-page', url: '/new-page', shows: { dialog: 'Add new page' }, roles: EDITORS },
  // LTI 1.3 (issue 26): the admin's platforms; the picker of a launch that is not this visitor's.
  { path: 'admin/lti', url: '/admin/lti', shows: { heading: 'LMS platforms' }, roles: ADMINS },
  {
    path: 'lti/*',
    url: '/lti/deep-linking/no-such-launch',
    shows: { alert: 'Open the tool again from your LMS' },
    roles: ONCE,
  },
  // The catch-all: a page at an address of no route, and an unknown address, which goes home.
  { path: '*', url: CATCH_ALL_PAGE.href, shows: { heading: CATCH_ALL_PAGE.title }, roles: EVERYONE },
  {
    path: '*',
    url: '/no/such/page',
    shows: { heading: /^Teach cybersecurity hands-on/ },
    roles: ONCE,
    isMissing: true,
  },
  { path: 'news', url: '/news', shows: { heading: 'News' }, roles: EVERYONE },
  {
    path: 'news/:alias',
    url: '/news/news-feed-for-your-reader',
    shows: { heading: 'News feed for your reader' },
    roles: EVERYONE,
  },
  { path: 'events', url: '/events', shows: { heading: 'Events' }, roles: EVERYONE },
  {
    path: 'events/:alias',
    url: '/events/cyber-range-open-day',
    shows: { heading: 'Cyber range open day' },
    roles: EVERYONE,
  },
  { path: 'contact-us', url: '/contact-us', shows: { heading: 'Contact Us' }, roles: EVERYONE },
  { path: 'contact', url: '/contact', shows: { heading: 'Contact Us' }, roles: ONCE },
  {
    path: 'newsletter-signup',
    url: '/newsletter-signup',
    shows: { heading: 'Newsletter Signup' },
    roles: EVERYONE,
  },
  {
    path: 'newsletter/confirm',
    url: '/newsletter/confirm',
    shows: { heading: 'Confirm your subscription' },
    roles: EVERYONE,
  },
  {
    path: 'newsletter/unsubscribe',
    url: '/newsletter/unsubscribe',
    shows: { heading: 'Unsubscribe from the newsletter' },
    roles: EVERYONE,
  },
  {
    path: 'admin/newsletter',
    url: '/admin/newsletter',
    shows: { heading: 'Newsletter subscribers' },
    roles: ADMINS,
  },
  { path: 'signup', url: '/signup', shows: { heading: 'Sign up' }, roles: EVERYONE, leavesApp: true },
  // Leaves for the range UI, which answers 204 here: the page that says so stays.
  {
    path: 'exercises',
    url: '/exercises',
    shows: { status: 'Opening the exercise area…' },
    roles: EVERYONE,
    handsOn: true,
  },
  {
    path: 'unsafe_site',
    url: `/unsafe_site?url=${encodeURIComponent('http://blocked.example/accessibility-audit')}`,
    shows: { heading: 'THIS WEBSITE IS NOT ALLOWED!' },
    roles: EVERYONE,
    // The range's web filter sends the browser here.
    isEnteredFromOutside: true,
  },
];

/**
 * The `path`s of the route table as app/route-table.ts writes them: `path: '…'`, the site pages' helpers
 * (`page('…'`, `editable('…'`), the lists mapped to routes (`['cr-admin', 'admin'].map((path)`), and ''
 * for the index route; and each `path:` whose value is not written out (which this reading would miss).
 */
export function routeTablePaths(): { paths: Set<string>; unread: string[] } {
  const file = fileURLToPath(new URL('../../apps/web/src/app/route-table.ts', import.meta.url));
  const source = fs.readFileSync(file, 'utf8');
  const paths = new Set<string>(['']);
  for (const match of source.matchAll(/\bpath: '([^']*)'/g)) paths.add(match[1]!);
  for (const match of source.matchAll(/\b(?:page|editable)\(\s*'([^']*)'/g)) paths.add(match[1]!);
  for (const match of source.matchAll(/\[((?:\s*'[^']*',?)+)\s*\]\.map\(\(path\)/g))
    for (const listed of match[1]!.matchAll(/'([^']*)'/g)) paths.add(listed[1]!);
  // `path: string` is a parameter's type, not a route.
  const unread = [...source.matchAll(/\bpath:(?!\s*(?:'|string\b))[^,\n]*/g)].map((match) => match[0]);
  return { paths, unread };
}

/** A key that tells whether two routes show the same (JSON alone would read every RegExp as {}). */
export function showsKey(shows: Shows | undefined): string {
  if (shows && 'heading' in shows) return `heading ${String(shows.heading)}`;
  return JSON.stringify(shows ?? null);
}

/** The locator of what shows once `route`'s page is there. */
export function shownBy(page: Page, shows: Shows): Locator {
  if ('heading' in shows) return page.getByRole('heading', { level: 1, name: shows.heading }).first();
  if ('dialog' in shows) return page.getByRole('dialog', { name: shows.dialog });
  if ('alert' in shows) return page.getByRole('alert').filter({ hasText: shows.alert });
  return page.getByRole('status').filter({ hasText: shows.status });
}

/**
 * Opens `url`: by a full load, or inside the app, as a new history entry and the popstate event React
 * Router answers (as it answers the browser's Back and Forward), which keeps the app and axe loaded
 * from one route to the next.
 */
export async function open(page: Page, url: string, byLoad: boolean): Promise<void> {
  if (byLoad) {
    await page.goto(url);
    return;
  }
  await page.evaluate((address) => {
    window.history.pushState(null, '', address);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** Sets the admin's choice of each flag named (null: its default) in Site settings; none named, nothing. */
async function putFlags(
  api: APIRequestContext,
  headers: Record<string, string>,
  flags: Record<string, boolean | null>,
): Promise<void> {
  if (Object.keys(flags).length === 0) return;
  const res = await api.put('/api/v1/site/settings', { headers, data: { flags } });
  expect(res.status(), await res.text()).toBe(200);
}

/** What setUpRoutes changed, for tearDownRoutes to put back. */
export interface RouteSetUp {
  api: APIRequestContext;
  headers: Record<string, string>;
  /** Flags switched on, with the admin's choice to put back. */
  switchedFlags: { flag: string; override: boolean | null }[];
  pageId: string;
}

/**
 * Through the API as an admin: every flag that is off and not pinned switched on (so the routes behind
 * flags can be opened) and a published page at CATCH_ALL_PAGE (for the catch-all). `api` is a request
 * context of the server under test; tearDownRoutes puts both back.
 */
export async function setUpRoutes(api: APIRequestContext): Promise<RouteSetUp> {
  const headers = { authorization: `Bearer ${await apiToken(api, ACCOUNTS.admin)}` };
  const settings = (await (await api.get('/api/v1/site/settings', { headers })).json()) as {
    flags: { flag: string; isOn: boolean; isPinned: boolean; override: boolean | null }[];
  };
  const switchedFlags = settings.flags.filter((f) => !f.isOn && !f.isPinned);
  await putFlags(api, headers, Object.fromEntries(switchedFlags.map((f) => [f.flag, true])));

  const created = await api.post('/api/v1/pages', {
    headers,
    data: {
      title: CATCH_ALL_PAGE.title,
      description: 'A page at an address of no route, shown by the catch-all.',
      href: CATCH_ALL_PAGE.href,
      status: 'published',
      layoutName: 'handSortedList',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const pageId = ((await created.json()) as { id: string }).id;
  const section = await api.post(`/api/v1/pages/${pageId}/sections`, {
    headers,
    data: {
      key: null,
      widgets: [
        { kind: 'heading', text: 'What this page shows', headingType: 'h2', headingColor: 'default' },
      ],
    },
  });
  expect(section.status(), await section.text()).toBe(201);

  return {
    api,
    headers,
    switchedFlags: switchedFlags.map(({ flag, override }) => ({ flag, override })),
    pageId,
  };
}

/** Puts back what setUpRoutes changed: deletes the page, gives each flag its earlier choice. */
export async function tearDownRoutes({ api, headers, switchedFlags, pageId }: RouteSetUp): Promise<void> {
  expect((await api.delete(`/api/v1/pages/${pageId}`, { headers })).status()).toBe(204);
  await putFlags(api, headers, Object.fromEntries(switchedFlags.map((f) => [f.flag, f.override])));
}

/**
 * Every route `role` can open, in the order to audit them: first those that show a page of their own,
 * then those that show again what an earlier one showed (an old address, a redirect), so that no route
 * follows one that showed the same (its heading, already there, would not tell that the new page has
 * drawn), and last those that leave the app (each later route would need the app loaded again).
 */
export function auditOrder(role: Role): AuditedRoute[] {
  const seen = new Set<string>();
  const rank = (route: AuditedRoute) => {
    if (route.leavesApp) return 2;
    const shows = showsKey(route.shows);
    if (seen.has(shows)) return 1;
    seen.add(shows);
    return 0;
  };
  return ROUTES.filter((route) => route.roles.includes(role))
    .map((route) => ({ route, rank: rank(route) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ route }) => route);
}

/**
 * The shell around the pages of the layout: its header (the page's one AppBar) and its footer (after the
 * main landmark). Both are the same on every page a role opens, but for the header's link of the current
 * page (aria-current), so axe sees each once per role: the footer, the header without a current link and
 * the header with one.
 */
export const SHELL = { header: 'header.MuiAppBar-root', footer: '#main-content ~ footer' };

/** The parts of the shell `page` shows, as keys of what axe has seen (see SHELL) and their selectors. */
export async function shellParts(page: Page): Promise<{ key: string; selector: string }[]> {
  const shown = await page.evaluate(({ header, footer }) => {
    const bar = document.querySelector(header);
    return {
      header: bar ? (bar.querySelector('[aria-current="page"]') ? 'header, current link' : 'header') : null,
      footer: document.querySelector(footer) ? 'footer' : null,
    };
  }, SHELL);
  return [
    ...(shown.header ? [{ key: shown.header, selector: SHELL.header }] : []),
    ...(shown.footer ? [{ key: shown.footer, selector: SHELL.footer }] : []),
  ];
}
