/**
 * The zip download end to end on the demo data (issue 3 "What must show"): faculty asks for the archive
 * of the SEED Labs network module, sees it being prepared, gets the download, and the archive's entries
 * are the module's files (as the API lists them), in folders, with a README and a manifest whose
 * checksums match the bytes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { readZip } from '../../apps/server/src/testing/zip';
import { TREE_DOWNLOAD_TIMEOUT_MS, downloadWholeTree, signIn, storedToken } from './helpers';

const MODULE_PATH = '/courseware/seed-labs/network-security-labs';
const PREPARING_TEXT = 'Preparing the archive…';

test('faculty downloads the SEED Labs network module as one zip of its files', async ({ page, request }) => {
  test.setTimeout(TREE_DOWNLOAD_TIMEOUT_MS * 2);
  await page.goto(MODULE_PATH);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Visitors are not offered the archive.
  await expect(page.getByRole('button', { name: 'Download all (zip)' })).toHaveCount(0);
  await signIn(page, 'faculty@example.edu');

  const download = await downloadWholeTree(
    page,
    'Download all (zip)',
    PREPARING_TEXT,
    /^seed-labs-network-security-labs_bundle_\d{4}-\d{2}-\d{2}\.zip$/,
  );

  const entries = await readZip(fs.readFileSync(await download.path()));
  const token = await storedToken(page);
  const item = await (
    await request.get(`/api/v1/content/${encodeURIComponent('seed-labs/network-security-labs')}`)
  ).json();
  const listed = await request.get(`/api/v1/content/${item.id}/files?children=true`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(listed.status()).toBe(200);
  const files: { id: string; filename: string; size: number; contentName: string }[] = (await listed.json())
    .files;
  expect(files.length).toBeGreaterThan(0);

  expect(entries[0]!.name).toBe('README.md');
  expect(entries.at(-1)!.name).toBe('manifest.json');
  const fileEntries = entries.slice(1, -1);
  // One entry per file of the module and its labs, each in the module's folder, then its lab's.
  expect(fileEntries).toHaveLength(files.length);
  expect(fileEntries.map((e) => e.name.split('/').pop()).sort()).toEqual(files.map((f) => f.filename).sort());
  for (const entry of fileEntries) expect(entry.name.startsWith(`${item.name}/`)).toBe(true);

  // The manifest names every listed file once, at its path in the archive, with the bytes' SHA-256.
  const manifest = JSON.parse(entries.at(-1)!.data.toString('utf8'));
  const manifestFiles = new Map<string, { path: string; size: number; sha256: string; contentId: string }>(
    manifest.files.map((f: { id: string }) => [f.id, f]),
  );
  expect([...manifestFiles.keys()].sort()).toEqual(files.map((f) => f.id).sort());
  for (const file of files) {
    const listedFile = manifestFiles.get(file.id)!;
    expect(listedFile.path.split('/').pop()).toBe(file.filename);
    const entry = fileEntries.find((e) => e.name === listedFile.path)!;
    expect(entry.data.length).toBe(file.size);
    expect(crypto.createHash('sha256').update(entry.data).digest('hex')).toBe(listedFile.sha256);
    // The file sits in the folder of the lab it belongs to.
    const folder = manifest.items.find((i: { id: string }) => i.id === listedFile.contentId).path;
    expect(listedFile.path).toBe(`${folder}/${file.filename}`);
  }
  expect(entries[0]!.data.toString('utf8')).toContain('CC BY-NC-SA 4.0');
});
