/**
 * The accessibility audit (issue "Accessibility audit"; 001 §2 Layout), run against both brand variants
 * (the `national` and `state` projects). axe over every route of the route table as each role runs in the
 * crawler (crawler.spec.ts, issue 34), which opens every route anyway; this spec keeps the walks that
 * need a person's steps:
 * - a keyboard-only walk of the main job: search, filter by education level, open an item, download a
 *   file, back to the results with the query and the filter kept, the focus visible at every step;
 *   and every Tab stop of the editors' content table and content form shows the focus;
 * - dialogs opened by keyboard give the focus back to what opened them when Escape closes them.
 * The state brand runs none of them (NATIONAL_ONLY: the behaviour the brands share; the focus ring is
 * one for both). Set-up through the API (as an admin): an education level on the XSS lab sheet (the demo
 * data have none), put back afterwards.
 */
import { type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { ContentSchema, toUpdateRequest, type Content } from '@portal/shared/schemas/courseware';
import { apiToken, clientAddress, DEMO_PASSWORD, signIn, fileDownloadButton } from './helpers';
import { expectFocusVisible, MAX_TAB_STOPS, press, tabTo, arrowTo } from './keyboard';
import { ACCOUNTS, XSS_SHEET } from './route-table';

test.use({ extraHTTPHeaders: clientAddress(70), viewport: { width: 1280, height: 900 } });

/** The education level the set-up gives the XSS lab sheet, as the filter shows it and the address keeps it. */
const LEVEL = { value: 'universityundergraduate', label: 'University Undergraduate' };
/**
 * The tag of the tests the state project leaves out (playwright.config.ts), to keep its time small: the
 * keyboard and dialog tests, whose behaviour the brands share (the focus ring is one for both).
 */
const NATIONAL_ONLY = '@national-brand-only';

interface Fixtures {
  api: APIRequestContext;
  headers: Record<string, string>;
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

let fixtures: Fixtures | undefined;

test.beforeAll(async ({ playwright }, testInfo: TestInfo) => {
  const api = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: clientAddress(70),
  });
  const headers = { authorization: `Bearer ${await apiToken(api, ACCOUNTS.admin)}` };
  const xss = ContentSchema.parse(
    await (await api.get(`/api/v1/content/${encodeURIComponent(XSS_SHEET.alias)}`, { headers })).json(),
  );
  const version = await saveEducationLevels({ api, headers }, xss, [LEVEL.value]);
  fixtures = { api, headers, xss: { ...xss, version } };
});

test.afterAll(async () => {
  if (!fixtures) return;
  await saveEducationLevels(fixtures, fixtures.xss, fixtures.xss.educationLevels);
  await fixtures.api.dispose();
});

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

    const file = fileDownloadButton(page, XSS_SHEET.file);
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
    await expectFocusReturns(page, fileDownloadButton(page, XSS_SHEET.file), 'Error');
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
