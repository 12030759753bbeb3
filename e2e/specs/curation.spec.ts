/**
 * Curation end to end (issue 4 "What must show"): a curator creates a course with a module, sections,
 * a file, TKS items and a keyword, and sees it all after a reload; edit and cancel; archive and restore;
 * delete with and without the checkbox; the admin tables sort and page; a second save of a stale copy
 * is refused and the page says so. Faculty see none of the edit controls and the server refuses each
 * write with 403. A curator who opens or reloads /courseware?creating=1 gets the create form, the address
 * kept (issue 34). Every test makes its own items (unique names), so the order does not matter.
 */
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeViolations, signIn, storedToken } from './helpers';

const CURATOR = 'curator@example.edu';
const FACULTY = 'faculty@example.edu';

/** A name no other run or test uses. */
function uniqueName(label: string): string {
  return `E2E ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function signInAt(page: Page, path: string, email: string): Promise<string> {
  await page.goto(path);
  await signIn(page, email);
  return storedToken(page);
}

/** Creates an item through the API (as the server's own clients do). */
async function createItem(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<{ id: string; urlAlias: string; version: number }> {
  const res = await request.post('/api/v1/content', {
    headers: { authorization: `Bearer ${token}` },
    data: { description: '<p>Made by an end-to-end test.</p>', categories: ['course'], ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

const title = (page: Page) => page.getByRole('heading', { level: 1 });

test('a curator who opens or reloads /courseware?creating=1 gets the create form, the address kept (issue 34)', async ({
  page,
}) => {
  await signInAt(page, '/courseware', CURATOR);
  // Every address the page took on the way, history replacements included: creating=1 must never go.
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });
  await page.goto('/courseware?creating=1');
  await expect(title(page)).toHaveText('New courseware');
  await page.reload();
  await expect(title(page)).toHaveText('New courseware');
  await expect(page.getByLabel('Name', { exact: false }).first()).toBeEditable();
  await expect(page).toHaveURL(/\/courseware\?creating=1$/);
  expect(addresses.length).toBeGreaterThanOrEqual(2);
  expect(addresses.filter((address) => !address.endsWith('/courseware?creating=1'))).toEqual([]);
});

test('a curator creates a course with a module, sections, a file, two TKS items and a keyword', async ({
  page,
}) => {
  await signInAt(page, '/courseware', CURATOR);
  await page.getByRole('link', { name: 'Add courseware' }).click();
  await expect(page).toHaveURL(/\/courseware\?creating=1$/);
  await expect(title(page)).toHaveText('New courseware');

  const name = uniqueName('Network Defense Course');
  await page.getByLabel('Name', { exact: false }).first().fill(name);
  const alias = page.getByLabel('URL alias', { exact: false });
  await expect(alias).toHaveValue(name.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  await page.getByRole('textbox', { name: 'Description', exact: true }).click();
  await page.keyboard.type('Defending networks: firewalls, IDS and monitoring.');
  // The draft learning-objectives section is there already.
  await expect(page.getByLabel('Section 1 name', { exact: false })).toHaveValue('Learning objectives');

  await page.getByRole('button', { name: 'Add section or child' }).click();
  await page.getByRole('menuitem', { name: 'Section' }).click();
  await page.getByLabel('Section 2 name', { exact: false }).fill('Assessment');
  await page.getByRole('button', { name: 'Add section or child' }).click();
  await page.getByRole('menuitem', { name: 'Child module' }).click();
  await page.getByLabel('New child module 1 name', { exact: false }).fill('Firewall Basics');

  await page.locator('input[type="file"][aria-label="Add file"]').setInputFiles({
    name: 'firewall-lab.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Firewall lab\n\nConfigure iptables to drop inbound telnet.\n'),
  });
  await expect(page.getByLabel(/File name \(firewall-lab\.md/)).toHaveValue('firewall-lab');
  await page.getByLabel(/File name \(firewall-lab\.md/).fill('Firewall lab sheet');

  const tks = page.getByRole('combobox', { name: 'Add TKS item' });
  const chosen: string[] = [];
  for (let i = 0; i < 2; i++) {
    await tks.fill('network');
    const option = page.getByRole('option').first();
    chosen.push((await option.locator('strong').textContent())!);
    await option.click();
  }
  expect(new Set(chosen).size).toBe(2);
  await page.getByRole('textbox', { name: 'Search keywords' }).fill('perimeter defense');
  await page.keyboard.press('Enter');

  expect(await axeViolations(page, { all: true })).toEqual([]);

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await expect(page).toHaveURL(new RegExp(`/courseware/${slug}$`));

  await page.reload();
  await expect(title(page)).toContainText(name);
  await expect(page.getByText('Defending networks: firewalls, IDS and monitoring.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Firewall Basics' })).toBeVisible();
  await expect(page.getByText('Learning objectives', { exact: true })).toBeVisible();
  await expect(page.getByText('Assessment', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Files' }).getByText('Firewall lab sheet')).toBeVisible();
  const tksList = page.getByRole('region', { name: 'Task Knowledge Skills (TKS)' });
  for (const code of chosen) await expect(tksList.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Metadata' })).toContainText('Unpublished');
  await expect(page.getByRole('region', { name: 'Metadata' })).toContainText('Curator');
  // The keyword is kept (it is shown in edit mode, and found by search).
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('list', { name: 'Search keywords' })).toContainText('perimeter defense');
  await page.getByRole('button', { name: 'Cancel' }).click();
});

test('a curator asks for suggested alignments, accepts one, saves, and sees it on the item (issue 25)', async ({
  page,
  request,
}) => {
  const token = await signInAt(page, '/courseware', CURATOR);
  const name = uniqueName('SQL Injection Lab');
  const item = await createItem(request, token, {
    name,
    categories: ['exercise'],
    description:
      '<p>Find SQL injection flaws in a web application, exploit them with crafted database queries, and fix them with parameterised queries.</p>',
  });
  await page.goto(`/courseware/${item.urlAlias}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Suggest alignments' }).click();
  const list = page.getByRole('list', { name: 'Suggested alignments' });
  const first = list.getByRole('listitem').first();
  await expect(first).toContainText('Matched:');
  await expect(first).toContainText(/sql|injection|queries|database/i);
  expect(
    await axeViolations(page, { include: 'section[aria-labelledby="alignment-suggestions-heading"]' }),
  ).toEqual([]);

  // The first suggestion's kind and code, as the row shows them ("TKS" chip, then "K0069 Knowledge of …").
  const kind = (await first.locator('.MuiChip-label').innerText()).trim();
  const code = (await first.locator('[id^="suggestion-"] span').first().innerText()).trim();
  await first.getByRole('button', { name: 'Accept' }).click();
  await expect(first).toContainText('Accepted: added below, save to keep it');
  await page.getByRole('button', { name: 'Save' }).click();
  // Saved and back to reading ("Save" turns "Saving…" at once, so wait for the page's Edit button).
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  await page.reload();
  const region = {
    TKS: 'Task Knowledge Skills (TKS)',
    KSA: 'Knowledge Skill Abilities (KSA)',
    KU: 'Knowledge Units (KU)',
    CyBOK: 'CyBOK Knowledge Areas',
  }[kind]!;
  await expect(page.getByRole('region', { name: region }).getByText(code, { exact: true })).toBeVisible();
});

