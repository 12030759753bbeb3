/**
 * Shared steps of the end-to-end specs, through the server's own pages and API only (never the
 * database): signing in through the real sign-in page, tokens by the sign-in form, e-mail read from
 * the admin outbox, accounts made by sign-up.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, type APIRequestContext, type Download, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo';

let nextAddress = 0;

/**
 * Signs in from the current page through /login and the built-in sign-in page, and waits to be back
 * on it, signed in.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const back = new URL(page.url()).pathname;
  // Each sign-in from its own client address (trusted from loopback only): the specs sign in more
  // often per minute than the per-address limit allows one real client.
  nextAddress += 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${nextAddress % 250}` });
  await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === back && !url.searchParams.has('s'));
  await expect(page.getByRole('button', { name: /^Account menu of/ })).toBeVisible();
}

/**
 * The download button of the file named `name` in an item's Files region (its Preview button, whose name
 * also holds the file's, is left out: the download's name starts with the file's).
 */
export function fileDownloadButton(page: Page, name: string) {
  const start = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  return page.getByRole('region', { name: 'Files' }).getByRole('button', { name: start });
}

/** The search box of the landing page. */
export function searchBox(page: Page) {
  return page.getByRole('region', { name: 'Search courseware' }).getByLabel('Search courseware');
}

/** The access token the app keeps in local storage, or null when signed out. */
export async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('portal.session');
    return raw ? (JSON.parse(raw) as { accessToken: string }).accessToken : null;
  });
}

/** The access token the app stored after sign-in, for direct API checks (fails when there is none). */
export async function storedToken(page: Page): Promise<string> {
  const token = await storedAccessToken(page);
  expect(token, 'an access token in local storage').toBeTruthy();
  return token!;
}

/**
 * A distinct client address per spec file: the server trusts X-Forwarded-For from loopback only, and
 * this keeps each file's sign-ins in their own per-address rate-limit window.
 */
export function clientAddress(n: number): Record<string, string> {
  return { 'x-forwarded-for': `198.51.100.${n}` };
}

/**
 * A PKCE pair as the app makes one before it sends the browser to sign in (RFC 7636, S256): the code
 * of a sign-in with `challenge` is exchanged only with `verifier`.
 */
export function newPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * A single-sign-on code from the sign-in form, as the browser would get it in `s`, minted for the
 * challenge of `pkce` (a new pair unless given); the code and its verifier.
 */
