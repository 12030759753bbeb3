/**
 * The identity admin end to end (issue 5 "What must show"; 001 §4 Impersonation, §5 User import):
 * an admin acts as faculty with the banner on every page and comes back to the stored path; a CSV
 * import with one bad row shows the preview and writes nothing until the file is fixed.
 */
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeViolations, clientAddress, latestMail, signIn, storedAccessToken } from './helpers';

test.use({ extraHTTPHeaders: clientAddress(12) });

async function findUsers(request: APIRequestContext, token: string, q: string) {
  const res = await request.get(`/api/v1/admin/users?q=${encodeURIComponent(q)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { email: string; roles: string[] }[] }).items;
}

test('an admin acts as faculty with a banner everywhere, and exits back to the stored path', async ({
  page,
}) => {
  await page.goto('/courseware');
  await signIn(page, 'admin@example.edu');
  const adminToken = await storedAccessToken(page);
  await page.getByRole('button', { name: /^Account menu of Ada Admin/ }).click();
  await page.getByRole('menuitem', { name: 'Users and claims' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByLabel('Search users').fill('faculty@example.edu');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: 'Fay Faculty' }).click();

  const dialog = page.getByRole('dialog', { name: 'Fay Faculty' });
  await expect(dialog.getByRole('checkbox', { name: 'Faculty' })).toBeChecked();
  await expect(
    dialog.getByRole('list', { name: 'Permissions granted' }).getByText('CanViewFiles'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Act as Fay Faculty' }).click();

  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toContainText('You are acting as Fay Faculty (faculty@example.edu).');
  await expect(banner).toContainText('Signed in as Ada Admin.');
  // Acting as another user starts on the home page.
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto('/courseware/hacktivity-lab-sheets');
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: /^Account menu of Fay Faculty/ }).click();
  // The menu loads when first opened: a count of 0 holds before it is there, and Escape would close nothing.
  await expect(page.getByRole('menuitem', { name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Users and claims' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  await banner.getByRole('button', { name: 'Stop acting as this user' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Account menu of Ada Admin/ })).toBeVisible();
  expect(await storedAccessToken(page)).toBe(adminToken);
});

test('a CSV import with one bad row shows the preview and writes nothing until the file is fixed', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const ivy = `ivy.${stamp}@school.example`;
  const sam = `sam.${stamp}@school.example`;
  const bad = `name,email,role\nIvy Import,${ivy},Faculty\nSam Import,not-an-address,student\n`;
  const good = `name,email,role\nIvy Import,${ivy},Faculty\nSam Import,${sam},student\n`;
  const file = (text: string) => ({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

  await page.goto('/courseware');
  await signIn(page, 'admin@example.edu');
  const admin = (await storedAccessToken(page))!;
  await page.goto('/admin/user-import');
  await expect(page.getByRole('heading', { level: 1, name: 'User import' })).toBeVisible();

  await page.getByRole('button', { name: 'Import users' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select a file to import.');

  await page.getByLabel('CSV file').setInputFiles(file(bad));
  const preview = page.getByRole('table', { name: 'Import preview' });
  const badRow = preview.getByRole('row').filter({ hasText: 'not-an-address' });
  await expect(badRow.getByText('Invalid')).toBeVisible();
  await expect(badRow.getByText('The e-mail address is not valid.')).toBeVisible();
  await expect(preview.getByRole('row').filter({ hasText: ivy }).getByText('New user')).toBeVisible();
  await expect(page.getByText(/1 of 2 rows have problems/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import users' })).toBeDisabled();
  expect(await axeViolations(page, { all: true })).toEqual([]);
  expect(await findUsers(request, admin, stamp)).toEqual([]);

  await page.getByLabel('CSV file').setInputFiles(file(good));
  await expect(
    page.getByText('Ready to import: 2 new users (each invited by e-mail), 0 given a new role, 0 unchanged.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Import users' }).click();
  await expect(page.getByText(/^Import complete: 2 new users/)).toBeVisible();
  const users = await findUsers(request, admin, stamp);
  expect(users.map((u) => [u.email, u.roles])).toEqual([
    [ivy, ['faculty']],
    [sam, ['student']],
  ]);
  const invitation = await latestMail(request, admin, ivy, /^You are invited/);
  expect(invitation.text).toContain('as faculty');

  // The same file again changes nothing.
  await page.reload();
  await page.getByLabel('CSV file').setInputFiles(file(good));
  await expect(
    page.getByText('Ready to import: 0 new users (each invited by e-mail), 0 given a new role, 2 unchanged.'),
  ).toBeVisible();
});
