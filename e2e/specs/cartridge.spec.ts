/**
 * The Common Cartridge export end to end on the demo data (issue 26 "Done when"): a faculty member
 * exports the SEED Labs network module from its page, sees it being prepared, and gets an .imscc whose
 * manifest validates against the IMS CC 1.1 schemas (xmllint) and holds a page for the module and each
 * of its labs, and every file of the module as the API lists it. The schemas are read from
 * `../shared/data/imscc/v1p1` beside the repository (or IMSCC_SCHEMA_DIR); without them, or without
 * xmllint, the spec fails (apps/server/src/testing/cartridge.ts).
 */
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { flattenItems, missingCcSchemas, readCartridge } from '../../apps/server/src/testing/cartridge';
import { TREE_DOWNLOAD_TIMEOUT_MS, downloadWholeTree, signIn, storedToken } from './helpers';

const MODULE_PATH = '/courseware/seed-labs/network-security-labs';
const PREPARING_TEXT = 'Preparing the Common Cartridge…';
const EXPORT_BUTTON = 'Export to LMS (Common Cartridge)';

test('faculty exports the SEED Labs network module as a Common Cartridge for their LMS', async ({
  page,
  request,
}) => {
  test.setTimeout(TREE_DOWNLOAD_TIMEOUT_MS * 2);
  // Fails at once, saying where the schemas must be, rather than after the export.
  expect(missingCcSchemas()).toBeUndefined();
  await page.goto(MODULE_PATH);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Visitors are not offered the export.
  await expect(page.getByRole('button', { name: EXPORT_BUTTON })).toHaveCount(0);
  await signIn(page, 'faculty@example.edu');

  const section = page.getByRole('region', { name: 'Download all files' });
  await expect(section).toContainText('Canvas, Moodle, Blackboard and D2L Brightspace');
  const download = await downloadWholeTree(
    page,
    EXPORT_BUTTON,
    PREPARING_TEXT,
    /^seed-labs-network-security-labs_cartridge_\d{4}-\d{2}-\d{2}\.imscc$/,
  );

  // Valid IMS CC 1.1 (xmllint against IMS's schemas, which must be there) with the prose rules checked.
  const cartridge = await readCartridge(fs.readFileSync(await download.path()));
  const token = await storedToken(page);
  const item = await (
    await request.get(`/api/v1/content/${encodeURIComponent('seed-labs/network-security-labs')}`)
  ).json();
  const listed = await request.get(`/api/v1/content/${item.id}/files?children=true`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(listed.status()).toBe(200);
  const files: { size: number; contentName: string }[] = (await listed.json()).files;
  expect(files.length).toBeGreaterThan(0);

  // A page for the module and for each lab that has files, under the module's folder item.
  const titles = flattenItems(cartridge.items)
    .filter((i) => i.identifierref)
    .map((i) => i.title);
  expect(titles[0]).toBe(item.name);
  for (const name of new Set(files.map((f) => f.contentName))) expect(titles).toContain(name);
  // Every listed file is packed (ASCII names differ from the originals; sizes match).
  const packedSizes = [...cartridge.entries.values()].map((data) => data.length);
  for (const file of files) expect(packedSizes).toContain(file.size);
});
