/**
 * The crawler (issue 34 "A crawler in the end-to-end suite"; 001 §2 Layout for the accessibility part).
 * For each role (visitor, student, faculty, curator, admin) and each route of the route table
 * (route-table.ts, with real demo addresses), it:
 * 1. opens the address inside the app (a new history entry, as a link would) and notes what shows: the
 *    level-1 heading and the address with its query string; runs axe (no serious or critical WCAG 2.0/2.1
 *    A/AA violation; the shell once per role);
 * 2. opens the same address fresh (a reload, as a bookmark would): the same heading and the same address,
 *    query string kept;
 * 3. tabs through the page from the top: every link and button it shows is reached by Tab (or, for one
 *    that is not a tab stop by design, `tabindex="-1"`, its composite control or field is), and every stop
 *    shows the focus;
 * 4. presses every download control it shows (`data-download`, or a link with `download`; see
 *    apps/web/src/lib/save-download.ts), once per route and control across roles: a file of the announced
 *    kind arrives and the page stays where it is;
 * 5. follows every same-origin link once per role: a link to a page of the app lands on its own address,
 *    or where a fresh load of that address lands, never silently on `/` (unless its href is `/`), and the
 *    page draws; a link to an address of the server (a feed, a file, a sign-in page; `isDocumentLink`) is
 *    fetched and answers 200 with its kind of file, never the app's page for a file.
 * Nothing may log a console error, throw, fail a request or get a 5xx answer on the way.
 * Destructive controls are left alone: only links and download controls are pressed, never a button
 * without `data-download` (Delete, Save, Sign out, Unlink…).
 * The state brand crawls as a visitor and as an admin (NATIONAL_ONLY on the others). Each role's test
 * prints its counts and where its minutes went; the closing line of the run sums them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Page, type Request } from '@playwright/test';
import { isDocumentLink } from '@portal/shared/server-paths';
import { expect, test } from './fixtures';
import { clientAddress, seriousFindings, signIn, TREE_DOWNLOAD_TIMEOUT_MS } from './helpers';
import { focusProblem } from './keyboard';

/** The id of the main landmark, the skip link's target (apps/web/src/app/layout/navigation-aids.tsx). */
const MAIN_CONTENT_ID = 'main-content';
import {
  ACCOUNTS,
  auditOrder,
  open,
  RANGE_UI,
  ROLES,
  routeTablePaths,
  ROUTES,
  setUpRoutes,
  shellParts,
  shownBy,
  showsKey,
  tearDownRoutes,
  type AuditedRoute,
  type Role,
  type RouteSetUp,
} from './route-table';

test.use({ extraHTTPHeaders: clientAddress(71), viewport: { width: 1280, height: 900 } });

/** The tag of the tests the state project leaves out (playwright.config.ts): roles other than these. */
const NATIONAL_ONLY = '@national-brand-only';
const STATE_BRAND_ROLES: readonly Role[] = ['visitor', 'admin'];
/** More Tab stops than any page has; a page with more is reported. */
const MAX_TAB_STOPS = 400;
/** How long a smooth scroll may take to bring the focused element into view, on a loaded machine. */
const SCROLL_SETTLE_MS = 3000;
/** How long a Tab walk waits for the page's requests to end before it begins anyway. */
const QUIET_TIMEOUT_MS = 10_000;
/** How long a link may take to land and its page to draw. */
const LANDING_TIMEOUT_MS = 10_000;
/** Each role's crawl: its routes, their links and tab walks, on a loaded two-core machine. */
const ROLE_TIMEOUT_MS = 8 * 60_000;
/** A route whose page is the same address with a different address (a redirect) is followed there. */
const HOME = '/';

/** What a page shows, to compare an in-app visit with a fresh load. */
interface Seen {
  heading: string | null;
  address: string;
}

/** Counts of one role's crawl. */
interface Tally {
  routes: number;
  /** App links followed by a click, one per shape (shapeOf) and role. */
  links: number;
  /** Links gone from their page on a reload before they could be followed (data changed meanwhile). */
  vanished: number;
  /** App addresses fetched as a fresh load would (every distinct one, once across roles). */
  pagesFetched: number;
  serverLinks: number;
  downloads: number;
  tabStops: number;
  /** Milliseconds spent per phase of the crawl, to see where its minutes go. */
  ms: Partial<Record<Phase, number>>;
}

