/**
 * News and events end to end (issue 12 "What must show"; 001 §2, §4, §5): paging (Next disabled on the
 * last page, Previous on the first), an editor adds, edits and deletes a news item and an event through
 * their dialogs, a missing item's detail goes back to the list; the feed parses as Atom and RSS
 * (rss-parser) and an event's .ics imports (ical.js) with its VTIMEZONE; no serious or critical axe
 * violation on the lists and details. "Add to calendar" downloads the .ics with the visitor still on the
 * event, and every page names the feeds in its head, kept after hydration (issue 34).
 */
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import ICAL from 'ical.js';
import Parser from 'rss-parser';
import { apiToken, clientAddress, downloadByClick, seriousViolations, signIn } from './helpers';

test.use({ extraHTTPHeaders: clientAddress(32), timezoneId: 'America/Chicago' });

/** Published items through the API until the list has more than one page (10 a page). */
async function fillUp(request: APIRequestContext, token: string, kind: 'news' | 'events') {
  const res = await request.get(`/api/v1/${kind}?pageSize=50`);
  const have = ((await res.json()) as { items: unknown[] }).items.length;
  for (let i = have; i < 13; i++) {
    const day = String(1 + i).padStart(2, '0');
    const body =
      kind === 'news'
        ? {
            name: `Archive note ${i}`,
            description: `<p>Archive note ${i}.</p>`,
            status: 'published',
            date: `2025-03-${day}T12:00:00Z`,
          }
        : {
            name: `Past workshop ${i}`,
            description: `<p>Workshop ${i}.</p>`,
            link: 'https://example.org/workshop',
            location: 'Online',
            status: 'published',
            date: `2025-03-${day}T15:00:00Z`,
          };
    const created = await request.post(`/api/v1/${kind}`, {
      data: body,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
}

async function checkPaging(page: Page, path: string, title: string) {
  await page.goto(path);
  const list = page.getByRole('list', { name: title });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const previous = page.getByRole('button', { name: 'Previous' });
  const next = page.getByRole('button', { name: 'Next' });
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await next.click();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();
  await previous.click();
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await expect(previous).toBeDisabled();
}

/** Types a date and time into the dialog's picker, section by section (MM DD YYYY hh mm AM/PM). */
async function pickDate(page: Page, digits: string) {
  await page.getByRole('dialog').getByRole('spinbutton', { name: 'Month' }).first().click();
  await page.keyboard.type(digits);
}

test('news and events page by 10: Next off on the last page, Previous off on the first', async ({
  page,
  request,
}) => {
  // Sixteen items written through the API and two lists checked with axe: slow on a busy machine.
  test.setTimeout(180_000);
  const editor = await apiToken(request, 'curator@example.edu');
  await fillUp(request, editor, 'news');
  await fillUp(request, editor, 'events');
  await checkPaging(page, '/news', 'News');
  await checkPaging(page, '/events', 'Events');
});

test('a missing news item or event goes back to its list', async ({ page }) => {
  await page.goto('/news/no-such-news-item');
  await expect(page).toHaveURL(/\/news$/);
  await page.goto('/events/no-such-event');
  await expect(page).toHaveURL(/\/events$/);
});

test('an editor adds, edits and deletes a news item', async ({ page }) => {
  await page.goto('/courseware');
  await signIn(page, 'curator@example.edu');
  await page.goto('/news');
  await page.getByRole('button', { name: 'Add news' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add news' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Range maintenance finished');
  await dialog.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('The exercise area is back after its maintenance.');
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Published', exact: true }).click();
  await pickDate(page, '120120301030PM');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('listitem').filter({ hasText: 'Range maintenance finished' });
  await expect(row).toContainText('December 1, 2030');

  await row.getByRole('link', { name: 'Range maintenance finished' }).click();
  await expect(page).toHaveURL(/\/news\/range-maintenance-finished$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Range maintenance finished' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit news' });
  await edit.getByRole('textbox', { name: 'Title' }).fill('Range maintenance is over');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/news\/range-maintenance-is-over$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Range maintenance is over' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete news' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByText('The checkbox is required to delete this content.')).toBeVisible();
  await confirm.getByRole('checkbox').check();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByText('Range maintenance is over')).toHaveCount(0);
});

test('an editor adds, edits and deletes an event; its .ics imports with its time zone', async ({
  page,
  request,
}) => {
  await page.goto('/courseware');
  await signIn(page, 'curator@example.edu');
  await page.goto('/events');
  await page.getByRole('button', { name: 'Add event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add event' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Capture the flag evening');
  await dialog.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Teams compete on the range.');
  await dialog.getByRole('textbox', { name: 'Link' }).fill('https://ctf.example.org');
  await dialog.getByRole('textbox', { name: 'Location' }).fill('Science Hall, Room 101');
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Published', exact: true }).click();
  await pickDate(page, '070420300730PM');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Capture the flag evening' }).click();
  await expect(page.getByText('Science Hall, Room 101')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const ics = await request.get('/api/v1/events/capture-the-flag-evening/calendar.ics');
  expect(ics.status()).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await ics.text()));
  const vtimezone = calendar.getFirstSubcomponent('vtimezone')!;
  expect(vtimezone.getFirstPropertyValue('tzid')).toBe('America/Chicago');
  ICAL.TimezoneService.register(vtimezone);
  const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  expect(vevent.summary).toBe('Capture the flag evening');
  expect(vevent.location).toBe('Science Hall, Room 101');
  expect(vevent.startDate.zone?.tzid).toBe('America/Chicago');
  expect(vevent.startDate.toString()).toBe('2030-07-04T19:30:00');

  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByRole('textbox', { name: 'Location' }).fill('Science Hall, Room 202');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Science Hall, Room 202')).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete event' });
  await confirm.getByRole('checkbox').check();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/events$/);
  expect((await request.get('/api/v1/events/capture-the-flag-evening')).status()).toBe(404);
});

