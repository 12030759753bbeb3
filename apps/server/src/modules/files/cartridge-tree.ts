/**
 * What the Common Cartridge export (issue 26) shows of each item of a bundle tree besides what the zip
 * holds: its description, includes, sections and knowledge statements (TKS, KSA, KU, CyBOK or any
 * other knowledge type, with the topics a CyBOK alignment names), and its contributors (issue 38: so
 * that an imported cartridge is the course it was), loaded in four queries for the whole tree.
 */
import type { CybokTopic } from '@portal/shared/schemas/courseware';
import type { Db } from '../../db/client.js';
import type { BundleTree } from './bundle-tree.js';
import * as repo from './bundles.repository.js';

/** Bumped when the cartridge's layout, manifest or pages change, so older cartridges are not served again. */
export const CARTRIDGE_FORMAT_VERSION = 4;

/** One knowledge statement an item is aligned with. */
export interface AlignmentStatement {
  /** Knowledge item id, e.g. `tks-T0084`. */
  id: string;
  /** The framework's own code, e.g. `T0084`. */
  code: string;
  /** The statement. */
  name: string;
  /** Knowledge type: TKS, KSA, KU, CYBOK, … (handled generically). */
  type: string;
  /** A CyBOK alignment's topics with their keywords, as its item names them (none for other types). */
  topics?: CybokTopic[];
}

/** A contributor of an item (000 §3 Contributor) without what an export never carries (e-mail, portrait). */
export type PageContributor = repo.ItemContributorRow;

/** The page of one item: sanitised description HTML, includes, sections, alignment and keywords. */
export interface ItemPage {
  description: string;
  includes: string[];
  sections: { name: string; description: string }[];
  alignment: AlignmentStatement[];
  /** Written in the item's metadata (not on the page), for the importer to read back (issue 38). */
  keywords: string[];
  /** In the item's metadata as vCards, in their order on the item (issue 38). */
  contributors: PageContributor[];
}

/** The page of an item with nothing to show but its name. */
export const emptyItemPage = (): ItemPage => ({
  description: '',
  includes: [],
  sections: [],
  alignment: [],
  keywords: [],
  contributors: [],
});

/** The pages of every item of `tree`, by item id (an item without a row gets an empty page). */
export async function loadItemPages(db: Db, tree: BundleTree): Promise<Map<string, ItemPage>> {
  const ids = tree.items.map((i) => i.id);
  const [pageRows, sections, knowledge, contributors] = await Promise.all([
    repo.findItemPages(db, ids),
    repo.findItemSections(db, ids),
    repo.findItemKnowledgeStatements(db, ids),
    repo.findItemContributors(db, ids),
  ]);
  const pages = new Map<string, ItemPage>(ids.map((id) => [id, emptyItemPage()]));
  for (const row of pageRows) {
    const page = pages.get(row.id)!;
    page.description = row.description;
    page.includes = row.includes;
    page.keywords = row.keywords;
  }
  for (const s of sections)
    pages.get(s.contentId)?.sections.push({ name: s.name, description: s.description });
  for (const k of knowledge) {
    const statement: AlignmentStatement = { id: k.id, code: k.code, name: k.name, type: k.type };
    // Only a CyBOK alignment names topics, and only when it names some (as the item's page shows them).
    if (k.type === 'CYBOK' && k.topics?.length) statement.topics = k.topics;
    pages.get(k.contentId)?.alignment.push(statement);
  }
  for (const [id, people] of contributors) {
    const page = pages.get(id);
    if (page) page.contributors = people;
  }
  return pages;
}

/** What the pages add to the tree's fingerprint (fingerprintOf's `extra`), in the tree's order. */
export function pagesFingerprintPart(tree: BundleTree, pages: ReadonlyMap<string, ItemPage>): unknown {
  return { version: CARTRIDGE_FORMAT_VERSION, pages: tree.items.map((i) => pages.get(i.id)) };
}