/** The phases of a route's crawl, as timed in Tally.ms. */
type Phase = 'in the app' | 'axe' | 'fresh load' | 'Tab' | 'downloads' | 'fetches' | 'follows';

/** Runs `work`, adding the time it takes to `tally`'s `phase`. */
async function timed<T>(tally: Tally, phase: Phase, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    tally.ms[phase] = (tally.ms[phase] ?? 0) + performance.now() - start;
  }
}

/** Addresses whose page leaves the app (sign-in, sign-up, the exercise area): links to them open in a page of their own. */
const LEAVING = new Set(ROUTES.filter((route) => route.leavesApp || route.handsOn).map((route) => route.url));

/** Addresses fetched so far (server addresses and app pages as a fresh load gets them): once across roles. */
const fetched = new Set<string>();

/**
 * The shape of an app address: its first path segment, its number of segments and its query's names
 * (`/courseware/a/b` → `courseware/2`, `/courseware?q=x` → `courseware/1?q`). Links of one shape are one
 * route of the app with different data: the crawler follows one of each by a click per role and fetches
 * the others (fetchPage), which keeps the crawl within minutes with hundreds of item and search links.
 */
function shapeOf(address: string): string {
  const url = new URL(address, 'http://portal');
  const segments = url.pathname.split('/').filter(Boolean);
  const names = [...new Set(url.searchParams.keys())].sort().join('&');
  return `${segments[0] ?? ''}/${segments.length}${names ? `?${names}` : ''}`;
}

/**
 * Main landmarks already audited by axe and walked by Tab (mainKey), by any role: a page whose main
 * content is the very same markup for two roles (most public pages) is checked once.
 */
const auditedMains = new Set<string>();
const walkedMains = new Set<string>();

/** The server and a hash of the main landmark's markup: equal for the same content drawn the same. */
async function mainKey(page: Page): Promise<string> {
  return page.evaluate((id) => {
    const markup = (document.getElementById(id)?.outerHTML ?? '').replace(/ data-crawl-[a-z]+="[^"]*"/g, '');
    let hash = 5381;
    for (let index = 0; index < markup.length; index += 1) hash = (hash * 33 + markup.charCodeAt(index)) | 0;
    return `${location.origin} ${markup.length} ${hash}`;
  }, MAIN_CONTENT_ID);
}

/** Download controls pressed so far, by route and name: once across roles (a file is a file). */
const pressedDownloads = new Set<string>();

/**
 * The heading `route`'s page shows (the level-1 heading it is known by, or the first one) and the
 * address (path and query) of `page`.
 */
async function seen(page: Page, route: AuditedRoute): Promise<Seen> {
  const heading =
    'heading' in route.shows
      ? await shownBy(page, route.shows).textContent()
      : await page.evaluate(() => document.querySelector('h1')?.textContent ?? null);
  const address = await page.evaluate(() => location.pathname + location.search);
  return { heading: heading?.trim() ?? null, address };
}

/** Waits until `route`'s page shows what it shows and nothing is loading any more. */
async function drawn(page: Page, route: AuditedRoute, where: string): Promise<void> {
  await shownBy(page, route.shows)
    .waitFor({ timeout: LANDING_TIMEOUT_MS })
    .catch((error: unknown) => {
      throw new Error(`${where}: the page did not draw`, { cause: error });
    });
  await settled(page);
  await expect(page.locator('#splash'), `${where}: the loading splash covers the page`).toHaveCount(0);
}

/** Waits until no progress bar a person would see or hear is left. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="progressbar"]')].every(
      (bar) => bar.closest('[aria-hidden="true"]') !== null || bar.getClientRects().length === 0,
    ),
  );
}

/**
 * Waits until `page` has no request in flight (`inFlight`, kept by crawlAs) and none starts in the next
 * two frames, for at most QUIET_TIMEOUT_MS. A part fetched after the page draws, such as a dynamic page's
 * editing controls for an editor (a lazily loaded chunk, slow on a loaded machine), grows the page and
 * moves what is below it: a Tab walk begun before would find its stop moved out of view.
 */
