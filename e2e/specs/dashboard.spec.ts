/**
 * The statistics dashboard end to end (issue 13 "What must show"; 001 §2, §4, §5, §9): the curator
 * opens it from the account menu, sees the title and the metrics, toggles to the download data, changes
 * the range, takes a preset, compares with the previous period and exports the CSV; both views have no
 * serious or critical accessibility violation; faculty are sent home.
 */
import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeViolations, clientAddress, signIn } from './helpers';

const TIME_ZONE = 'America/New_York';
test.use({ extraHTTPHeaders: clientAddress(31), timezoneId: TIME_ZONE });

const COLUMNS =
  'Data Point ID,Timestamp,User Name,User E-Mail,User Business Unit,Business Unit Category,' +
  'Business Unit Region,File Name,File ID,Downloaded From,Tags,Top Most Content';

function isoDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}
const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

async function expectNoSeriousViolations(page: Page) {
  // The chart drawings are hidden from assistive technology (aria-hidden); each has a data table.
  expect(await axeViolations(page, { exclude: '.recharts-wrapper' })).toEqual([]);
}

test('the curator reads the metrics and the download data, filters, compares and exports', async ({
  page,
}) => {
  // Many steps, and two accessibility scans.
  test.setTimeout(240_000);
  await page.goto('/courseware');
  await signIn(page, 'curator@example.edu');
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/cr-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics Dashboard' })).toBeVisible();

  // Courseware metrics are the default view.
  await expect(page.getByRole('button', { name: 'Courseware metrics' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Content categories' })).toBeVisible();
  await expect(page.getByText('Total courseware')).toBeVisible();
  await page.getByText('Data table: Content categories').click();
  await expect(
    page.getByRole('table', { name: 'Content categories, data table' }).getByRole('row'),
  ).toHaveCount(6);
  await expectNoSeriousViolations(page);

  // The download data, over the default range: 182 days before today up to tomorrow.
  await page.getByRole('button', { name: 'File download data' }).click();
  const today = isoDay(new Date());
  await expect(
    page.getByText(new RegExp(`\\d+ downloads from ${addDays(today, -182)} to ${today}`)),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Downloads over time' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top schools' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top content: K-12' })).toBeVisible();
  await expectNoSeriousViolations(page);

  // A preset, then a range change in the From picker: the first of this month.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(
    page.getByText(new RegExp(`\\d+ downloads from ${addDays(today, -6)} to ${today}`)),
  ).toBeVisible();
  await page.getByRole('button', { name: 'This year' }).click();
  await expect(
    page.getByText(new RegExp(`\\d+ downloads from ${today.slice(0, 4)}-01-01 to ${today}`)),
  ).toBeVisible();
  const fromMonth = page.getByRole('spinbutton', { name: 'Month' }).first();
  await fromMonth.click();
  await page.keyboard.type(today.slice(5, 7));
  const monthStart = `${today.slice(0, 7)}-01`;
  await expect(page.getByText(new RegExp(`\\d+ downloads from ${monthStart} to ${today}`))).toBeVisible();

  // A to date before the from date (the To year one down) is refused with the specification's messages.
  const toYear = page.getByRole('spinbutton', { name: 'Year' }).nth(1);
  await toYear.click();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Error: From date may not be after to date.')).toBeVisible();
  await expect(page.getByText('Error: To date may not be before from date.')).toBeVisible();
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page.getByText('Error: From date may not be after to date.')).toBeHidden();
  const from = addDays(today, -29);
  const to = addDays(today, 1);
  await expect(page.getByText(new RegExp(`\\d+ downloads from ${from} to ${today}`))).toBeVisible();

  // Typing a whole year into the From picker digit by digit: the partial years on the way (0002, 0020,
  // 0202) are not applied, and no error takes the focus away in the middle of typing.
  const fromYear = page.getByRole('spinbutton', { name: 'Year' }).first();
  await fromYear.click();
  await page.keyboard.type(from.slice(0, 4), { delay: 50 });
  // The whole year typed, the picker moves on to the month of the same field.
  await expect(fromYear).toHaveText(from.slice(0, 4));
  await expect(page.getByRole('spinbutton', { name: 'Month' }).first()).toBeFocused();
  await expect(page.getByText(new RegExp(`\\d+ downloads from ${from} to ${today}`))).toBeVisible();
  await expect(page.getByText('Filter range may not exceed 12 months.')).toBeHidden();

  // Comparison with the previous period: a second line and the change in per cent.
  await page.getByLabel('Compare with the previous period').check();
  await expect(page.getByTestId('comparison-line')).toHaveText(
    new RegExp(
      `Previous period \\(${addDays(from, -30)} to ${addDays(from, -1)}\\): \\d+ downloads; change (.+%|no downloads)`,
    ),
  );
  await page.getByText('Data table: Downloads over time').click();
  await expect(
    page.getByRole('table', { name: 'Downloads over time, data table' }).getByRole('columnheader'),
  ).toHaveText(['Day', 'Downloads', 'Previous period']);

  // The CSV export: its file name and header row.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`coursewareDownloads_${from}_to_${to}.csv`);
  const text = fs.readFileSync((await file.path())!, 'utf8');
  // RFC 4180 lines: ended by CRLF.
  const lines = text.split('\r\n');
  expect(lines[0]).toBe(COLUMNS);
  expect(lines.filter((line) => line.length > 0).length).toBeGreaterThan(1);
});

test("a range without downloads says 'No Data to show for Downloads over time' (001 §8)", async ({
  page,
}) => {
  await page.goto('/courseware');
  await signIn(page, 'curator@example.edu');
  await page.goto('/cr-dashboard');
  await page.getByRole('button', { name: 'File download data' }).click();
  const noData = page.getByText('No Data to show for Downloads over time');
  // The demo downloads fall on every few days of the last year: the last 30 days have a chart.
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  const today = isoDay(new Date());
  const from = addDays(today, -29);
  await expect(page.getByText(new RegExp(`[1-9]\\d* downloads from ${from} to ${today}`))).toBeVisible();
  await expect(page.getByText('Data table: Downloads over time')).toBeVisible();
  await expect(noData).toHaveCount(0);

  // The same days two years back, before the demo downloads: no data rows, and the specification's words.
  const yearsBack = (day: string) => String(Number(day.slice(0, 4)) - 2);
  await page.getByRole('spinbutton', { name: 'Year' }).first().click();
  await page.keyboard.type(yearsBack(from), { delay: 50 });
  await page.getByRole('spinbutton', { name: 'Year' }).nth(1).click();
  await page.keyboard.type(yearsBack(today), { delay: 50 });
  await expect(
    page.getByText(new RegExp(`^0 downloads from ${yearsBack(from)}${from.slice(4)} to `)),
  ).toBeVisible();
  await expect(noData).toBeVisible();
  await expect(page.getByText('Data table: Downloads over time')).toHaveCount(0);
});

test('faculty are sent home from the dashboard', async ({ page }) => {
  await page.goto('/courseware');
  await signIn(page, 'faculty@example.edu');
  for (const path of ['/cr-dashboard', '/dashboard']) {
    await page.goto(path);
    await expect(page).not.toHaveURL(/dashboard/);
    await expect(page.getByRole('heading', { name: 'Statistics Dashboard' })).toHaveCount(0);
  }
});
