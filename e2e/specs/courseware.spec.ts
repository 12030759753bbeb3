/**
 * The courseware repository end to end on the demo data (issue: "What must show"): a visitor
 * searches and reads, faculty downloads real bytes, a student is refused, status visibility, and the
 * query string restores a search.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, untilAppReady } from './fixtures';
import { axeViolations, fileDownloadButton, searchBox, signIn, storedToken } from './helpers';

const XSS_SHEET = 'Web Security: Cross-Site Scripting';
const XSS_FILE = 'Web Security: Cross-Site Scripting (lab sheet)';
const SHARED = path.resolve(process.cwd(), '../../shared/data');

test('a visitor searches, opens the XSS lab sheet and sees it without file links', async ({ page }) => {
  await page.goto('/courseware');
  await searchBox(page).fill('cross site scripting');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/[?&]q=cross(\+|%20)site(\+|%20)scripting/);
  await page.getByRole('link', { name: XSS_SHEET }).click();

  await expect(page.getByRole('heading', { level: 1, name: XSS_SHEET })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
  await expect(crumbs.getByRole('link', { name: 'Courseware' })).toBeVisible();
  await expect(crumbs.getByRole('link', { name: 'Hacktivity Lab Sheets' })).toBeVisible();
  await expect(crumbs.getByRole('link', { name: 'Web Security' })).toBeVisible();
  await expect(crumbs.getByText(XSS_SHEET)).toBeVisible();
  await expect(page.getByText(/Cross-Site Scripting \(XSS\)/).first()).toBeVisible();
  await expect(page.getByText('CC BY-SA 4.0').first()).toBeVisible();

  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByText(XSS_FILE)).toBeVisible();
  await expect(fileDownloadButton(page, XSS_FILE)).toHaveCount(0);
  // Nor can they preview what they may not download (issue 37).
  await expect(files.getByRole('button', { name: /^Preview/ })).toHaveCount(0);
  await expect(files.getByRole('link', { name: XSS_FILE })).toHaveCount(0);
  await expect(page.getByText('Log in with a faculty account to view and download files.')).toBeVisible();
  await expect(files.getByRole('link', { name: 'Login', exact: true })).toBeVisible();

  expect(await axeViolations(page, { all: true })).toEqual([]);
});

test('faculty signs in through the sign-in page and downloads the real bytes of a lab file', async ({
  page,
}) => {
  await page.goto('/courseware/hacktivity-lab-sheets/web-security/web-security-cross-site-scripting');
  await expect(page.getByRole('heading', { level: 1, name: XSS_SHEET })).toBeVisible();
  await signIn(page, 'faculty@example.edu');
  await expect(page.getByRole('heading', { level: 1, name: XSS_SHEET })).toBeVisible();

  const downloadPromise = page.waitForEvent('download');
  await fileDownloadButton(page, XSS_FILE).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('3_xss.md');
  const bytes = fs.readFileSync(await download.path());
  const real = fs.readFileSync(
    path.join(SHARED, 'courseware/hacktivity-lab-sheets/_labs/web_security/3_xss.md'),
  );
  expect(bytes.equals(real)).toBe(true);
});

test('a student sees no file links and the download endpoint refuses them with 403', async ({
  page,
  request,
}) => {
  await page.goto('/courseware/hacktivity-lab-sheets/web-security/web-security-cross-site-scripting');
  await signIn(page, 'student@example.edu');
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByText(XSS_FILE)).toBeVisible();
  await expect(fileDownloadButton(page, XSS_FILE)).toHaveCount(0);
  await expect(files.getByRole('button', { name: /^Preview/ })).toHaveCount(0);

  const token = await storedToken(page);
  const content = await (
    await request.get(
      '/api/v1/content/hacktivity-lab-sheets%2Fweb-security%2Fweb-security-cross-site-scripting',
    )
  ).json();
  const res = await request.get(`/api/v1/files/${content.files[0].id}/download-url`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(403);
});

test('an unpublished item is not found for faculty and visible to the curator', async ({ browser }) => {
  const alias = '/courseware/seed-labs/ctf-labs';
  const faculty = await browser.newPage();
  await faculty.goto('/courseware');
  await signIn(faculty, 'faculty@example.edu');
  await faculty.goto(alias);
  await expect(faculty).toHaveURL(/\/courseware$/);
  await faculty.close();

  const curator = await browser.newPage();
  await curator.goto('/courseware');
  await signIn(curator, 'curator@example.edu');
  await curator.goto(alias);
  await expect(curator.getByRole('heading', { level: 1 })).toContainText(/ctf/i);
  await curator.close();
});

test('the query string restores a search with filters after a reload', async ({ page }) => {
  await page.goto('/courseware?q=buffer%20overflow&cat=exercise&tag=lab');
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('link', { name: /Buffer Overflow/i }).first()).toBeVisible();
  await page.reload();
  await expect(searchBox(page)).toHaveValue('buffer overflow');
  await expect(page).toHaveURL(/cat=exercise/);
  await expect(page.getByRole('button', { name: /Exercise/ }).first()).toBeVisible();
  await expect(results.getByRole('link', { name: /Buffer Overflow/i }).first()).toBeVisible();
});

test('an item whose answer comes after its page code draws once, without moving the footer', async ({
  browser,
}) => {
  const phone = await browser.newPage({ viewport: { width: 412, height: 823 } });
  await phone.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput) shifts.push(shift.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The item's answer arrives well after the page's code: the order a slow API gives a phone.
  await phone.route('**/api/v1/content/hacktivity-lab-sheets*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await phone.goto('/courseware/hacktivity-lab-sheets/web-security/web-security-cross-site-scripting');
  await expect(phone.getByRole('heading', { level: 1, name: XSS_SHEET })).toBeVisible();
  await expect(phone.getByRole('contentinfo')).toBeAttached();
  // Lazily loaded parts below the fold may still come; give them time to draw before reading the shifts.
  await phone.waitForLoadState('networkidle');
  const shifts = await phone.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  const cumulative = shifts.reduce((sum, value) => sum + value, 0);
  // 0.1 is the "good" limit of Cumulative Layout Shift.
  expect(cumulative).toBeLessThan(0.1);
  await phone.close();
});

test('at 1280 px a facet stand-in opens its list on one click and by keyboard, and filters (issue 34)', async ({
  browser,
}) => {
  const desk = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await desk.goto('/courseware');
  await untilAppReady(desk);
  const panel = desk.getByRole('region', { name: 'Search courseware' });
  const categories = panel.getByRole('combobox', { name: /^Content categories/ });
  await categories.click();
  await expect(desk.getByRole('listbox')).toBeVisible();
  await desk.getByRole('option', { name: /^Exercise/ }).click();
  await expect(desk).toHaveURL(/[?&]cat=exercise/);
  await desk.keyboard.press('Escape');
  await expect(desk.getByRole('button', { name: 'Remove filter Exercise' })).toBeVisible();
  const results = desk.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('article').first()).toBeVisible();

  const tags = panel.getByRole('combobox', { name: /^Tags/ });
  await tags.focus();
  await desk.keyboard.press('Enter');
  const lab = desk.getByRole('option', { name: /^Lab/ });
  await expect(lab).toBeVisible();
  await lab.press(' ');
  await expect(desk).toHaveURL(/[?&]tag=lab/);
  await desk.keyboard.press('Escape');
  await expect(tags).toBeFocused();
  await expect(tags).toHaveText('Lab');
  await desk.close();
});