async function untilQuiet(page: Page, inFlight: ReadonlySet<Request>): Promise<void> {
  const deadline = Date.now() + QUIET_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (inFlight.size > 0) {
      await page.waitForTimeout(50);
      continue;
    }
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    if (inFlight.size === 0) return;
  }
}

/**
 * Tabs through `page` from the top. `scope` 'page': from where a fresh load leaves the focus until the
 * focus leaves the page or comes back to where it started (the shell and the page, once per role);
 * 'main': Tab to the skip link, Enter, then on until the focus leaves the main landmark (the shell is
 * the same on every page of a role). Returns the number of stops and a line per problem: a stop that
 * shows no focus (focusProblem), a link or button shown in the scope but not reached.
 */
async function tabThrough(
  page: Page,
  scope: 'page' | 'main',
  where: string,
): Promise<{ stops: number; problems: string[] }> {
  const problems: string[] = [];
  // The links and buttons a person can see or a screen reader announces, numbered for the walk.
  await page.evaluate(
    (selector) => {
      let next = 0;
      for (const element of document.querySelectorAll<HTMLElement>(
        `${selector} :is(a[href], button, [role="button"], [role="link"])`,
      )) {
        const isShown =
          element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
        const isOff =
          (element as HTMLButtonElement).disabled ||
          element.getAttribute('aria-disabled') === 'true' ||
          element.closest('[aria-hidden="true"], [inert]') !== null;
        if (isShown && !isOff) element.dataset['crawlStop'] = String((next += 1));
      }
    },
    scope === 'main' ? `#${MAIN_CONTENT_ID}` : 'body',
  );
  if (scope === 'main') {
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    if (skip !== `#${MAIN_CONTENT_ID}`)
      return { stops: 1, problems: [`${where}: the first Tab stop is not the skip link`] };
    await page.keyboard.press('Enter');
  }
  const stopOf = `(() => {
    const problem = (${focusProblem.toString()})();
    const element = document.activeElement;
    const scope = ${scope === 'main' ? `document.getElementById('${MAIN_CONTENT_ID}')` : 'document.body'};
    if (!element || element === document.body || !scope?.contains(element))
      return { isFirst: false, isOut: true, problem: null };
    // The walk ends when the focus comes back to its first stop (a dialog keeps it inside).
    const isFirst = element.hasAttribute('data-crawl-first');
    if (!document.querySelector('[data-crawl-first]')) element.setAttribute('data-crawl-first', '');
    element.setAttribute('data-crawl-reached', '');
    return { isFirst, isOut: false, problem };
  })()`;
  let stops = 0;
  for (; stops < MAX_TAB_STOPS; stops += 1) {
    await page.keyboard.press('Tab');
    const stop = (await page.evaluate(stopOf)) as {
      isFirst: boolean;
      isOut: boolean;
      problem: string | null;
    };
    if (stop.isOut) {
      if (stops > 0) break;
      continue;
    }
    if (stop.isFirst) break;
    let problem = stop.problem;
    // The browser scrolls what takes the focus into view, smoothly (slower on a loaded machine): look
    // again once it is in view, or once the scroll has had its time.
    if (problem?.endsWith('outside the viewport')) {
      await page
        .waitForFunction(`!((${focusProblem.toString()})() ?? '').endsWith('outside the viewport')`, null, {
          timeout: SCROLL_SETTLE_MS,
        })
        .catch(() => undefined);
      problem = await page.evaluate(focusProblem);
    }
    if (problem) problems.push(`${where}: Tab ${stops + 1}: ${problem}`);
  }
  if (stops === MAX_TAB_STOPS) problems.push(`${where}: more than ${MAX_TAB_STOPS} Tab stops`);
  const unreached = await page.evaluate(() => {
    const COMPOSITE =
      '[role="tablist"], [role="toolbar"], [role="radiogroup"], [role="menubar"], [role="listbox"], [role="grid"], .MuiAutocomplete-root, .MuiInputBase-root, .MuiPagination-root, .MuiToggleButtonGroup-root';
    return [...document.querySelectorAll<HTMLElement>('[data-crawl-stop]')]
      .filter((element) => {
        if (element.hasAttribute('data-crawl-reached') || element.querySelector('[data-crawl-reached]'))
          return false;
        if (element.getAttribute('tabindex') !== '-1') return true;
        // Not a tab stop by design: reached through its composite control or field.
        return element.closest(COMPOSITE)?.querySelector('[data-crawl-reached]') == null;
      })
      .map((element) => {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60);
        return `${element.tagName.toLowerCase()} "${name}"`;
      });
  });
  for (const element of unreached) problems.push(`${where}: ${element} is not reached by Tab`);
  return { stops, problems };
}