test('edit and cancel restores the last saved copy; a save leaves edit mode', async ({ page, request }) => {
  const token = await signInAt(page, '/courseware', CURATOR);
  const name = uniqueName('Cancel Course');
  const item = await createItem(request, token, { name });
  await page.goto(`/courseware/${item.urlAlias}`);
  await expect(title(page)).toContainText(name);

  await page.getByRole('button', { name: 'Edit' }).click();
  const nameField = page.getByLabel('Name', { exact: false }).first();
  await nameField.fill('Something else entirely');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(title(page)).toContainText(name);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Name', { exact: false }).first()).toHaveValue(name);

  await page.getByLabel('Name', { exact: false }).first().fill(`${name} (revised)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(title(page)).toContainText(`${name} (revised)`);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
});

test('a curator archives an item and restores it', async ({ page, request }) => {
  const token = await signInAt(page, '/courseware', CURATOR);
  const name = uniqueName('Archive Course');
  const item = await createItem(request, token, { name, status: 'published' });
  await page.goto(`/courseware/${item.urlAlias}`);

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Archived' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This is archived content.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Restore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore content' });
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('This is archived content.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Metadata' })).toContainText('Unpublished');
});

test('delete needs the checkbox, says what goes with the item, and leaves nothing behind', async ({
  page,
  request,
}) => {
  const token = await signInAt(page, '/courseware', CURATOR);
  const name = uniqueName('Doomed Course');
  const course = await createItem(request, token, { name, children: [{ name: 'Doomed Module' }] });
  // A lab under the module: the course then has two descendants.
  const moduleItem = await (
    await request.get(`/api/v1/content/${encodeURIComponent(`${course.urlAlias}/doomed-module`)}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  const lab = await createItem(request, token, { name: 'Doomed Lab Sheet', parentId: moduleItem.id });

  await page.goto(`/courseware/${course.urlAlias}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete content' });
  await expect(dialog).toContainText('2 descendant items');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The checkbox is required to delete this content.');
  await expect(dialog).toBeVisible();
  expect(
    (
      await request.get(`/api/v1/content/${course.id}`, { headers: { authorization: `Bearer ${token}` } })
    ).status(),
  ).toBe(200);

  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/courseware$/);
  for (const id of [course.id, moduleItem.id, lab.id]) {
    const res = await request.get(`/api/v1/content/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(404);
  }
});

test('a stale save is refused and the page says someone else saved first', async ({ page, request }) => {
  const token = await signInAt(page, '/courseware', CURATOR);
  const name = uniqueName('Shared Course');
  const item = await createItem(request, token, { name });
  await page.goto(`/courseware/${item.urlAlias}`);
  await page.getByRole('button', { name: 'Edit' }).click();

  // Another curator saves meanwhile.
  const res = await request.patch(`/api/v1/content/${item.id}/status`, {
    headers: { authorization: `Bearer ${token}` },
    data: { status: 'unlisted', version: item.version },
  });
  expect(res.status()).toBe(200);

  await page.getByLabel('Name', { exact: false }).first().fill(`${name} mine`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'changed by someone else' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await page.getByRole('button', { name: 'Load the latest version' }).click();
  await expect(page.getByLabel('Name', { exact: false }).first()).toHaveValue(name);
});

test('the admin tables sort and page, and the archived table shows archived items only', async ({
  page,
  request,
}) => {
  const token = await signInAt(page, '/courseware', CURATOR);
  const archivedName = uniqueName('Archived Course');
  const archived = await createItem(request, token, { name: archivedName, status: 'archived' });

  await page.goto('/cr-admin');
  const table = page.getByRole('table', { name: 'Content administration' });
  await expect(table.getByRole('row')).toHaveCount(26);
  await expect(page.getByText(/^1–25 of \d+$/)).toBeVisible();
  const titles = () => table.locator('tbody tr td:nth-child(3)').allTextContents();

  await table.getByRole('button', { name: 'Content Title' }).click();
  const ascending = await titles();
  expect(ascending).toEqual(
    [...ascending].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true })),
  );
  await table.getByRole('button', { name: 'Content Title' }).click();
  const descending = await titles();
  expect(descending[0]! >= descending.at(-1)!).toBe(true);
  expect(descending).not.toEqual(ascending);

  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText(/^26–50 of \d+$/)).toBeVisible();
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: 'All' }).click();
  const total = Number(/of (\d+)$/.exec((await page.getByText(/^1–\d+ of \d+$/).textContent())!)![1]);
  await expect(table.getByRole('row')).toHaveCount(total + 1);
  await expect(table.getByRole('link', { name: archivedName })).toHaveCount(0);

  await page.goto('/cr-archived-content');
  const archivedTable = page.getByRole('table', { name: 'Archived content' });
  const row = archivedTable.getByRole('row').filter({ hasText: archivedName });
  await expect(row).toContainText('Archived');
  await expect(row.getByRole('link', { name: archivedName })).toHaveAttribute(
    'href',
    `/courseware/${archived.urlAlias}`,
  );
  const statuses = await archivedTable.locator('tbody tr td:nth-child(1)').allTextContents();
  expect(new Set(statuses)).toEqual(new Set(['Archived']));
});

