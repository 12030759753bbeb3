/**
 * The accessibility audit (issue "Accessibility audit"; 001 §2 Layout), run against both brand variants
 * (the `national` and `state` projects):
 * - axe over every route of the route table (apps/web/src/app/router.tsx) as each role that can open it
 *   (visitor, faculty, curator, admin; a route that only leads to the page of another, once): no
 *   violation of serious or critical impact of WCAG 2.0 and 2.1, levels A and AA, reported by role,
 *   address, route, rule and element. A check of the route table itself keeps the list whole: a new
 *   route fails it until it is audited here.
 * - a keyboard-only walk of the main job: search, filter by education level, open an item, download a
 *   file, back to the results with the query and the filter kept, the focus visible at every step;
 *   and every Tab stop of the editors' content table and content form shows the focus;
 * - dialogs opened by keyboard give the focus back to what opened them when Escape closes them.
 * The state brand runs the audits as a visitor and as an admin only (see NATIONAL_ONLY).
 * Set-up through the API (as an admin): every flag that is off and not pinned switched on (so the routes
 * behind flags can be opened), a page at an address of no route (for the catch-all) and an education
 * level on the XSS lab sheet (the demo data have none); all put back afterwards.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { ContentSchema, toUpdateRequest, type Content } from '@portal/shared/schemas/courseware';
import { apiToken, clientAddress, DEMO_PASSWORD, seriousFindings, signIn } from './helpers';

test.use({ extraHTTPHeaders: clientAddress(70), viewport: { width: 1280, height: 900 } });

type Role = 'visitor' | 'faculty' | 'curator' | 'admin';
const ROLES: readonly Role[] = ['visitor', 'faculty', 'curator', 'admin'];
const ACCOUNTS: Record<Exclude<Role, 'visitor'>, string> = {
  faculty: 'faculty@example.edu',
  curator: 'curator@example.edu',
  admin: 'admin@example.edu',
};
const EVERYONE = ROLES;
const SIGNED_IN: readonly Role[] = ['faculty', 'curator', 'admin'];
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
const RANGE_UI = 'https://range.example.edu';
const XSS_SHEET = {
  alias: 'hacktivity-lab-sheets/web-security/web-security-cross-site-scripting',
  url: '/courseware/hacktivity-lab-sheets/web-security/web-security-cross-site-scripting',
  name: 'Web Security: Cross-Site Scripting',
  file: 'Web Security: Cross-Site Scripting (lab sheet), 3_xss.md',
  fileName: '3_xss.md',
};
/** The education level the set-up gives the XSS lab sheet, as the filter shows it and the address keeps it. */
const LEVEL = { value: 'universityundergraduate', label: 'University Undergraduate' };
/** A published page at an address no route claims: the catch-all shows it (001 §2 Dynamic pages). */
const CATCH_ALL_PAGE = { href: '/accessibility-check', title: 'Accessibility check' };
/**
 * The tag of the tests the state project leaves out (playwright.config.ts), to keep the spec's time
 * small: the keyboard and dialog tests, whose behaviour the brands share (the focus ring is one for
 * both), and the audits as faculty and curator, whose pages differ from a visitor's and an admin's only
 * in what those two see too.
 */
const NATIONAL_ONLY = '@national-brand-only';
/** The roles whose audit runs against the state brand as well: a visitor and the role that sees most. */
const STATE_BRAND_ROLES: readonly Role[] = ['visitor', 'admin'];
/** More Tab presses than any page has stops. */
const MAX_TAB_STOPS = 150;

/** What shows once a route's page is there: its level-1 heading, its dialog, its status or alert text. */
type Shows = { heading: string | RegExp } | { dialog: string } | { status: string } | { alert: string };

interface AuditedRoute {
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
}

/**
 * Every route of the route table, in its order. Where a route sends to another (an old address, a
 * redirect), the page it lands on is audited. `conference` leaves for CONFERENCE_URL when one is set;
 * the end-to-end servers set none, so it leads to the 2018 conference page.
 */
