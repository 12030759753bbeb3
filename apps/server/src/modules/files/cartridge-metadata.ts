/**
 * The LOM metadata of a Common Cartridge (issues 26, 38) beside the manifest's own: each item's LOM in
 * the `metadata` of its page item in the organization (its description as text, keywords, contributors
 * and its source's author as vCards, licence, source, and its categories, tags, levels, alignments and
 * CyBOK topics as classifications; `lib/cartridge-portal-fields.ts` says how), and
 * each file's LOM (a stored file's display name and media type; the mark of a file the export
 * generates). The importer (`modules/imports/cartridge-source.ts`) reads them back, so that a course
 * exported and imported again is the course it was. The words are those of `lib/cartridge-vocabulary.ts`
 * (which says why the item's LOM is not in its resource); every element is valid against IMS's CC 1.1
 * schemas (LOM of the manifest profile, which CP `metadata` of items and files may hold).
 */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import {
  ALIGNMENT_PURPOSE,
  alignmentLabel,
  CARTRIDGE_NAMESPACES,
  GENERATED_FILE_CATALOG,
  GENERATED_FILE_KINDS,
  PORTAL_CLASSIFICATIONS,
  type PortalClassification,
} from '../../lib/cartridge-vocabulary.js';
import {
  CONTRIBUTOR_ROLE,
  CYBOK_TOPICS,
  SOURCE_AUTHOR_ROLE,
  vcardOf,
} from '../../lib/cartridge-portal-fields.js';
import { htmlToText } from '../../lib/html.js';
import type { BundleFile, BundleItem } from './bundle-tree.js';
import { groupAlignment } from './cartridge-pages.js';
import type { ItemPage, PageContributor } from './cartridge-tree.js';

/** The content package namespace of CC 1.1 (manifest, items, resources, files). */
export const CC_NAMESPACE = CARTRIDGE_NAMESPACES['1.1'].cp;
/** LOM of the CC 1.1 manifest profile: the manifest's, each item's and each file's metadata. */
export const LOM_MANIFEST_NAMESPACE = CARTRIDGE_NAMESPACES['1.1'].lomManifest;
/** The language of the pages and metadata. */
export const LANGUAGE = 'en';

/**
 * Text for xmlbuilder2's `txt`: its serializer leaves whatever looks like an entity reference (`&amp;`,
 * `&#65;`, `&T;`) as it is, so a name "&amp;" would be read back as "&" and "R&D;" would not be XML.
 * Every `&` goes in as `&amp;`, which the serializer then keeps.
 */
export const xmlText = (text: string) => text.replaceAll('&', '&amp;');

/** A LOM element of the manifest profile under `parent`. */
export const lomElement = (parent: XMLBuilder, name: string): XMLBuilder =>
  parent.ele(LOM_MANIFEST_NAMESPACE, `lomimscc:${name}`);

/** A LOM LangString: `<string language="en">text</string>` under `parent`. */
export function langString(parent: XMLBuilder, name: string, text: string): void {
  lomElement(lomElement(parent, name), 'string').att('language', LANGUAGE).txt(xmlText(text));
}

/** A LOM vocabulary element: `<name><value>value</value></name>`. */
const vocabulary = (parent: XMLBuilder, name: string, value: string) =>
  void lomElement(lomElement(parent, name), 'value').txt(value);

/** A LOM identifier: `<identifier><catalog/><entry/></identifier>` under `parent`. */
export function lomIdentifier(parent: XMLBuilder, catalog: string, entry: string): void {
  const identifier = lomElement(parent, 'identifier');
  lomElement(identifier, 'catalog').txt(xmlText(catalog));
  lomElement(identifier, 'entry').txt(xmlText(entry));
}

/** The licence in words, as an item's `rights/description` says it: "CC BY-SA 4.0 (https://…)". */
export function licenceText(name: string, url: string | null): string {
  return url ? `${name} (${url})` : name;
}

/**
 * A classification: its purpose, description, one taxon per id (with its entry, if any) and its
 * keywords.
 */
function classification(
  lom: XMLBuilder,
  purpose: string,
  description: string,
  taxa: readonly { id: string; entry?: string }[],
  keywords: readonly string[] = [],
): void {
  const node = lomElement(lom, 'classification');
  vocabulary(node, 'purpose', purpose);
  langString(node, 'description', description);
  for (const taxon of taxa) {
    const element = lomElement(lomElement(node, 'taxonPath'), 'taxon');
    lomElement(element, 'id').txt(xmlText(taxon.id));
    if (taxon.entry !== undefined) langString(element, 'entry', taxon.entry);
  }
  for (const keyword of keywords) langString(node, 'keyword', keyword);
}

/** A contributor's vCard: FN their name as the portal shows it, N its parts, ORG their school. */
const contributorVcard = (c: PageContributor) =>
  vcardOf({
    fullName: [c.firstName, c.middleName, c.lastName].filter(Boolean).join(' '),
    familyName: c.lastName,
    givenName: c.firstName,
    additionalNames: c.middleName ?? undefined,
    prefix: c.prefix ?? undefined,
    suffix: c.suffix ?? undefined,
    organization: c.school ?? undefined,
    title: c.title ?? undefined,
  });

