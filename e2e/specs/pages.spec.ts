/**
 * The page builder end to end (issue 11 "What must show"; 001 §2 Dynamic pages, Page editing dialogs,
 * Rich-text editor; §4 Reorder, Section save; §5 Page dialog, Images and files): an editor builds a
 * page with one widget of every kind (real PNG images and a text file uploaded), reloads and sees each;
 * reorders sections by keyboard alone and sees the order after a reload; a refused reorder restores the
 * old order; the grouped layout's tabs follow arrows, Home and End; a pasted image opens the upload
 * dialog as pasted-image.png; a visitor is sent home from an unpublished page that the editor sees with
 * its banner; no serious or critical axe violation on a page of each layout and in both dialogs.
 */
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, clientAddress, seriousViolations, signIn } from './helpers';
import { png } from './made-files';

test.use({ extraHTTPHeaders: clientAddress(41) });

const EDITOR = 'curator@example.edu';

const image = (name: string, rgb: [number, number, number], width = 64, height = 30) => ({
  name,
  mimeType: 'image/png',
  buffer: png(width, height, rgb),
});

interface CreatedPage {
  id: string;
  href: string;
  version: number;
}

/** A page with heading sections made through the API, as an editor would through the dialogs. */
async function pageWithSections(
  request: APIRequestContext,
  token: string,
  page: { href: string; title: string; status?: string; layoutName?: string },
  sections: { key?: string; text: string }[],
): Promise<CreatedPage> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/v1/pages', {
    headers,
    data: {
      title: page.title,
      description: `${page.title}, made by the end-to-end tests.`,
      href: page.href,
      status: page.status ?? 'published',
      layoutName: page.layoutName ?? 'handSortedList',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  let body = (await created.json()) as CreatedPage;
  for (const section of sections) {
    const res = await request.post(`/api/v1/pages/${body.id}/sections`, {
      headers,
      data: {
        key: section.key ?? null,
        widgets: [{ kind: 'heading', text: section.text, headingType: 'h2', headingColor: 'default' }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    body = (await res.json()) as CreatedPage;
  }
  return body;
}

/** Picks an option of an MUI select by the select's label. */
async function choose(scope: Locator, label: string | RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await scope
    .page()
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .click();
}

/** Signs the editor in (from a courseware page, where sign-in returns) and opens `path`. */
async function asEditor(page: Page, path: string) {
  await page.goto('/courseware');
  await signIn(page, EDITOR);
  await page.goto(path);
}

/** The section headings of the page in the order shown. */
function sectionOrder(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 2 });
}

/**
 * Picks a section up by keyboard and waits until the drag listens for arrows: dnd-kit's keyboard sensor
 * adds its key listener in a zero-delay timer queued at pick-up, so a timer queued after it has run once
 * that listener is there (an arrow pressed sooner is lost, and the section stays where it was).
 */
async function pickUp(page: Page, announcer: Locator, name: string, position: number) {
  await page.getByRole('button', { name: `Move section ${name}`, exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(announcer).toContainText(
    new RegExp(`Picked up section ${name}|${name} moved to position ${position} of 3`),
  );
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

test('an editor builds a page with one widget of every kind, and sees each after a reload', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await asEditor(page, '/');
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Add new page' }).click();
  const pageDialog = page.getByRole('dialog', { name: 'Add new page' });
  await expect(pageDialog).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await pageDialog.getByLabel(/^Title/).fill('Every widget');
  await pageDialog.getByLabel(/^Description/).fill('A page with one widget of every kind.');
  await pageDialog.getByLabel('Link').fill('/E2E Every');
  await pageDialog.getByRole('button', { name: 'Create' }).click();
  await expect(pageDialog.getByText(/^The link must start with '\/'/)).toBeVisible();
  await pageDialog.getByLabel('Link').fill('/e2e-every-widget');
  await choose(pageDialog, /^Status/, 'Published');
  await pageDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/e2e-every-widget$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveCount(0);

  /** Opens the section dialog, picks the kind, lets `fill` fill it, saves and waits for it to close. */
  const addSection = async (kind: string, fill: (dialog: Locator) => Promise<void>) => {
    await page.getByRole('button', { name: 'Add section' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add section' });
    await choose(dialog, /^Widget kind/, kind);
    await fill(dialog);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
  };
  const other = async (dialog: Locator, address: string) => {
    await choose(dialog, /^Target page/, 'Other');
    await dialog.getByLabel('Target page: address').fill(address);
  };

  await page.getByRole('button', { name: 'Add section' }).click();
  const first = page.getByRole('dialog', { name: 'Add section' });
  await choose(first, /^Widget kind/, 'Heading');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await first.getByLabel(/^Text/).fill('Every widget heading');
  await expect(first.getByText('20/128')).toBeVisible();
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first).toBeHidden();

  await addSection('Callout Box', (d) => d.getByLabel(/^Text/).fill('A callout to remember'));
  await addSection('Content Box', async (d) => {
    await d.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Rich content of the box');
    await d.locator('input[type="file"]').setInputFiles(image('content.png', [200, 30, 30]));
    await d.getByLabel('Alt text of image').fill('A red square');
  });
  await addSection('Call To Action', async (d) => {
    await d.getByLabel(/^Text/).fill('Try the range');
    await other(d, 'https://example.org/range');
  });
  await addSection('Cover Image', async (d) => {
    await d.getByLabel(/^Title/).fill('A cover title');
    await d.locator('input[type="file"]').setInputFiles(image('cover.png', [20, 90, 160], 640, 300));
    await d.getByLabel('Alt text of image').fill('A blue cover');
  });
  await addSection('Team Member', async (d) => {
    await d.getByLabel(/^Name/).fill('Ada Lovelace');
    await d.getByLabel(/^Title/).fill('Analyst');
    await d.getByLabel(/^Description/).fill('Wrote the first program.');
    await d
      .locator('input[type="file"]')
      .first()
      .setInputFiles(image('avatar.png', [30, 160, 60], 204, 204));
    await d.getByLabel('Alt text of avatar').fill('Portrait of Ada');
  });
  await addSection('Image', async (d) => {
    await d.getByLabel(/^Name/).fill('A green picture');
    await d.getByLabel('Maximum height').fill('200');
    await d.locator('input[type="file"]').setInputFiles(image('picture.png', [40, 150, 40]));
    await d.getByLabel('Alt text of image').fill('A green field');
  });
  await addSection('YouTube', (d) => d.getByLabel('Video id').fill('dQw4w9WgXcQ'));
  await addSection('Feature Item', async (d) => {
    await d.getByLabel(/^Title/).fill('A feature title');
    await d.getByLabel(/^Subtitle/).fill('What the feature does');
    await d.locator('input[type="file"]').setInputFiles(image('feature.png', [120, 60, 160]));
    await d.getByLabel('Alt text of image').fill('A purple square');
  });
  await addSection('Giant Icon Button', async (d) => {
    await d.getByLabel(/^Name/).fill('Workshops');
    await d.getByLabel(/^Description/).fill('Join a workshop');
    await other(d, '/community');
  });
  await addSection('File', async (d) => {
    await d.getByLabel('Display name').fill('The syllabus');
    await d.locator('input[type="file"]').setInputFiles({
      name: 'syllabus.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Week 1: networks.\n'),
    });
  });

  await page.reload();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Every widget heading' })).toBeVisible();
  await expect(main.getByText('A callout to remember', { exact: true })).toBeVisible();
  await expect(main.getByText('Rich content of the box', { exact: true })).toBeVisible();
  await expect(main.getByRole('img', { name: 'A red square' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Try the range' })).toHaveAttribute(
    'href',
    'https://example.org/range',
  );
  await expect(main.getByRole('img', { name: 'A blue cover' })).toBeVisible();
  await expect(main.getByText('Ada Lovelace', { exact: true })).toBeVisible();
  await expect(main.getByRole('img', { name: 'A green field' })).toBeVisible();
  await expect(main.locator('iframe[title="YouTube video"]')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  );
  await expect(main.getByText('A feature title', { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: /Workshops/ })).toBeVisible();
  await expect(main.getByRole('link', { name: 'The syllabus' })).toBeVisible();
  // The stored images are served.
  const src = await main.getByRole('img', { name: 'A red square' }).getAttribute('src');
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('image/png');
  expect(await seriousViolations(page)).toEqual([]);

  // The revisions say what changed and who saved it, newest first.
  await page.getByRole('button', { name: 'Revisions' }).click();
  const revisions = page.getByRole('dialog', { name: 'Revisions of Every widget' });
  const rows = revisions.getByRole('listitem');
  await expect(rows.first()).toContainText(/Section changed by .+ · Every widget/);
  await expect(rows.last()).toContainText(/Page created by .+ · Every widget/);
  await revisions.getByRole('button', { name: 'Close' }).click();
  await expect(revisions).toBeHidden();

  // A pasted image opens the upload dialog named pasted-image.png (001 §2).
  await page.getByRole('button', { name: 'Add section' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add section' });
  await choose(dialog, /^Widget kind/, 'Content Box');
  const box = dialog.getByRole('textbox', { name: 'Content' });
  await box.click();
  const bytes = [...png(8, 8, [0, 0, 0])];
  await box.evaluate((element, data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'Screenshot 1.png', { type: 'image/png' }));
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, bytes);
  const upload = page.getByRole('dialog', { name: 'Upload image' });
  await expect(upload).toBeVisible();
  await expect(upload.getByLabel('File name')).toHaveValue('pasted-image.png');
  await upload.getByLabel(/^Alt text/).fill('A black square');
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden();
  await expect(box.getByRole('img', { name: 'A black square' })).toBeVisible();
});

test('sections reorder by keyboard alone, and a refused reorder restores the old order', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, EDITOR);
  await pageWithSections(request, token, { href: '/e2e-reorder', title: 'Reorder' }, [
    { text: 'Alpha' },
    { text: 'Bravo' },
    { text: 'Charlie' },
  ]);
  await asEditor(page, '/e2e-reorder');
  await expect(sectionOrder(page)).toHaveText(['Alpha', 'Bravo', 'Charlie']);

  // Each key waits for what a screen reader hears (dnd-kit's announcements) before the next.
  const announcer = page.locator('[id^="DndLiveRegion"]');
  await pickUp(page, announcer, 'Alpha', 1);
  await page.keyboard.press('ArrowDown');
  await expect(announcer).toContainText('Alpha moved to position 2 of 3');
  await page.keyboard.press('Space');
  await expect(sectionOrder(page)).toHaveText(['Bravo', 'Alpha', 'Charlie']);
  await page.reload();
  await expect(sectionOrder(page)).toHaveText(['Bravo', 'Alpha', 'Charlie']);

  // The server refuses: the old order comes back.
  await page.route('**/api/v1/pages/*/layout', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'internal', message: 'The order could not be saved.' }),
    }),
  );
  await pickUp(page, announcer, 'Charlie', 3);
  await page.keyboard.press('ArrowUp');
  await expect(announcer).toContainText('Charlie moved to position 2 of 3');
  await page.keyboard.press('Space');
  await expect(page.getByRole('dialog', { name: 'Error' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(sectionOrder(page)).toHaveText(['Bravo', 'Alpha', 'Charlie']);
});

test('the grouped layout: tabs move with arrows, Home and End; no serious axe violation', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, EDITOR);
  await pageWithSections(
    request,
    token,
    { href: '/e2e-grouped', title: 'Grouped', layoutName: 'groupedList' },
    [
      { key: 'First group', text: 'In the first' },
      { key: 'Second group', text: 'In the second' },
      { key: 'Third group', text: 'In the third' },
    ],
  );
  await page.goto('/E2E-Grouped');
  const tabs = page.getByRole('tablist', { name: 'Groups' });
  await expect(tabs.getByRole('tab')).toHaveText(['First group', 'Second group', 'Third group']);
  await expect(tabs.getByRole('tab', { name: 'First group' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('In the first');
  await tabs.getByRole('tab', { name: 'First group' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Second group' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('In the second');
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Third group' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tabs.getByRole('tab', { name: 'First group' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: 'Third group' })).toHaveAttribute('aria-selected', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page).toHaveTitle('Grouped');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Grouped');
});

test('an unpublished page: a visitor goes home, the editor sees it with its banner', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, EDITOR);
  await pageWithSections(request, token, { href: '/e2e-draft', title: 'Draft page', status: 'unpublished' }, [
    { text: 'Work in progress' },
  ]);
  const visitor = await request.get('/api/v1/pages/by-href?href=/e2e-draft');
  expect(visitor.status()).toBe(404);
  await page.goto('/e2e-draft');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await asEditor(page, '/e2e-draft');
  await expect(page.getByText(/^Not published/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Work in progress' })).toBeVisible();
});

test('the page of every widget kind at 1280 and 375 pixels, as a visitor sees it', async ({ page }) => {
  // Built by the first test of this file (the specs of a run share one server and data folder).
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/e2e-every-widget');
    await expect(page.getByRole('heading', { name: 'Every widget heading' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add section' })).toHaveCount(0);
    await page.screenshot({ path: `test-results/pages-${width}.png`, fullPage: true });
  }
});