export async function signInCode(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
  pkce = newPkce(),
): Promise<{ code: string; verifier: string }> {
  const res = await request.post('/auth/login', {
    form: {
      email,
      password,
      redirect: '/courseware',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    },
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBe(303);
  const code = new URL(res.headers().location!, 'http://x').searchParams.get('s');
  expect(code).toBeTruthy();
  return { code: code!, verifier: pkce.verifier };
}

/** An access token for an account, through the sign-in form and the code exchange with its verifier. */
export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const { code, verifier } = await signInCode(request, email, password);
  const res = await request.post('/api/v1/auth/token', { data: { code, code_verifier: verifier } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

interface OutboxItem {
  to: string;
  subject: string;
  text: string;
}

/** The newest e-mail to `to` whose subject matches, read from the admin outbox. */
export async function latestMail(
  request: APIRequestContext,
  adminToken: string,
  to: string,
  subject: RegExp,
): Promise<OutboxItem> {
  let found: OutboxItem | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v1/admin/outbox?to=${encodeURIComponent(to)}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(res.status()).toBe(200);
      const { items } = (await res.json()) as { items: OutboxItem[] };
      found = items.find((m) => subject.test(m.subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** The first address of this portal's /auth pages in an e-mail, as a path with query. */
export function authLink(mail: OutboxItem): string {
  const match = /https?:\/\/[^/\s]+(\/auth\/[^\s]+)/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}

/**
 * A new student account with a confirmed address, made the way a person would: the sign-up form, then
 * the link from the confirmation e-mail.
 */
export async function signUpStudent(
  request: APIRequestContext,
  adminToken: string,
  user: { name: string; email: string; password: string },
): Promise<void> {
  const res = await request.post('/auth/signup', {
    form: {
      displayName: user.name,
      email: user.email,
      password: user.password,
      confirmPassword: user.password,
      redirect: '/courseware',
    },
  });
  expect(res.status()).toBe(200);
  const mail = await latestMail(request, adminToken, user.email, /^Confirm your e-mail address/);
  const token = new URL(authLink(mail), 'http://x').searchParams.get('token')!;
  const confirmed = await request.post('/auth/verify-email', { form: { token } });
  expect(confirmed.status()).toBe(200);
}

/** What an accessibility scan covers and reports. */
export interface AxeScope {
  /** CSS selector of the part to scan; the whole page when absent. */
  include?: string;
  /** CSS selector of parts to leave out (e.g. chart drawings hidden from assistive technology). */
  exclude?: string;
  /** Report every violation, not only the serious and critical ones. */
  all?: boolean;
  /** The WCAG 2 A/AA rules only (the default); `false` runs every rule axe has. */
  wcagOnly?: boolean;
}

/**
 * Waits for the page's running transitions and animations to end (or be cancelled): a dialog still fading
 * in, a field label still changing colour, or a button's ripple still spreading after a click has text at
 * part contrast, or a background that is not yet its own, which axe reads as too little contrast.
 * Endless animations, such as a spinner's, are not waited for.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The WCAG 2 A/AA violations axe finds on the page, as "rule: targets" lines; by default only the
 * serious and critical ones. Waits first for running CSS transitions to end (transitionsEnded).
 */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  await transitionsEnded(page);
  let builder = new AxeBuilder({ page });
  if (scope.wcagOnly !== false) builder = builder.withTags(['wcag2a', 'wcag2aa']);
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => scope.all || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The serious and critical WCAG 2 A/AA violations inside `include` (or the whole page). */
export function seriousViolations(page: Page, include?: string): Promise<string[]> {
  return axeViolations(page, { include });
}

/** The rules of WCAG 2.0 and 2.1, levels A and AA, by axe's tags. */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One rule axe finds broken on a page: its id, impact and summary, and the elements that break it. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** A CSS selector of each failing element. */
  targets: string[];
}

/** What seriousFindings audits: `tags` (WCAG 2.0 and 2.1 A/AA by default), less the `exclude` parts. */
export interface FindingsScope {
  tags?: string[];
  /** CSS selectors of parts to leave out, matched by the browser; each use says why. */
  exclude?: string[];
}

/**
 * The violations of serious or critical impact of the scope's rules on the page, found by axe-core (the
 * one @axe-core/playwright depends on and runs) inside the page: it is injected once per document and stays across the
 * app's own navigations, so auditing route after route in one page costs one run each, where
 * AxeBuilder injects it again and opens a blank page for every analysis (about a second). Frames are
 * not audited (the app draws none of its own). Waits first for running CSS transitions to end
 * (transitionsEnded).
 */
export async function seriousFindings(page: Page, scope: FindingsScope = {}): Promise<AxeFinding[]> {
  const { tags = WCAG_21_AA_TAGS, exclude = [] } = scope;
  await transitionsEnded(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const findings = await page.evaluate(
    async ({ values, leftOut }) => {
      const excluded = leftOut.flatMap((selector) => [...document.querySelectorAll(selector)]);
      const context = excluded.length > 0 ? { exclude: excluded } : document;
      const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(context, {
        runOnly: { type: 'tag', values },
        resultTypes: ['violations'],
      });
      return violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.map((node) => node.target.join(' ')),
      }));
    },
    { values: tags, leftOut: exclude },
  );
  return findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
}

/** How long a whole-tree download (zip bundle or Common Cartridge) may take to start on a loaded machine. */
export const TREE_DOWNLOAD_TIMEOUT_MS = 45_000;

/**
 * Clicks `buttonName` in an item's "Download all files" section and follows it as a person would: the
 * preparing text shows and the button waits while the server builds, then the download starts, the
 * section says so and the button is back; the section is axe-clean. Returns the download, its file name
 * checked against `fileName`.
 */
export async function downloadWholeTree(
  page: Page,
  buttonName: string,
  preparingText: string,
  fileName: RegExp,
): Promise<Download> {
  const section = page.getByRole('region', { name: 'Download all files' });
  const button = section.getByRole('button', { name: buttonName });
  const downloadPromise = page.waitForEvent('download', { timeout: TREE_DOWNLOAD_TIMEOUT_MS });
  await button.click();
  await expect(section.getByText(preparingText)).toBeVisible();
  await expect(button).toBeDisabled();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(fileName);
  await expect(section.getByText(/your download has started/)).toBeVisible();
  await expect(button).toBeEnabled();
  expect(await axeViolations(page, { include: '#bundle-heading', all: true })).toEqual([]);
  return download;
}

/**
 * Clicks a download link or button (issue 34) and checks what a person gets: a download of the file `file`
 * names, served with its media type, while the page stays where it was (a router that took the link would
 * have left it, with no download). Resolves with the file's text.
 */
export async function downloadByClick(
  page: Page,
  control: Locator,
  file: { filename: string; type: string },
): Promise<string> {
  const address = page.url();
  const downloading = page.waitForEvent('download', { timeout: 10_000 });
  await control.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(file.filename);
  const served = await page.request.get(download.url());
  expect(served.headers()['content-type']?.split(';')[0]).toBe(file.type);
  expect(page.url()).toBe(address);
  return readFile((await download.path())!, 'utf8');
}