/** A LOM `contribute` of `role` naming `vcards`, under `lifeCycle`. */
function contribute(lifeCycle: XMLBuilder, role: string, vcards: readonly string[]): void {
  const node = lomElement(lifeCycle, 'contribute');
  vocabulary(node, 'role', role);
  for (const vcard of vcards) lomElement(node, 'entity').txt(xmlText(vcard));
}

/**
 * The LOM `lifeCycle` of an item or course: each contributor an `author` (in their order), and the
 * credit of its source as its `content provider` (the author line as the source words it, which need
 * not be a person), each a vCard; nothing when there is neither.
 */
export function addLifeCycle(
  lom: XMLBuilder,
  contributors: readonly PageContributor[],
  sourceAuthors: readonly string[],
): void {
  if (contributors.length === 0 && sourceAuthors.length === 0) return;
  const lifeCycle = lomElement(lom, 'lifeCycle');
  if (contributors.length > 0) contribute(lifeCycle, CONTRIBUTOR_ROLE, contributors.map(contributorVcard));
  if (sourceAuthors.length > 0)
    contribute(
      lifeCycle,
      SOURCE_AUTHOR_ROLE,
      sourceAuthors.map((fullName) => vcardOf({ fullName })),
    );
}

/**
 * The `metadata` of an item's page item: LOM general (description as text, keywords), lifeCycle
 * (its contributors and its source's author: addLifeCycle), rights (the licence, or `no` restrictions
 * stated when it has none, so that an item without a licence does not take its parent's on import),
 * relation (`isbasedon` its source's address and name), and classifications (categories, tags,
 * education and experience levels, then one per knowledge type with the knowledge items' ids and
 * statements, then one per CyBOK topic).
 */
export function addItemMetadata(into: XMLBuilder, item: BundleItem, page: ItemPage): void {
  const lom = lomElement(into.ele(CC_NAMESPACE, 'metadata'), 'lom');
  // No LOM title: the item's own `title` names it, and Canvas's importer reads every `title` below an
  // item without a resource as a module heading (lib/cc/importer/standard/org_converter.rb).
  const general = lomElement(lom, 'general');
  const description = htmlToText(page.description);
  if (description) langString(general, 'description', description);
  for (const keyword of page.keywords) langString(general, 'keyword', keyword);

  const source = item.source;
  addLifeCycle(lom, page.contributors, source?.author ? [source.author] : []);
  const rights = lomElement(lom, 'rights');
  vocabulary(rights, 'copyrightAndOtherRestrictions', source?.license ? 'yes' : 'no');
  if (source?.license) langString(rights, 'description', licenceText(source.license, source.licenseUrl));
  if (source?.url) {
    const relation = lomElement(lom, 'relation');
    vocabulary(relation, 'kind', 'isbasedon');
    const resource = lomElement(relation, 'resource');
    lomIdentifier(resource, 'URI', source.url);
    if (source.name) langString(resource, 'description', source.name);
  }

  const values: Record<PortalClassification, readonly string[]> = {
    categories: item.categories,
    tags: item.tags,
    educationLevels: item.educationLevels,
    experienceLevels: item.experienceLevels,
  };
  for (const [key, ids] of Object.entries(values) as [PortalClassification, readonly string[]][]) {
    const { purpose, description: label } = PORTAL_CLASSIFICATIONS[key];
    if (ids.length > 0)
      classification(
        lom,
        purpose,
        label,
        ids.map((id) => ({ id })),
      );
  }
  const alignment = groupAlignment(page.alignment);
  for (const [type, statements] of alignment)
    classification(
      lom,
      ALIGNMENT_PURPOSE,
      alignmentLabel(type),
      statements.map((s) => ({ id: s.id, entry: s.name })),
    );
  for (const statement of [...alignment.values()].flat())
    for (const topic of statement.topics ?? [])
      classification(
        lom,
        CYBOK_TOPICS.purpose,
        CYBOK_TOPICS.description,
        [{ id: statement.id, entry: topic.topic }],
        topic.keywords,
      );
}

/** What one `<file>` of a resource is: a stored file of the item, or a file the export generated. */
export type CartridgeFileRole =
  { kind: 'stored'; file: BundleFile } | { kind: 'page' } | { kind: 'rendering'; of: BundleFile };

/**
 * The `metadata` of a resource's `<file>`: a stored file's display name (LOM title) and media type
 * (technical/format); a generated file's mark (identifier of GENERATED_FILE_CATALOG) and, in words,
 * what it is, so that the importer leaves it out and imports the original.
 */
export function addFileMetadata(into: XMLBuilder, role: CartridgeFileRole): void {
  const lom = lomElement(into.ele(CC_NAMESPACE, 'metadata'), 'lom');
  const general = lomElement(lom, 'general');
  if (role.kind === 'stored') {
    langString(general, 'title', role.file.name);
    if (role.file.type) lomElement(lomElement(lom, 'technical'), 'format').txt(xmlText(role.file.type));
    return;
  }
  lomIdentifier(
    general,
    GENERATED_FILE_CATALOG,
    role.kind === 'page' ? GENERATED_FILE_KINDS.page : GENERATED_FILE_KINDS.rendering,
  );
  langString(
    general,
    'description',
    role.kind === 'page'
      ? 'The page the courseware portal made of this item; not one of its files.'
      : `A web page the courseware portal made of ${role.of.name}; not one of the item's files.`,
  );
}