const ROUTES: readonly AuditedRoute[] = [
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
  { path: 'coverage', url: '/coverage', shows: { heading: 'Coverage' }, roles: EVERYONE },
  // The item route of /courseware/* (faculty see its download buttons, editors its editing actions).
  { path: '*', url: XSS_SHEET.url, shows: { heading: new RegExp(`${XSS_SHEET.name}$`) }, roles: EVERYONE },
  { path: 'cr-admin', url: '/cr-admin', shows: { heading: 'Content administration' }, roles: EDITORS },
  { path: 'admin', url: '/admin', shows: { heading: 'Content administration' }, roles: ONE_EDITOR },
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
  // CanInviteStudents: faculty and above.
  { path: 'invitations', url: '/invitations', shows: { heading: 'Invite students' }, roles: SIGNED_IN },
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
  { path: 'exercises', url: '/exercises', shows: { status: 'Opening the exercise area…' }, roles: EVERYONE },
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
 * The `path`s of the route table as app/router.tsx writes them: `path: '…'`, the site pages' helpers
 * (`page('…'`, `editable('…'`), the lists mapped to routes (`['cr-admin', 'admin'].map((path)`), and ''
 * for the index route; and each `path:` whose value is not written out (which this reading would miss).
 */
function routeTablePaths(): { paths: Set<string>; unread: string[] } {
  const file = fileURLToPath(new URL('../../apps/web/src/app/router.tsx', import.meta.url));
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
function showsKey(shows: Shows | undefined): string {
  if (shows && 'heading' in shows) return `heading ${String(shows.heading)}`;
  return JSON.stringify(shows ?? null);
}

/** The locator of what shows once `route`'s page is there. */
function shownBy(page: Page, shows: Shows): Locator {
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
async function open(page: Page, url: string, byLoad: boolean): Promise<void> {
  if (byLoad) {
    await page.goto(url);
    return;
  }
  await page.evaluate((address) => {
    window.history.pushState(null, '', address);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

interface Fixtures {
  api: APIRequestContext;
  headers: Record<string, string>;
  /** Flags switched on for the audit, with the admin's choice to put back. */
  switchedFlags: { flag: string; override: boolean | null }[];
  pageId: string;
  xss: Content;
}

/** Saves `content` whole with `educationLevels` (as the edit form does), returning its new version. */
async function saveEducationLevels(
  fixtures: Pick<Fixtures, 'api' | 'headers'>,
  content: Content,
  educationLevels: string[],
): Promise<number> {
  const res = await fixtures.api.put(`/api/v1/content/${content.id}`, {
    headers: fixtures.headers,
    data: { ...toUpdateRequest(content), educationLevels },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { version: number }).version;
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

let fixtures: Fixtures | undefined;

test.beforeAll(async ({ playwright }, testInfo: TestInfo) => {
  const api = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: clientAddress(70),
  });
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

  const xss = ContentSchema.parse(
    await (await api.get(`/api/v1/content/${encodeURIComponent(XSS_SHEET.alias)}`, { headers })).json(),
  );
  const version = await saveEducationLevels({ api, headers }, xss, [LEVEL.value]);
  fixtures = {
    api,
    headers,
    switchedFlags: switchedFlags.map(({ flag, override }) => ({ flag, override })),
    pageId,
    xss: { ...xss, version },
  };
});

test.afterAll(async () => {
  if (!fixtures) return;
  const { api, headers, switchedFlags, pageId, xss } = fixtures;
  await saveEducationLevels(fixtures, xss, xss.educationLevels);
  expect((await api.delete(`/api/v1/pages/${pageId}`, { headers })).status()).toBe(204);
  await putFlags(api, headers, Object.fromEntries(switchedFlags.map((f) => [f.flag, f.override])));
  await api.dispose();
});

test('the audit covers every path of the route table, and no path the table lacks', () => {
  const audited = new Set(ROUTES.map((route) => route.path));
  const table = routeTablePaths();
  expect(table.unread, 'paths of router.tsx this check cannot read: write them out').toEqual([]);
  const missing = [...table.paths].filter((path) => !audited.has(path));
  expect(missing, 'routes of router.tsx not audited').toEqual([]);
  const stale = [...audited].filter((path) => !table.paths.has(path));
  expect(stale, 'audited paths not in router.tsx').toEqual([]);
});

/**
 * Every route `role` can open, in the order to audit them: first those that show a page of their own,
 * then those that show again what an earlier one showed (an old address, a redirect), so that no route
 * follows one that showed the same (its heading, already there, would not tell that the new page has
 * drawn), and last those that leave the app (each later route would need the app loaded again).
 */
function auditOrder(role: Role): AuditedRoute[] {
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
const SHELL = { header: 'header.MuiAppBar-root', footer: '#main-content ~ footer' };

/** The parts of the shell `page` shows, as keys of what axe has seen (see SHELL) and their selectors. */
async function shellParts(page: Page): Promise<{ key: string; selector: string }[]> {
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

/**
 * Opens every route `role` can open in `page` (signed in first, unless a visitor) and runs axe on each
 * once it has drawn; returns a line per serious or critical violation, naming role, address, route,
 * rule and elements. Fails at once when a page does not draw, keeps loading, or stays under the splash.
 */
async function auditAs(page: Page, role: Role): Promise<string[]> {
  await page.route(`${RANGE_UI}/**`, (route) => route.fulfill({ status: 204 }));
  await page.goto('/courseware');
  if (role !== 'visitor') await signIn(page, ACCOUNTS[role]);
  const failures: string[] = [];
  const seenShell = new Set<string>();
  let isInApp = true;
  let previous: Shows | undefined;
  for (const route of auditOrder(role)) {
    const isSameAsBefore = showsKey(route.shows) === showsKey(previous);
    const byLoad = !isInApp || isSameAsBefore || route.leavesApp === true || route.isEnteredFromOutside;
    await open(page, route.url, byLoad === true);
    const where = `${role} at ${route.url} (route '${route.path}')`;
    // waitFor, not expect: it answers as soon as the page draws, where expect polls at growing intervals.
    await shownBy(page, route.shows)
      .waitFor()
      .catch((error: unknown) => {
        throw new Error(`${where}: the page did not draw`, { cause: error });
      });
    // No progress bar left that a person would see or hear: the page has loaded.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="progressbar"]')].every(
        (bar) => bar.closest('[aria-hidden="true"]') !== null || bar.getClientRects().length === 0,
      ),
    );
    await expect(page.locator('#splash'), `${where}: the loading splash covers the page`).toHaveCount(0);
    // The shell is audited once per role (see SHELL): left out where axe has seen it already.
    const exclude: string[] = [];
    for (const part of await shellParts(page)) {
      if (seenShell.has(part.key)) exclude.push(part.selector);
      seenShell.add(part.key);
    }
    for (const finding of await seriousFindings(page, { exclude }))
      failures.push(
        `${where}: ${finding.rule} (${finding.impact}, ${finding.help}) at ${finding.targets.join(' | ')}`,
      );
    isInApp = route.leavesApp !== true;
    previous = route.shows;
  }
  return failures;
}

for (const role of ROLES) {
  test(
    `no serious or critical WCAG 2.1 A/AA violation on any route ${role === 'visitor' ? 'a visitor' : `the ${role}`} can open`,
    { tag: STATE_BRAND_ROLES.includes(role) ? [] : NATIONAL_ONLY },
    async ({ page }) => {
      expect(await auditAs(page, role)).toEqual([]);
    },
  );
}

/**
 * Why the focused element shows no focus, or null when it does: it must be in the viewport and draw a
 * focus indicator — an outline or a box shadow of its own, the outline of the MUI button around it
 * (a checkbox's or switch's hidden input), the 2 px border of the MUI field it is in, or for the text
 * area of the rich-text editor, a box shadow on its frame. Runs in the page.
 */
function focusProblem(): string | null {
  const element = document.activeElement;
  if (!element || element === document.body) return 'nothing has the focus';
  const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}"`;
  const box = element.getBoundingClientRect();
  if (box.bottom <= 0 || box.right <= 0 || box.top >= window.innerHeight || box.left >= window.innerWidth)
    return `${name} has the focus outside the viewport`;
  const drawsRing = (node: Element) => {
    const style = getComputedStyle(node);
    if (Number(style.opacity) === 0) return false;
    const hasOutline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return hasOutline || style.boxShadow !== 'none';
  };
  if (drawsRing(element)) return null;
  const button = element.parentElement?.closest('.Mui-focusVisible');
  if (button && drawsRing(button)) return null;
  const outline = element.closest('.Mui-focused')?.querySelector(':scope > fieldset');
  if (outline && parseFloat(getComputedStyle(outline).borderTopWidth) >= 2) return null;
  // The text area of the rich-text editor draws nothing itself: its frame (the bordered box around it) does.
  if (element instanceof HTMLElement && element.isContentEditable) {
    let frame = element.parentElement;
    while (frame && parseFloat(getComputedStyle(frame).borderTopWidth) === 0) frame = frame.parentElement;
    if (frame && drawsRing(frame)) return null;
  }
  return `${name} has the focus but shows no focus indicator`;
}

/** Fails unless what has the focus shows it (focusProblem), naming the step that moved it. */
async function expectFocusVisible(page: Page, step: string): Promise<void> {
  expect(await page.evaluate(focusProblem), `focus after ${step}`).toBeNull();
}

/** Presses `key` and checks that the focus shows. */
async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await expectFocusVisible(page, key);
}

/**
 * Presses Tab until `target` has the focus (at most MAX_TAB_STOPS times), the focus showing at each
 * stop. Past the page's last stop the focus leaves the page (the browser's own controls), then comes
 * back to its first.
 */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let stop = 0; stop < MAX_TAB_STOPS; stop += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement === document.body)) continue;
    await expectFocusVisible(page, 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target.toString()} was not reached by Tab`);
}

/** Presses ArrowDown until `target` (an option, a menu item) has the focus, the focus showing at each step. */
async function arrowTo(page: Page, target: Locator): Promise<void> {
  for (let step = 0; step < MAX_TAB_STOPS; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await press(page, 'ArrowDown');
  }
  throw new Error(`${target.toString()} was not reached by ArrowDown`);
}

/**
 * Reaches `opener` by Tab, opens the dialog named `dialog` with Enter (then `choose`, e.g. a menu item
 * picked by keyboard), closes it with Escape and checks that the focus is back on `opener`, showing.
 */
async function expectFocusReturns(
  page: Page,
  opener: Locator,
  dialog: string,
  choose?: () => Promise<void>,
): Promise<void> {
  await tabTo(page, opener);
  await press(page, 'Enter');
  await choose?.();
  const shown = page.getByRole('dialog', { name: dialog });
  await expect(shown).toBeVisible();
  const hasFocus = await shown.evaluate((element) => element.contains(document.activeElement));
  expect(hasFocus, `the focus is in ${dialog}`).toBe(true);
  await page.keyboard.press('Escape');
  await expect(shown).toBeHidden();
  await expect(opener, `the focus is back from ${dialog}`).toBeFocused();
  await expectFocusVisible(page, `closing ${dialog}`);
}

test(
  'keyboard only: sign in, search, filter by education level, open an item, download its file and come back to the results with the filters kept, the focus always showing',
  { tag: NATIONAL_ONLY },
  async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: /^Teach cybersecurity hands-on/ }),
    ).toBeVisible();
    await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Courseware', exact: true }));
    await press(page, 'Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Courseware' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();

    // Sign in on the sign-in page, by keyboard too; it comes back to the courseware.
    await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }));
    // The sign-in page is a document of its own: the focus is checked once it has loaded.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByLabel('Email')).toBeFocused();
    await expectFocusVisible(page, 'opening the sign-in page');
    await page.keyboard.type(ACCOUNTS.faculty);
    await press(page, 'Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /^Account menu of/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Courseware' })).toBeVisible();

    const panel = page.getByRole('region', { name: 'Search courseware' });
    const searchBox = panel.getByRole('textbox', { name: 'Search courseware' });
    await tabTo(page, searchBox);
    await page.keyboard.type('cross site scripting');
    await press(page, 'Enter');
    await expect(page).toHaveURL(/[?&]q=cross(\+|%20)site(\+|%20)scripting/);

    // The education-level filter: open it, move to the level, pick it with Space, close it with Escape.
    const levels = panel.getByRole('combobox', { name: /^Education levels/ });
    await tabTo(page, levels);
    await press(page, 'Enter');
    const option = page.getByRole('option', { name: new RegExp(`^${LEVEL.label}`) });
    await arrowTo(page, option);
    await press(page, ' ');
    await expect(page).toHaveURL(new RegExp(`[?&]edu=${LEVEL.value}`));
    await press(page, 'Escape');
    await expect(levels).toBeFocused();

    const results = page.getByRole('region', { name: 'Search results' });
    const item = results.getByRole('link', { name: XSS_SHEET.name, exact: true });
    await tabTo(page, item);
    await press(page, 'Enter');
    await expect(page.getByRole('heading', { level: 1, name: XSS_SHEET.name })).toBeVisible();

    const file = page.getByRole('region', { name: 'Files' }).getByRole('button', { name: XSS_SHEET.file });
    await tabTo(page, file);
    const download = page.waitForEvent('download');
    await press(page, 'Enter');
    expect((await download).suggestedFilename()).toBe(XSS_SHEET.fileName);

    // The browser's Back (Alt+Left), which is the browser's own and out of reach of Playwright's keyboard.
    await page.goBack();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/courseware' &&
        url.searchParams.get('q') === 'cross site scripting' &&
        url.searchParams.get('edu') === LEVEL.value,
    );
    await expect(searchBox).toHaveValue('cross site scripting');
    await expect(levels).toHaveText(LEVEL.label);
    await expect(page.getByRole('button', { name: `Remove filter ${LEVEL.label}` })).toBeVisible();
    await expect(item).toBeVisible();
    await expectFocusVisible(page, 'going back');
  },
);

test(
  'dialogs opened by keyboard give the focus back to what opened them: feedback, support, error',
  { tag: NATIONAL_ONLY },
  async ({ page }) => {
    await page.goto(XSS_SHEET.url);
    await signIn(page, ACCOUNTS.faculty);
    await expect(page.getByRole('heading', { level: 1, name: XSS_SHEET.name })).toBeVisible();

    await expectFocusReturns(page, page.getByRole('button', { name: 'Feedback' }), 'Send feedback');
    // Support is an item of the Help menu: the menu closes as the dialog opens, so Help gets the focus.
    await expectFocusReturns(
      page,
      page.getByRole('button', { name: 'Help' }),
      'Request support',
      async () => {
        await arrowTo(page, page.getByRole('menuitem', { name: 'Support' }));
        await press(page, 'Enter');
      },
    );
    // The shell's error dialog, over a download whose link the server could not make.
    await page.route('**/api/v1/files/*/download-url*', (route) =>
      route.fulfill({
        status: 500,
        json: { code: 'internal', message: 'The download link could not be made.' },
      }),
    );
    await expectFocusReturns(
      page,
      page.getByRole('region', { name: 'Files' }).getByRole('button', { name: XSS_SHEET.file }),
      'Error',
    );
  },
);

test(
  "dialogs of an editor's screens give the focus back: delete content, add news, add section",
  { tag: NATIONAL_ONLY },
  async ({ page }) => {
    await page.goto(XSS_SHEET.url);
    await signIn(page, ACCOUNTS.curator);
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(`${XSS_SHEET.name}$`) }),
    ).toBeVisible();
    await expectFocusReturns(
      page,
      page.getByRole('button', { name: 'Delete', exact: true }),
      'Delete content',
    );

    await page.goto('/news');
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    await expectFocusReturns(page, page.getByRole('button', { name: 'Add news' }), 'Add news');

    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About' }).first()).toBeVisible();
    await expectFocusReturns(page, page.getByRole('button', { name: 'Add section' }), 'Add section');
  },
);

test(
  "every Tab stop of an editor's screens shows the focus: the content table and the content form",
  { tag: NATIONAL_ONLY },
  async ({ page }) => {
    await page.goto('/courseware');
    await signIn(page, ACCOUNTS.curator);
    // Each screen with the control whose MUI style took its focus indicator away: the rows-per-page
    // select of the table, the text area of the rich-text editor.
    const screens = [
      {
        url: '/cr-admin',
        heading: 'Content administration',
        control: page.getByRole('combobox', { name: /^Rows per page/ }),
      },
      {
        url: '/courseware?creating=1',
        heading: 'New courseware',
        control: page.locator('[contenteditable="true"]').first(),
      },
    ];
    for (const { url, heading, control } of screens) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      let hasReachedControl = false;
      for (let stop = 1; stop <= MAX_TAB_STOPS; stop += 1) {
        await page.keyboard.press('Tab');
        // Past the last stop the focus leaves the page.
        if (await page.evaluate(() => document.activeElement === document.body)) break;
        await expectFocusVisible(page, `Tab ${stop} on ${url}`);
        hasReachedControl ||= await control.evaluate((element) => element === document.activeElement);
      }
      expect(hasReachedControl, `Tab reaches ${control.toString()} on ${url}`).toBe(true);
    }
  },
);
