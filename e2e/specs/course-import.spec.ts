/**
 * Course import through the page (issue 38 "Done when"), in the browser as a curator: from the content
 * administration page to "Course import", a zipped folder tree is uploaded, its preview shows the course
 * tree with every item new and the one warning (an unknown KSA code) that must be accepted; the import
 * runs and its summary opens the new course, whose lab lists the package's files. The next version of
 * the package (a changed handout, a new lab) previews as changed and new, imports in place (the same
 * course address, the handout the same file) and survives a reload of its page. A faculty member is
 * not let in. A cartridge the portal exported of a demo module is imported as a course of its own, and
 * so is a course folder chosen as it is on the curator's disk. Each imported course is deleted after its
 * test, so the specs after these see the demo data alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TREE_DOWNLOAD_TIMEOUT_MS, apiToken, clientAddress, downloadWholeTree, signIn } from './helpers';
import { png } from './made-files';
import { zipOf } from '../../apps/server/src/testing/zip-of';

test.use({ extraHTTPHeaders: clientAddress(83) });

/** Unique per run, so a re-run against the same server imports a course of its own. */
const RUN = Date.now().toString(36);
const COURSE = `Packet Filtering Workshop ${RUN}`;
/** A demo module whose cartridge a curator exports and imports again. */
const CARTRIDGE_MODULE = '/courseware/hacktivity-lab-sheets/web-security';

type Tree = Record<string, string | Buffer>;

const VERSION_1: Tree = {
  'workshop/README.md': [
    '---',
    `id: packet-filtering-${RUN}`,
    `title: ${COURSE}`,
    'license: CC BY 4.0',
    'licenseUrl: https://creativecommons.org/licenses/by/4.0/',
    'ksa: [K9999999]',
    '---',
    'Two labs on **packet filters**.',
  ].join('\n'),
  'workshop/filters/README.md': '# Filters\n\nStateless and stateful filtering.',
  'workshop/filters/lab-1/README.md': '---\ncategory: exercise\ntags: lab\n---\n# Lab 1: iptables basics',
  'workshop/filters/lab-1/handout.txt': 'Step 1: list the rules with iptables -L.\n',
  'workshop/filters/lab-1/topology.png': png(8, 8, [20, 90, 160]),
};

/** The addresses of the courses a test imported, deleted after it: later specs see the demo data alone. */
const imported: string[] = [];