/**
 * The same-origin links `page` shows (not downloads): their addresses (path and query, no fragment) and
 * whether they open a new tab (`target="_blank"`), which the crawler opens in a page of their own.
 */
async function linksOf(page: Page): Promise<{ address: string; isNewTab: boolean }[]> {
  return page.evaluate(() => {
    const links = new Map<string, boolean>();
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]:not([download])')) {
      if (link.getClientRects().length === 0 || link.hasAttribute('data-download')) continue;
      const url = new URL(link.href, location.href);
      if (url.origin !== location.origin) continue;
      const address = url.pathname + url.search;
      // A link to a part of this very page (a skip link) moves the focus, not the page.
      if (url.hash && address === location.pathname + location.search) continue;
      links.set(address, (links.get(address) ?? false) || link.target === '_blank');
    }
    return [...links].map(([address, isNewTab]) => ({ address, isNewTab }));
  });
}

/** The kind of file an address's extension announces, as a check of the answer's Content-Type. */
function typeFits(address: string, contentType: string): boolean {
  const extension = path.extname(new URL(address, 'http://x').pathname).toLowerCase();
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (extension === '' || extension === '.html') return type === 'text/html' || type === 'application/json';
  const byExtension: Record<string, readonly string[]> = {
    '.xml': ['application/xml', 'text/xml', 'application/atom+xml', 'application/rss+xml'],
    '.ics': ['text/calendar'],
    '.csv': ['text/csv'],
    '.txt': ['text/plain'],
    '.json': ['application/json'],
    '.svg': ['image/svg+xml'],
  };
  return (
    (byExtension[extension] ?? []).includes(type) || (type !== 'text/html' && !(extension in byExtension))
  );
}

/** What follow answers for a link that is no longer on its page, even after a reload. */
const VANISHED = 'vanished';

/** Clicks the first link `page` shows to `address` (path and query), marking the document; false when none. */
async function clickLink(page: Page, address: string): Promise<boolean> {
  return page.evaluate((expected) => {
    const link = [...document.querySelectorAll<HTMLAnchorElement>('a[href]:not([download])')].find(
      (anchor) => {
        const url = new URL(anchor.href, location.href);
        return anchor.getClientRects().length > 0 && url.pathname + url.search === expected;
      },
    );
    if (!link) return false;
    (window as unknown as { crawlMark: boolean }).crawlMark = true;
    link.click();
    return true;
  }, address);
}

/**
 * Follows the app link to `address` from `page` (at `returnTo`, a route's page) with a click, as a
 * person would, and returns to `returnTo`. Returns a problem line, VANISHED when the link is gone even after a reload, or null.
 */
