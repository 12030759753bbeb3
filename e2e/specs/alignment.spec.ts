/**
 * Alignment that answers a program's questions (issue 25), end to end: a curator aligns a new lab to
 * three statements of the NICE "Vulnerability Analysis" work role; a visitor then finds it by that work
 * role on /courseware, with how much of the role it covers, and /coverage counts it for the role and no
 * longer lists those statements among the role's gaps. Each run makes its own item (a unique name). A
 * visitor's "Download as CSV" on /coverage saves the CSV and leaves the page where it was (issue 34).
 */
import { expect, test } from './fixtures';
import { apiToken, downloadByClick } from './helpers';

const CURATOR = 'curator@example.edu';
const ROLE = 'PD-WRL-007';
const ROLE_NAME = 'Vulnerability Analysis';

test('a visitor filters courseware by a NICE work role and sees the item with its coverage; /coverage counts it', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, CURATOR);
  const headers = { authorization: `Bearer ${token}` };
  // Three of the role's statements no published item covers yet, most specific first.
  const gaps = await request.get(`/api/v1/coverage/work-roles/${ROLE}/gaps?size=3`);
  expect(gaps.status()).toBe(200);
  const statements = ((await gaps.json()) as { items: { id: string; code: string }[] }).items;
  expect(statements).toHaveLength(3);
  const total = (
    (await (await request.get('/api/v1/work-roles')).json()) as {
      items: { id: string; statementCount: number }[];
    }
  ).items.find((r) => r.id === ROLE)!.statementCount;

  const name = `E2E Vulnerability Scanning Lab ${Date.now().toString(36)}`;
  const created = await request.post('/api/v1/content', {
    headers,
    data: {
      name,
      status: 'published',
      categories: ['exercise'],
      description: '<p>Scan a network for known vulnerabilities and rank what the scanner finds.</p>',
      tksIds: statements.map((s) => s.id),
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/courseware');
  const roleFilter = page.getByRole('combobox', { name: 'NICE work role' });
  await roleFilter.click();
  await roleFilter.fill('Vulnerability Analysis');
  await page.getByRole('option', { name: new RegExp(`^${ROLE} ${ROLE_NAME}`) }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]role=${ROLE}`));
  const result = page.getByRole('article').filter({ hasText: name });
  await expect(result).toContainText(`Covers 3 of ${total} TKS of the work role`);

  await page.goto('/coverage');
  const roles = page.getByRole('region', { name: 'NICE work roles' });
  const row = roles.getByRole('row', { name: new RegExp(`${ROLE} ${ROLE_NAME}`) });
  await expect(row.getByRole('link', { name: /^\d+$/ }).first()).toHaveAttribute(
    'href',
    `/courseware?role=${ROLE}`,
  );
  for (const statement of statements) {
    await expect(row.getByRole('link', { name: statement.code, exact: true })).toHaveCount(0);
  }
});

test('a visitor downloads the coverage as a CSV file and stays on /coverage (issue 34)', async ({ page }) => {
  await page.goto('/coverage');
  const csv = await downloadByClick(page, page.getByRole('link', { name: 'Download as CSV' }), {
    filename: 'coverage.csv',
    type: 'text/csv',
  });
  const lines = csv.split(/\r?\n/);
  expect(lines[0]).toMatch(/^framework,group,code,name,published items,statements,/);
  expect(lines.some((line) => line.startsWith(`NICE work role,`))).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Coverage' })).toBeVisible();
});