/** Deletes a course the test imported (and everything under it), by its address. */
async function deleteCourse(request: APIRequestContext, courseUrl: string): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(request, 'curator@example.edu')}` };
  const alias = decodeURIComponent(new URL(courseUrl).pathname.replace(/^\/courseware\//, ''));
  const course = await request.get(`/api/v1/content/${encodeURIComponent(alias)}`, { headers });
  expect(course.status()).toBe(200);
  const { id } = (await course.json()) as { id: string };
  expect((await request.delete(`/api/v1/content/${id}`, { headers })).status()).toBe(200);
}

test.afterEach(async ({ request }) => {
  for (const url of imported.splice(0)) await deleteCourse(request, url);
});

/** Uploads a package on /cr-import and waits for its preview. */
async function uploadPackage(page: Page, files: Tree): Promise<void> {
  await page.goto('/cr-import');
  await expect(page.getByRole('heading', { level: 1, name: 'Course import' })).toBeVisible();
  await page.getByLabel('Course package').setInputFiles({
    name: 'workshop.zip',
    mimeType: 'application/zip',
    buffer: await zipOf(files),
  });
  await expect(page).toHaveURL(/\/cr-import\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('list', { name: 'Course tree' })).toBeVisible();
  await page.getByRole('button', { name: 'Expand all' }).click();
}

/** Confirms the preview (accepting its warnings) and waits for the summary. */
async function confirmImport(page: Page, warnings: number): Promise<void> {
  const form = page.getByRole('form', { name: 'Confirm the import' });
  if (warnings > 0) {
    await form.getByLabel(`Import despite ${warnings} warning${warnings > 1 ? 's' : ''}`).check();
  }
  await form.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Open the course' })).toBeVisible({ timeout: 30_000 });
}

test('a curator imports a course from a zip, then its next version in place', async ({ page }) => {
  await page.goto('/courseware');
  await signIn(page, 'curator@example.edu');
  await page.goto('/cr-admin');
  await page.getByRole('link', { name: 'Import a course' }).click();
  await expect(page).toHaveURL(/\/cr-import$/);

  await uploadPackage(page, VERSION_1);
  const tree = page.getByRole('list', { name: 'Course tree' });
  await expect(tree).toContainText(COURSE);
  await expect(tree).toContainText('Lab 1: iptables basics');
  await expect(page.getByText(/K9999999 is not in the portal's reference data/)).toBeVisible();
  await confirmImport(page, 1);

  await page.getByRole('link', { name: 'Open the course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  const courseUrl = page.url();
  imported.push(courseUrl);
  await page.getByRole('link', { name: 'Filters', exact: true }).first().click();
  await page.getByRole('link', { name: 'Lab 1: iptables basics' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lab 1: iptables basics' })).toBeVisible();
  await expect(page.getByText('handout.txt').first()).toBeVisible();
  await expect(page.getByText('topology.png').first()).toBeVisible();

  // The next version: the handout changes and a second lab is added.
  await uploadPackage(page, {
    ...VERSION_1,
    'workshop/filters/lab-1/handout.txt': 'Step 1: list the rules. Step 2: drop what is not asked for.\n',
    'workshop/filters/lab-2/README.md': '# Lab 2: nftables',
  });
  await expect(tree).toContainText('Lab 2: nftables');
  await expect(tree.getByText('Changed', { exact: false }).first()).toBeVisible();
  await expect(tree.getByText('New', { exact: true })).toHaveCount(1);
  await confirmImport(page, 1);
  const summaryUrl = page.url();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Open the course' })).toBeVisible();
  expect(page.url()).toBe(summaryUrl);
  await page.getByRole('link', { name: 'Open the course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  expect(page.url()).toBe(courseUrl);
});

test('faculty are not let into course import', async ({ page }) => {
  await page.goto('/courseware');
  await signIn(page, 'faculty@example.edu');
  await page.goto('/cr-import');
  await expect(page.getByRole('heading', { level: 1, name: 'Course import' })).toHaveCount(0);
});

/** The preview's checkbox that accepts its warnings, whatever their number. */
async function acceptWarningsAndImport(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Confirm the import' });
  const accept = form.getByRole('checkbox', { name: /^Import despite \d+ warnings?$/ });
  if ((await accept.count()) > 0) await accept.check();
  await form.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Open the course' })).toBeVisible({ timeout: 60_000 });
}

test('a curator imports a Common Cartridge the portal exported, and a course folder', async ({ page }) => {
  test.setTimeout(TREE_DOWNLOAD_TIMEOUT_MS * 3);
  await page.goto(CARTRIDGE_MODULE);
  await signIn(page, 'curator@example.edu');
  const moduleName = (await page.getByRole('heading', { level: 1 }).first().innerText()).trim();
  const download = await downloadWholeTree(
    page,
    'Export to LMS (Common Cartridge)',
    'Preparing the Common Cartridge…',
    /\.imscc$/,
  );
  await page.goto('/cr-import');
  await page.getByLabel('Course package').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/zip',
    buffer: fs.readFileSync(await download.path()),
  });
  await expect(page).toHaveURL(/\/cr-import\/[0-9a-f-]{36}$/);
  const tree = page.getByRole('list', { name: 'Course tree' });
  await expect(tree).toContainText(moduleName);
  await acceptWarningsAndImport(page);
  await page.getByRole('link', { name: 'Open the course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
  // A second copy of a demo module: searches of later specs would find its items twice.
  imported.push(page.url());

  // A folder chosen as it is on the curator's disk: each file is sent with its path.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'course-folder-'));
  const course = path.join(folder, `folder-course-${RUN}`);
  fs.mkdirSync(path.join(course, 'week-1'), { recursive: true });
  fs.writeFileSync(
    path.join(course, 'README.md'),
    `---\ntitle: Folder Course ${RUN}\nlicense: MIT\n---\nA course from a folder.`,
  );
  fs.writeFileSync(path.join(course, 'week-1', 'README.md'), '# Week 1');
  fs.writeFileSync(path.join(course, 'week-1', 'notes.txt'), 'Read chapter 1.\n');
  await page.goto('/cr-import');
  await page.getByLabel('Course folder').setInputFiles(course);
  await expect(page).toHaveURL(/\/cr-import\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('list', { name: 'Course tree' })).toContainText(`Folder Course ${RUN}`);
  await acceptWarningsAndImport(page);
  await page.getByRole('link', { name: 'Open the course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Folder Course ${RUN}` })).toBeVisible();
  imported.push(page.url());
  fs.rmSync(folder, { recursive: true, force: true });
});