test('faculty see none of the edit controls, and the server refuses each write with 403', async ({
  page,
  request,
}) => {
  const curatorToken = await signInAt(page, '/courseware', CURATOR);
  const item = await createItem(request, curatorToken, {
    name: uniqueName('Faculty Course'),
    status: 'published',
  });
  await page.evaluate(() => localStorage.clear());

  const token = await signInAt(page, `/courseware/${item.urlAlias}`, FACULTY);
  await expect(page.getByRole('button', { name: 'Feedback' })).toBeVisible();
  for (const label of ['Edit', 'Delete', 'Restore']) {
    await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('region', { name: 'Metadata' })).toHaveCount(0);
  await page.goto('/courseware');
  await expect(page.getByRole('link', { name: 'Add courseware' })).toHaveCount(0);
  await page.goto('/courseware?creating=1');
  await expect(page.getByRole('heading', { level: 1, name: 'New courseware' })).toHaveCount(0);
  await page.goto('/cr-admin');
  // The admin guard sends those without the permission home (001 §2).
  await expect(page).toHaveURL((url) => url.pathname === '/');

  const headers = { authorization: `Bearer ${token}` };
  const current = await (await request.get(`/api/v1/content/${item.id}`, { headers })).json();
  const writes = [
    request.post('/api/v1/content', { headers, data: { name: 'Nope', description: '<p>x</p>' } }),
    request.put(`/api/v1/content/${item.id}`, { headers, data: { ...current, version: current.version } }),
    request.patch(`/api/v1/content/${item.id}/status`, { headers, data: { status: 'archived', version: 1 } }),
    request.delete(`/api/v1/content/${item.id}`, { headers }),
    request.post('/api/v1/contributors', {
      headers,
      data: { firstName: 'A', lastName: 'B', school: 'C', email: 'a@b.edu' },
    }),
  ];
  for (const res of await Promise.all(writes)) expect(res.status()).toBe(403);
  expect((await request.get(`/api/v1/content/${item.id}`, { headers })).status()).toBe(200);
});

test('faculty send feedback from the Feedback button and are told it was sent', async ({ page, request }) => {
  const curatorToken = await signInAt(page, '/courseware', CURATOR);
  const item = await createItem(request, curatorToken, {
    name: uniqueName('Feedback Course'),
    status: 'published',
  });
  await page.evaluate(() => localStorage.clear());
  await signInAt(page, `/courseware/${item.urlAlias}`, FACULTY);

  await page.getByRole('button', { name: 'Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send feedback' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Message is required.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await dialog
    .getByRole('textbox', { name: 'Message' })
    .fill('The second link in the description is broken.');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'broken-link.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    ),
  });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you: your feedback was sent to the support team.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
});