test('a visitor’s "Add to calendar" downloads the event’s .ics and stays on the event (issue 34)', async ({
  page,
}) => {
  await page.goto('/events/cyber-range-open-day');
  const heading = page.getByRole('heading', { level: 1, name: 'Cyber range open day' });
  await expect(heading).toBeVisible();
  const ics = await downloadByClick(page, page.getByRole('link', { name: 'Add to calendar' }), {
    filename: 'cyber-range-open-day.ics',
    type: 'text/calendar',
  });
  const calendar = new ICAL.Component(ICAL.parse(ics));
  expect(new ICAL.Event(calendar.getFirstSubcomponent('vevent')!).summary).toBe('Cyber range open day');
  await expect(heading).toBeVisible();
});

test('every page names the news feeds in its head, for feed readers, and keeps them after hydration (issue 34)', async ({
  page,
  request,
}) => {
  const feeds = page.locator('head link[rel="alternate"]');
  const feedsOf = () =>
    feeds.evaluateAll((links) =>
      links.map((link) => `${link.getAttribute('type')} ${link.getAttribute('href')}`),
    );
  const base = new URL('/', test.info().project.use.baseURL).href.slice(0, -1);
  const expected = [
    `application/atom+xml ${base}/news/feed.xml`,
    `application/rss+xml ${base}/news/feed.xml?format=rss`,
  ];
  // As a feed reader reads it: the server's page, no script run.
  const html = await (await request.get('/courseware')).text();
  expect(html).toContain(`<link rel="alternate" type="application/atom+xml" title="`);
  await page.goto('/');
  expect(await feedsOf()).toEqual(expected);
  await page.getByRole('contentinfo').getByRole('link', { name: 'News', exact: true }).click();
  await expect(page).toHaveURL(/\/news$/);
  expect(await feedsOf()).toEqual(expected);
  // The atom feed it names is the feed.
  const atom = await request.get(expected[0]!.split(' ')[1]!);
  expect(atom.headers()['content-type']).toMatch(/^application\/atom\+xml/);
  await page.goto('/events/cyber-range-open-day');
  expect(await feedsOf()).toEqual([
    ...expected,
    `text/calendar ${base}/api/v1/events/cyber-range-open-day/calendar.ics`,
  ]);
});

test('the news feed parses as Atom and as RSS', async ({ request }) => {
  const parser = new Parser();
  const atom = await request.get('/news/feed.xml');
  expect(atom.headers()['content-type']).toContain('application/atom+xml');
  const feed = await parser.parseString(await atom.text());
  expect(feed.title).toMatch(/News$/);
  expect(feed.items.length).toBeGreaterThan(0);
  expect(feed.items.map((i) => i.title)).toContain('News feed for your reader');
  expect(feed.items[0]!.link).toMatch(/\/news\//);
  const rss = await parser.parseString(await (await request.get('/news/feed.xml?format=rss')).text());
  expect(rss.items.length).toBe(feed.items.length);
});