async function follow(page: Page, returnTo: string, address: string, where: string): Promise<string | null> {
  if (process.env.CRAWL_DEBUG) console.log(`follow ${address} from ${returnTo}`);
  const isClicked = await clickLink(page, address);
  if (!isClicked) {
    // The page came back in another state (a section folded again): load it afresh, as a bookmark would.
    await page.goto(returnTo);
    await settled(page);
    await page
      .waitForFunction(
        (expected) =>
          [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].some(
            (anchor) => new URL(anchor.href).pathname + new URL(anchor.href).search === expected,
          ),
        address,
        { timeout: LANDING_TIMEOUT_MS },
      )
      .catch(() => undefined);
    if (!(await clickLink(page, address))) return VANISHED;
  }
  if (address !== returnTo)
    await page
      .waitForURL((url) => url.pathname + url.search !== returnTo, {
        timeout: LANDING_TIMEOUT_MS,
        waitUntil: 'commit',
      })
      .catch(() => undefined);
  await page.waitForLoadState();
  const stayedInApp = await page
    .evaluate(() => (window as unknown as { crawlMark?: boolean }).crawlMark === true)
    .catch(() => false);
  // A link that left the app (a sign-in page, the exercise area) may pass through redirects: let them end.
  if (!stayedInApp) await page.waitForLoadState('networkidle');
  const problem = await landingProblem(page, address, stayedInApp, where);
  // Back to the route's page: inside the app when the link kept it, else by a load.
  if (stayedInApp) await open(page, returnTo, false);
  else await page.goto(returnTo);
  await page.waitForFunction((expected) => location.pathname + location.search === expected, returnTo, {
    timeout: LANDING_TIMEOUT_MS,
  });
  return problem;
}

/**
 * Whether `page`, just sent to `address` by a link, landed right: on `address` (its path alone when the
 * link left the app, whose sign-in addresses carry one-time values), or where a fresh load of `address`
 * lands (a redirect), which must not be home unless `address` is; in the app, the page draws.
 */
async function landingProblem(
  page: Page,
  address: string,
  stayedInApp: boolean,
  where: string,
): Promise<string | null> {
  const placeOf = (url: URL) => (stayedInApp ? url.pathname + url.search : url.pathname);
  const at = placeOf(new URL(page.url()));
  if (at !== placeOf(new URL(address, page.url()))) {
    const fresh = await page.context().newPage();
    await fresh.goto(address);
    await fresh.waitForLoadState('networkidle');
    const freshAt = placeOf(new URL(fresh.url()));
    await fresh.close();
    if (freshAt !== at) return `${where}: the link to ${address} landed on ${at}, a fresh load on ${freshAt}`;
    if (at === HOME && address !== HOME) return `${where}: the link to ${address} goes home`;
  }
  if (!stayedInApp) return null;
  const hasDrawn = await page
    .waitForFunction(
      () => document.querySelector('h1, [role="dialog"], [role="alert"], [role="status"]'),
      null,
      {
        timeout: LANDING_TIMEOUT_MS,
      },
    )
    .then(() => true)
    .catch(() => false);
  return hasDrawn ? null : `${where}: the page of ${address} did not draw`;
}

/**
 * Opens `address` (a page that leaves the app, or a link's new tab) in a page of its own, as a link
 * would, and waits for its redirects to end: it must land somewhere that answers, never home.
 */
async function landingInOwnPage(page: Page, address: string, where: string): Promise<string | null> {
  const own = await page.context().newPage();
  try {
    const response = await own.goto(address);
    await own.waitForLoadState('networkidle');
    const at = new URL(own.url());
    if (at.origin === new URL(page.url()).origin && at.pathname === HOME)
      return `${where}: the link to ${address} goes home`;
    if (response && response.status() >= 400)
      return `${where}: the link to ${address} answered ${response.status()}`;
    return null;
  } finally {
    await own.close();
  }
}

/**
 * Fetches the app address `address` as a fresh load does (the server renders it): it must answer 200
 * and not end on the home page unless it is `/` (an unknown address answers 404).
 */
async function fetchPage(page: Page, address: string, where: string): Promise<string | null> {
  const response = await page.request.get(address, { maxRedirects: 5 });
  await response.dispose();
  const at = new URL(response.url()).pathname;
  if (response.status() !== 200) return `${where}: the link to ${address} answered ${response.status()}`;
  if (at === HOME && address !== HOME) return `${where}: the link to ${address} goes home`;
  return null;
}

/** Fetches the server address `address` with the page's cookies; a problem line or null. */
async function fetchServerLink(page: Page, address: string, where: string): Promise<string | null> {
  const response = await page.request.get(address, { maxRedirects: 5 });
  const type = response.headers()['content-type'] ?? '';
  await response.dispose();
  if (response.status() !== 200) return `${where}: the link to ${address} answered ${response.status()}`;
  if (!typeFits(address, type)) return `${where}: the link to ${address} answered ${type}`;
  return null;
}

