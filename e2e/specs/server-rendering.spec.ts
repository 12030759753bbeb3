/**
 * Public pages arrive as HTML (issue 22): with JavaScript off, a crawler reads an item's title,
 * description, breadcrumbs, child list and licence, and the landing pages' text; with JavaScript on, the
 * page hydrates without a mismatch (any "Hydration error" in the console fails), as a visitor and as a
 * signed-in faculty member whose parts of the page appear after hydration, and on a phone's screen too.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, fileDownloadButton } from './helpers';

const XSS_SHEET = {
  url: '/courseware/hacktivity-lab-sheets/web-security/web-security-cross-site-scripting',
  name: 'Web Security: Cross-Site Scripting',
  file: 'Web Security: Cross-Site Scripting (lab sheet)',
};
const WEB_SECURITY_MODULE = '/courseware/hacktivity-lab-sheets/web-security';

/** Public routes whose content the server renders, each with a text of that content. */
const RENDERED_PAGES: readonly { path: string; text: string | RegExp }[] = [
  { path: '/', text: 'Teach cybersecurity hands-on, with labs that just work' },
  { path: '/courseware', text: 'Search courseware' },
  { path: XSS_SHEET.url, text: XSS_SHEET.name },
  { path: WEB_SECURITY_MODULE, text: XSS_SHEET.name },
  { path: '/about', text: /about/i },
  { path: '/courseware?q=cross+site+scripting', text: XSS_SHEET.name },
  { path: '/news', text: 'News feed for your reader' },
  { path: '/news/news-feed-for-your-reader', text: 'available as an Atom feed' },
  { path: '/events', text: 'Cyber range open day' },
  { path: '/events/cyber-range-open-day', text: 'Main Hall, Room 101' },
];

/** Collects the console errors and page errors of `page` from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("an item's title, description, breadcrumbs, files and licence are in the HTML", async ({ page }) => {
    await page.goto(XSS_SHEET.url);
    await expect(page.getByRole('heading', { level: 1, name: XSS_SHEET.name })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
    await expect(crumbs.getByRole('link', { name: 'Hacktivity Lab Sheets' })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: 'Web Security' })).toBeVisible();
    await expect(page.getByText(/Cross-Site Scripting \(XSS\)/).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Files' }).getByText(XSS_SHEET.file)).toBeVisible();
    await expect(page.getByText('CC BY-SA 4.0').first()).toBeVisible();
    await expect(page.locator('#splash')).toHaveCount(0);
  });

  test('a missing item, news item or event answers 404', async ({ page }) => {
    for (const path of ['/courseware/no-such-item-anywhere', '/news/no-such-news', '/events/no-such-event'])
      expect((await page.goto(path))?.status(), path).toBe(404);
  });

  test("a module's children are listed in the HTML", async ({ page }) => {
    await page.goto(WEB_SECURITY_MODULE);
    await expect(page.getByRole('link', { name: XSS_SHEET.name })).toBeVisible();
  });

  test('the courseware search form submits as an ordinary form, keeping the filters in force', async ({
    page,
  }) => {
    await page.goto('/courseware?tag=lab');
    await page.getByRole('textbox', { name: 'Search courseware' }).fill('cross site scripting');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/courseware\?tag=lab&q=cross\+site\+scripting$/);
    await expect(page.getByRole('textbox', { name: 'Search courseware' })).toHaveValue(
      'cross site scripting',
    );
    await expect(page.locator('main').getByText(XSS_SHEET.name).first()).toBeVisible();
  });

  for (const { path, text } of RENDERED_PAGES) {
    test(`${path} is readable`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('main').getByText(text).first()).toBeVisible();
    });
  }
});

test('a rendered page fetches its scripts at low priority, so they do not hold back its first paint', async ({
  request,
}) => {
  const html = await (await request.get(XSS_SHEET.url)).text();
  expect(html).toContain('<script type="module" fetchpriority="low" ');
  expect(html).not.toMatch(/<link rel="modulepreload" (?!fetchpriority="low")/);
  // A page the browser draws itself (signing in) needs its scripts first: at their usual priority.
  const login = await (await request.get('/login')).text();
  expect(login).not.toContain('fetchpriority="low"');
});

test('a rendered /courseware loads the knowledge list only when a knowledge filter is first opened', async ({
  page,
}) => {
  const knowledgeRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/knowledge') knowledgeRequests.push(request.url());
  });
  await page.goto('/courseware');
  const tks = page.getByRole('combobox', { name: 'TKS' });
  await expect(tks).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(knowledgeRequests).toEqual([]);
  await tks.click();
  // Typed at once, before the list has come: what was typed stays and filters the list when it comes.
  await tks.fill('encryption algorithms');
  await expect(page.getByRole('option', { name: /encryption algorithms/i }).first()).toBeVisible();
  await expect(tks).toHaveValue('encryption algorithms');
  expect(knowledgeRequests.length).toBeGreaterThan(0);
});

/**
 * Opens every rendered page and checks its text shows once hydrated; returns the console's errors so far
 * (a hydration mismatch is one), which the caller expects empty.
 */
async function openEveryRenderedPage(page: Page): Promise<string[]> {
  const errors = collectErrors(page);
  for (const { path, text } of RENDERED_PAGES) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.locator('main').getByText(text).first()).toBeVisible();
  }
  return errors;
}

test('every public page hydrates without a mismatch', async ({ page }) => {
  const errors = await openEveryRenderedPage(page);
  expect(errors).toEqual([]);
  // On a wide screen the courseware filters start open.
  await page.goto('/courseware', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('checkbox', { name: /New or updated content/ })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test('every public page hydrates without a mismatch, /courseware with its filters folded', async ({
    page,
  }) => {
    const errors = await openEveryRenderedPage(page);
    expect(errors).toEqual([]);

    await page.goto('/courseware', { waitUntil: 'networkidle' });
    const newOrUpdated = page.getByRole('checkbox', { name: /New or updated content/ });
    const toggle = page.getByRole('button', { name: 'Show filters' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(newOrUpdated).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
    await expect(newOrUpdated).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test('a signed-in faculty member gets their parts of a rendered page after hydration', async ({ page }) => {
  await page.goto(XSS_SHEET.url);
  await signIn(page, 'faculty@example.edu');
  const errors = collectErrors(page);
  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: /^Account menu of/ })).toBeVisible();
  await expect(fileDownloadButton(page, XSS_SHEET.file)).toBeVisible();
  expect(errors).toEqual([]);
});
