/**
 * Search that finds what faculty mean, end to end on the demo data (issue: "What must show"): a
 * concept only a lab's handout holds finds the lab, with a snippet for faculty and without it for a
 * visitor; a query with one unknown word shows the partial-match notice and results.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeViolations, searchBox, signIn } from './helpers';

const LAB = 'Spectre Attack Lab';
const CONCEPT = 'speculative execution';

/** The result of the lab on the results page. */
const labResult = (page: Page) =>
  page.getByRole('article').filter({ has: page.getByRole('link', { name: LAB, exact: true }) });

test.beforeAll(async ({ request }) => {
  // The handouts' text is read by jobs after the demo import: wait until the index has it.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/content/search?q=${encodeURIComponent(CONCEPT)}`);
        const body = (await res.json()) as { items: { name: string }[] };
        return body.items.some((i) => i.name === LAB);
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(true);
});

async function searchFor(page: Page, text: string) {
  await searchBox(page).fill(text);
  await searchBox(page).press('Enter');
  await expect(page.getByRole('heading', { name: /result/i }).first()).toBeVisible();
}

test('faculty search a concept only a handout holds and see the lab with its snippet', async ({ page }) => {
  // Signing in and searching take longer than one default test budget on a busy machine.
  test.setTimeout(180_000);
  await page.goto('/courseware');
  await signIn(page, 'faculty@example.edu');
  await searchFor(page, CONCEPT);
  const result = labResult(page);
  await expect(result).toBeVisible();
  await expect(result.getByText(/Matched in its documents:/)).toContainText(LAB);
  const snippet = result.getByTestId('document-snippet');
  await expect(snippet).toBeVisible();
  await expect(snippet.locator('mark').first()).toHaveText(/speculat|execut/i);

  expect(await axeViolations(page, { all: true })).toEqual([]);
});

test('a visitor sees the same lab marked as matched in its documents, without the snippet', async ({
  page,
}) => {
  await page.goto('/courseware');
  await searchFor(page, CONCEPT);
  const result = labResult(page);
  await expect(result.getByText(/Matched in its documents:/)).toContainText(LAB);
  await expect(result.getByTestId('document-snippet')).toHaveCount(0);
  await expect(result.locator('mark')).toHaveCount(0);
});

test('a three-word query with one unknown word shows the notice and the items with the others', async ({
  page,
}) => {
  await page.goto('/courseware');
  await searchFor(page, 'shared responsibility quokkaberry');
  await expect(
    page.getByText('No item has all of your words. Showing items with some of them.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shared responsibility model', exact: true })).toBeVisible();
});