/** The start of a file's bytes that shows it is of the kind its name says (others: any non-empty file). */
const MAGIC: Record<string, (bytes: Buffer) => boolean> = {
  '.zip': (bytes) => bytes.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004',
  '.imscc': (bytes) => bytes.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004',
  '.ics': (bytes) => bytes.toString('utf8').startsWith('BEGIN:VCALENDAR'),
  '.csv': (bytes) => !bytes.toString('utf8').trimStart().startsWith('<') && bytes.includes(','),
};

/**
 * Presses every download control `page` shows that no role pressed yet on this route: a file of the
 * announced kind arrives, its bytes are of that kind, and the page stays. Returns the count and problems.
 */
async function pressDownloads(
  page: Page,
  route: AuditedRoute,
  where: string,
): Promise<{ count: number; problems: string[] }> {
  const problems: string[] = [];
  const controls = page.locator('[data-download], a[download]').filter({ visible: true });
  let count = 0;
  for (let index = 0; index < (await controls.count()); index += 1) {
    const control = controls.nth(index);
    const name = ((await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '').trim();
    const key = `${route.url} ${await control.evaluate((element) => element.tagName)} ${name}`;
    if (pressedDownloads.has(key)) continue;
    pressedDownloads.add(key);
    const announced = await control.evaluate((element) => {
      const value = element.getAttribute('data-download') ?? element.getAttribute('download') ?? '';
      return value || new URL((element as HTMLAnchorElement).href ?? location.href).pathname;
    });
    const before = page.url();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: TREE_DOWNLOAD_TIMEOUT_MS }),
      control.click(),
    ]);
    count += 1;
    const file = download.suggestedFilename();
    const extension = path.extname(announced).toLowerCase();
    const bytes = fs.readFileSync(await download.path());
    if (extension && path.extname(file).toLowerCase() !== extension)
      problems.push(`${where}: "${name}" announced ${announced} and saved ${file}`);
    else if (bytes.length === 0 || !(MAGIC[extension]?.(bytes) ?? true))
      problems.push(`${where}: "${name}" saved ${file}, which is not a ${extension || 'file'}`);
    if (page.url() !== before) problems.push(`${where}: "${name}" left the page for ${page.url()}`);
  }
  return { count, problems };
}

