/**
 * The round trip of a Common Cartridge (issue 33 "Schemas in CI"): what a package read back with
 * readCartridge must hold of the tree it was exported from. Every item in the organization, in the
 * portal's order (an item with children a folder whose first entry is its own page); every stored file
 * in its item's resource with the SHA-256 the portal recorded when it stored the file; every alignment
 * as the manifest's LOM writes it (one classification per knowledge type, a taxon per statement), and no
 * other.
 */
import crypto from 'node:crypto';
import type { ContentStatus } from '@portal/shared/enums';
import type { Db } from '../db/client.js';
import { loadBundleTree, type BundleItem } from '../modules/files/bundle-tree.js';
import { loadItemPages } from '../modules/files/cartridge-tree.js';
import { resourceId } from '../modules/files/cartridge-archive.js';
import { alignmentLabel } from '../modules/files/cartridge-pages.js';
import type { CartridgeItem, ReadCartridge } from './cartridge.js';

/**
 * Characters outside XML 1.0's Char production (control characters a name may hold, U+FFFE, U+FFFF):
 * no manifest can carry them, so the export leaves them out.
 */
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const asXml = (text: string) => text.replace(NOT_XML_CHARACTER, '');

/** An organization item as a learner meets it: its title, the resource it opens, the items inside. */
interface ItemShape {
  title: string;
  opens?: string;
  items: ItemShape[];
}

const shapeOf = (item: CartridgeItem): ItemShape => ({
  title: item.title,
  ...(item.identifierref ? { opens: item.identifierref } : {}),
  items: item.items.map(shapeOf),
});

/** What the organization should hold for `item`: a page, or a folder of its page and its children. */
function expectedShape(item: BundleItem): ItemShape {
  const page = { title: asXml(item.name), opens: resourceId(item.id), items: [] };
  if (item.children.length === 0) return page;
  return { title: asXml(item.name), items: [page, ...item.children.map(expectedShape)] };
}

const describeShape = (shape: ItemShape | undefined) =>
  shape ? `${JSON.stringify(shape.title)}${shape.opens ? ` (page ${shape.opens})` : ' (folder)'}` : 'nothing';

/** The first places where two organization trees differ, as `at 1/2: expected …, found …`. */
function treeDifferences(expected: ItemShape[], found: ItemShape[], at: string): string[] {
  const differences: string[] = [];
  for (let i = 0; i < Math.max(expected.length, found.length); i += 1) {
    const want = expected[i];
    const got = found[i];
    const place = `${at}/${i + 1}`;
    if (want?.title !== got?.title || want?.opens !== got?.opens)
      differences.push(`item at ${place}: expected ${describeShape(want)}, found ${describeShape(got)}`);
    else differences.push(...treeDifferences(want?.items ?? [], got?.items ?? [], place));
  }
  return differences;
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * How `cartridge` differs from the tree under `rootId` as the portal stores it now, with the descendants
 * of `statuses` (the audience it was exported for: faculty see published items).
 * @returns one sentence per difference; empty when every item, file and alignment is there as it should be
 */
export async function cartridgeDifferences(
  db: Db,
  cartridge: ReadCartridge,
  rootId: string,
  statuses: ContentStatus[] = ['published'],
): Promise<string[]> {
  const tree = await loadBundleTree(db, rootId, statuses);
  if (!tree) return [`item ${rootId} does not exist`];
  const pages = await loadItemPages(db, tree);
  const differences = treeDifferences([expectedShape(tree.root)], cartridge.items.map(shapeOf), '');

  for (const item of tree.items) {
    const resource = cartridge.resources.get(resourceId(item.id));
    if (!resource) {
      differences.push(`${item.name}: no resource ${resourceId(item.id)}`);
      continue;
    }
    // The page, its files and their renderings: each stored file must be one of them, byte for byte.
    const unclaimed = resource.files.map((path) => sha256(cartridge.entries.get(path)!));
    for (const file of item.files) {
      if (!file.sha256) {
        differences.push(`${item.name}: ${file.filename} has no SHA-256 recorded in the portal`);
        continue;
      }
      const at = unclaimed.indexOf(file.sha256);
      if (at === -1)
        differences.push(`${item.name}: ${file.filename} (sha256 ${file.sha256}) is not in its resource`);
      else unclaimed.splice(at, 1);
    }
  }

  const expectedTaxa = new Set(
    tree.items.flatMap((item) =>
      (pages.get(item.id)?.alignment ?? []).map((s) =>
        JSON.stringify([alignmentLabel(s.type), asXml(s.code), asXml(s.name)]),
      ),
    ),
  );
  const foundTaxa = new Set(
    cartridge.classifications.flatMap((c) =>
      c.taxa.map((t) => JSON.stringify([c.description, t.id, t.entry])),
    ),
  );
  for (const taxon of expectedTaxa)
    if (!foundTaxa.has(taxon))
      differences.push(`alignment ${taxon} is not in the manifest's classifications`);
  for (const taxon of foundTaxa)
    if (!expectedTaxa.has(taxon))
      differences.push(`the manifest classifies by ${taxon}, which no item is aligned with`);
  return differences;
}