/** Crawls every route `role` can open (see the file's header); returns the problems found. */
async function crawlAs(page: Page, role: Role, tally: Tally): Promise<string[]> {
  const problems: string[] = [];
  let where = `${role} signing in`;
  page.on('console', (message) => {
    // A failed load is reported below with its address.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push(`${where}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${where}: uncaught ${error.message}`));
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // A request the browser dropped because the page moved on is not a failure of the server.
    // Other sites (a video's embed, the exercise area) are outside what this server answers for.
    if (failure !== 'net::ERR_ABORTED' && new URL(request.url()).origin === new URL(page.url()).origin)
      problems.push(`${where}: ${request.method()} ${request.url()} failed: ${failure}`);
  });
  let isMissingRoute = false;
  let isCatchAll = false;
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() === 404 && isMissingRoute) return;
    // The catch-all asks whether its address is an item's before it shows the page there: a 404 answer.
    if (response.status() === 404 && isCatchAll && url.pathname.startsWith('/api/v1/content/')) return;
    if (response.status() >= 400 && url.origin === new URL(page.url()).origin)
      problems.push(
        `${where}: ${response.request().method()} ${response.url()} answered ${response.status()}`,
      );
  });
  await page.route(`${RANGE_UI}/**`, (route) => route.fulfill({ status: 204 }));
  await page.goto('/courseware');
  if (role !== 'visitor') await signIn(page, ACCOUNTS[role]);
  /** Shapes of app links followed, and paths of links out of the app. */
  const followed = new Set<string>();
  const seenShell = new Set<string>();
  let hasWalkedShell = false;
  let previous: AuditedRoute | undefined;
  for (const route of auditOrder(role)) {
    where = `${role} at ${route.url} (route '${route.path}')`;
    tally.routes += 1;
    // An address of nothing answers 404, and so does what the app asks of it on the way home.
    isMissingRoute = route.isMissing === true;
    isCatchAll = route.path === '*' && !route.url.startsWith('/courseware/');
    const byLoadOnly = route.leavesApp === true;
    let inApp: Seen | null = null;
    if (!byLoadOnly) {
      // In the app first, from the last page; a page showing the same as the last one from a different one.
      if (previous?.leavesApp || !(await page.evaluate(() => document.documentElement.dataset['appReady'])))
        await page.goto('/terms-of-use');
      else if (previous && showsKey(previous.shows) === showsKey(route.shows)) {
        await open(page, '/terms-of-use', false);
        await page.getByRole('heading', { level: 1, name: 'Terms of use' }).waitFor();
      }
      inApp = await timed(tally, 'in the app', async () => {
        await open(page, route.url, false);
        await drawn(page, route, `${where}, in the app`);
        return seen(page, route);
      });
      const exclude: string[] = [];
      for (const part of await shellParts(page)) {
        if (seenShell.has(part.key)) exclude.push(part.selector);
        seenShell.add(part.key);
      }
      const key = await mainKey(page);
      if (auditedMains.has(key)) exclude.push(`#${MAIN_CONTENT_ID}`);
      auditedMains.add(key);
      for (const finding of await timed(tally, 'axe', () => seriousFindings(page, { exclude })))
        problems.push(
          `${where}: ${finding.rule} (${finding.impact}, ${finding.help}) at ${finding.targets.join(' | ')}`,
        );
    }
    if (route.handsOn) {
      // Its page hands the browser on: let that end before the next route.
      await page.waitForLoadState('networkidle');
      previous = { ...route, leavesApp: true };
      continue;
    }
    // Fresh, as a reload or a bookmark would open it.
    const loaded = await timed(tally, 'fresh load', async () => {
      await page.goto(route.url);
      await drawn(page, route, `${where}, loaded`);
      return seen(page, route);
    });
    if (inApp && (inApp.heading !== loaded.heading || inApp.address !== loaded.address))
      problems.push(
        `${where}: a fresh load shows "${loaded.heading}" at ${loaded.address}, the app "${inApp.heading}" at ${inApp.address}`,
      );
    if (
      !byLoadOnly &&
      new URL(route.url, page.url()).search !== new URL(page.url()).search &&
      route.url.includes('?')
    )
      problems.push(`${where}: a fresh load dropped the query string, now at ${loaded.address}`);
    if (!byLoadOnly) {
      const key = await mainKey(page);
      if (!walkedMains.has(key)) {
        walkedMains.add(key);
        // A page drawn without the shell (the unsafe-site warning) has no skip link: walked whole.
        const hasSkipLink = await page.locator(`a[href="#${MAIN_CONTENT_ID}"]`).count();
        // A page that opens as a dialog keeps the focus in it: walked whole too.
        const isDialog = 'dialog' in route.shows;
        const scope = hasWalkedShell && hasSkipLink > 0 && !isDialog ? 'main' : 'page';
        const walk = await timed(tally, 'Tab', async () => {
          await untilQuiet(page, inFlight);
          return tabThrough(page, scope, where);
        });
        hasWalkedShell = true;
        tally.tabStops += walk.stops;
        problems.push(...walk.problems);
      }
      const downloads = await timed(tally, 'downloads', () => pressDownloads(page, route, where));
      tally.downloads += downloads.count;
      problems.push(...downloads.problems);
    }
    for (const { address, isNewTab } of await linksOf(page)) {
      const pathname = new URL(address, 'http://portal').pathname;
      const leaves = LEAVING.has(pathname) || isNewTab;
      if (isDocumentLink(address)) {
        if (fetched.has(address)) continue;
        fetched.add(address);
        tally.serverLinks += 1;
        const problem = await timed(tally, 'fetches', () => fetchServerLink(page, address, where));
        if (problem) problems.push(problem);
      } else if (leaves) {
        // In a page of its own, once by its path: the sign-in links name the page they come from.
        if (followed.has(pathname)) continue;
        followed.add(pathname);
        tally.links += 1;
        const problem = await timed(tally, 'follows', () => landingInOwnPage(page, address, where));
        if (problem) problems.push(problem);
      } else {
        let isFollowedAnyway = false;
        if (!fetched.has(address)) {
          fetched.add(address);
          tally.pagesFetched += 1;
          const problem = await timed(tally, 'fetches', () => fetchPage(page, address, where));
          // The server renders for a visitor: an item only editors may see is 404 to it and opens in the
          // browser for them, so a signed-in role's 404 is followed by a click to see what it shows.
          if (problem && role !== 'visitor' && problem.endsWith('answered 404')) isFollowedAnyway = true;
          else if (problem) problems.push(problem);
        }
        const shape = shapeOf(address);
        if (byLoadOnly || (followed.has(shape) && !isFollowedAnyway)) continue;
        const problem = await timed(tally, 'follows', () => follow(page, loaded.address, address, where));
        // A link gone from the page on a reload (its data changed meanwhile): another of its shape is tried.
        if (problem === VANISHED) {
          tally.vanished += 1;
          continue;
        }
        followed.add(shape);
        tally.links += 1;
        if (problem) problems.push(problem);
      }
    }
    previous = route;
  }
  return problems;
}

let setUp: RouteSetUp | undefined;
const tallies: Partial<Record<Role, Tally>> = {};

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: clientAddress(71),
  });
  setUp = await setUpRoutes(api);
});

test.afterAll(async ({ browserName: _browser }, testInfo) => {
  if (setUp) {
    await tearDownRoutes(setUp);
    await setUp.api.dispose();
  }
  const counted = Object.entries(tallies);
  const sum = (key: Exclude<keyof Tally, 'ms'>) =>
    counted.reduce((total, [, tally]) => total + tally[key], 0);
  if (counted.length > 0)
    console.log(
      `crawler (${testInfo.project.name}): ${sum('routes')} route visits over ${counted.length} roles, ${sum('links')} app links followed, ${sum('pagesFetched')} app addresses fetched, ${sum('serverLinks')} server links fetched, ${sum('downloads')} downloads, ${sum('tabStops')} Tab stops`,
    );
});

test('the route table covers every path of route-table.ts, and no path it lacks', () => {
  const listed = new Set(ROUTES.map((route) => route.path));
  const table = routeTablePaths();
  expect(table.unread, 'paths of route-table.ts this check cannot read: write them out').toEqual([]);
  const missing = [...table.paths].filter((routePath) => !listed.has(routePath));
  expect(missing, 'routes of route-table.ts not crawled').toEqual([]);
  const stale = [...listed].filter((routePath) => !table.paths.has(routePath));
  expect(stale, 'crawled paths not in route-table.ts').toEqual([]);
});

for (const role of ROLES) {
  test(
    `every route ${role === 'visitor' ? 'a visitor' : `the ${role}`} can open: same after a reload, every link and download works, keyboard and axe clean`,
    { tag: STATE_BRAND_ROLES.includes(role) ? [] : NATIONAL_ONLY },
    async ({ page }) => {
      test.setTimeout(ROLE_TIMEOUT_MS);
      const tally: Tally = {
        routes: 0,
        links: 0,
        vanished: 0,
        pagesFetched: 0,
        serverLinks: 0,
        downloads: 0,
        tabStops: 0,
        ms: {},
      };
      tallies[role] = tally;
      const started = Date.now();
      const problems = await crawlAs(page, role, tally);
      const phases = Object.entries(tally.ms).map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(0)} s`);
      console.log(
        `crawler as ${role}: ${tally.routes} routes, ${tally.links} app links followed, ${tally.pagesFetched} app addresses fetched, ${tally.serverLinks} server links fetched, ${tally.downloads} downloads, ${tally.tabStops} Tab stops, ${tally.vanished} links gone on a reload; ${((Date.now() - started) / 60_000).toFixed(1)} min: ${phases.join(', ')}`,
      );
      expect(problems).toEqual([]);
    },
  );
}
