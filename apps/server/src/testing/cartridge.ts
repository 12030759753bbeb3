/**
 * Reads a Common Cartridge back for tests (issue 26 "Validated in tests", issue 33 "Schemas in CI"):
 * unzips it, validates imsmanifest.xml (with its LOM metadata, which the root schema imports) with
 * xmllint (libxml2-utils) against IMS's CC 1.1 schemas, and checks what the schemas leave to prose: each
 * resource's href is one of its files, no file path twice, every listed file in the package and every
 * packaged file listed, paths ASCII `[a-z0-9._-]`, identifiers valid as xs:ID and unique, every
 * identifierref naming a resource. Returns the parsed organization, resources, alignments and entries,
 * so that tests can find every item, file and alignment.
 *
 * The schemas are required: without them, or without xmllint, validation fails (a well-formedness
 * check would let CI pass while saying nothing about the schemas).
 */
import { execFile } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { readZip } from './zip.js';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/**
 * IMS's CC 1.1 schemas, unmodified, with the catalog that maps the root's imports (absolute URLs) to the
 * copies beside it: IMSCC_SCHEMA_DIR, else `imscc/v1p1` of the shared data folder (SHARED_DATA_DIR, by
 * default `../shared/data` from the repository root, as for the demo data).
 */
export const CC_SCHEMA_DIR = path.resolve(
  REPO_ROOT,
  process.env['IMSCC_SCHEMA_DIR'] ??
    path.join(process.env['SHARED_DATA_DIR'] ?? path.join('..', 'shared', 'data'), 'imscc', 'v1p1'),
);
/** The root: the CC 1.1 profile of IMS CP 1.2, which imports the other files of the folder. */
export const CC_SCHEMA = path.join(CC_SCHEMA_DIR, 'ccv1p1_imscp_v1p2_v1p0.xsd');
/** The OASIS catalog of the folder, for XML_CATALOG_FILES (xmllint --nonet loads nothing else). */
export const CC_CATALOG = path.join(CC_SCHEMA_DIR, 'catalog.xml');
const CC_SCHEMA_FILES = [
  CC_SCHEMA,
  CC_CATALOG,
  ...[
    'ccv1p1_imsccauth_v1p1.xsd',
    'ccv1p1_lommanifest_v1p0.xsd',
    'ccv1p1_lomresource_v1p0.xsd',
    'xml.xsd',
  ].map((name) => path.join(CC_SCHEMA_DIR, name)),
];
const INSTALL_XMLLINT =
  'install libxml2-utils (Debian/Ubuntu: apt-get install libxml2-utils), as .ci/run does';

/**
 * Why the schemas cannot be used on this machine, or undefined when every file is there: the missing
 * files and where they must be.
 */
export function missingCcSchemas(): string | undefined {
  const missing = CC_SCHEMA_FILES.filter((file) => !fsSync.existsSync(file));
  if (missing.length === 0) return undefined;
  return (
    `the IMS CC 1.1 schemas are missing (${missing.map((f) => path.basename(f)).join(', ')} not in ` +
    `${CC_SCHEMA_DIR}): put IMS's files and catalog.xml in ../shared/data/imscc/v1p1 beside the ` +
    `repository (see ../shared/data/MANIFEST.md), or name their folder by IMSCC_SCHEMA_DIR`
  );
}

/** Moodle reads the version from the manifest's first bytes. */
export const NAMESPACE_WITHIN_BYTES = 500;
const CC_NAMESPACE_ATTRIBUTE = 'xmlns="http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1"';
/** xs:ID is an NCName: a letter or `_` first, then letters, digits, `.`, `-`, `_` (ASCII here). */
const XS_ID = /^[A-Za-z_][A-Za-z0-9._-]*$/;
/** A package path: ASCII segments `[a-z0-9._-]` joined by `/`. */
const ASCII_PATH = /^[a-z0-9._-]+(\/[a-z0-9._-]+)*$/;

export interface CartridgeItem {
  identifier: string;
  identifierref?: string;
  title: string;
  items: CartridgeItem[];
}

export interface ReadCartridge {
  manifestXml: string;
  /** Entry bytes by path. */
  entries: Map<string, Buffer>;
  /** The organization's top items (under its untitled root item). */
  items: CartridgeItem[];
  resources: Map<string, { href: string; type: string; files: string[] }>;
  /** Manifest-level classifications: description and taxon ids with their statements. */
  classifications: { description: string; taxa: { id: string; entry: string }[] }[];
  /** Everything else of the manifest, parsed (namespace prefixes removed). */
  manifest: Record<string, unknown>;
}

const ARRAYS = new Set(['item', 'resource', 'file', 'classification', 'taxonPath', 'string', 'keyword']);
type Node = Record<string, unknown>;
const asArray = (value: unknown): Node[] => (Array.isArray(value) ? value : value ? [value] : []) as Node[];
const text = (value: unknown): string =>
  typeof value === 'object' && value !== null ? String((value as Node)['#text'] ?? '') : String(value ?? '');
const firstString = (langString: unknown): string =>
  text(asArray((langString as Node | undefined)?.string)[0]);

/**
 * `xmllint --nonet --noout --schema` over a manifest against IMS's CC 1.1 root schema, its imports
 * resolved through the folder's catalog.
 * @throws Error with xmllint's words when the document is not valid, or saying what to install or where
 *   the schemas must be when xmllint or the schemas are missing
 */
export async function validateManifest(manifestXml: string): Promise<void> {
  const missing = missingCcSchemas();
  if (missing) throw new Error(`cannot validate imsmanifest.xml: ${missing}`);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cartridge-'));
  const file = path.join(dir, 'imsmanifest.xml');
  try {
    await fs.writeFile(file, manifestXml);
    await run('xmllint', ['--noout', '--nonet', '--schema', CC_SCHEMA, file], {
      // A list separated by spaces: a file URL keeps a folder with spaces in one entry.
      env: { ...process.env, XML_CATALOG_FILES: pathToFileURL(CC_CATALOG).href },
    });
  } catch (error) {
    const { code, stderr, message } = error as { code?: unknown; stderr?: string; message: string };
    if (code === 'ENOENT')
      throw new Error(`cannot validate imsmanifest.xml: xmllint is missing: ${INSTALL_XMLLINT}`);
    throw new Error(`imsmanifest.xml is not valid IMS CC 1.1: ${stderr || message}`);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Unzips, validates and checks a cartridge (see the file comment).
 * @throws Error naming the first broken rule
 */
export async function readCartridge(bytes: Buffer): Promise<ReadCartridge> {
  const zipEntries = await readZip(bytes);
  const entries = new Map(zipEntries.map((e) => [e.name, e.data]));
  if (entries.size !== zipEntries.length) throw new Error('an entry name is in the package twice');
  // Unzipped, a path that is a file and also the folder of another entry cannot both be written.
  for (const name of entries.keys()) {
    for (let slash = name.indexOf('/'); slash !== -1; slash = name.indexOf('/', slash + 1))
      if (entries.has(name.slice(0, slash)))
        throw new Error(`${name.slice(0, slash)} is a file and the folder of ${name}`);
  }
  const manifestBytes = entries.get('imsmanifest.xml');
  if (!manifestBytes) throw new Error('no imsmanifest.xml at the package root');
  const manifestXml = manifestBytes.toString('utf8');
  if (!manifestBytes.subarray(0, NAMESPACE_WITHIN_BYTES).toString('utf8').includes(CC_NAMESPACE_ATTRIBUTE))
    throw new Error(
      `the CC 1.1 namespace is not within the manifest's first ${NAMESPACE_WITHIN_BYTES} bytes`,
    );
  await validateManifest(manifestXml);

  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    // Titles and statements exactly as written: "0x10" or " 007" stay text.
    parseTagValue: false,
    trimValues: false,
    isArray: (name) => ARRAYS.has(name),
  }).parse(manifestXml) as { manifest: Node };
  const manifest = parsed.manifest;
  const identifiers = new Set<string>();
  const claimId = (id: unknown) => {
    const value = String(id ?? '');
    if (!XS_ID.test(value)) throw new Error(`identifier ${JSON.stringify(value)} is not a valid xs:ID`);
    if (identifiers.has(value)) throw new Error(`identifier ${value} is used twice`);
    identifiers.add(value);
  };
  claimId(manifest['@identifier']);

  const resources = new Map<string, { href: string; type: string; files: string[] }>();
  const allPaths = new Set<string>();
  for (const resource of asArray((manifest.resources as Node | undefined)?.resource)) {
    claimId(resource['@identifier']);
    const files = asArray(resource.file).map((f) => String(f['@href']));
    const href = String(resource['@href'] ?? '');
    if (href && !files.includes(href))
      throw new Error(`resource ${String(resource['@identifier'])}: href ${href} is not one of its files`);
    for (const file of files) {
      if (!ASCII_PATH.test(file))
        throw new Error(`file path ${JSON.stringify(file)} is not ASCII [a-z0-9._-]`);
      if (allPaths.has(file)) throw new Error(`file path ${file} is listed twice`);
      if (!entries.has(file)) throw new Error(`file ${file} is listed but not in the package`);
      allPaths.add(file);
    }
    resources.set(String(resource['@identifier']), { href, type: String(resource['@type']), files });
  }
  for (const name of entries.keys()) {
    if (name !== 'imsmanifest.xml' && !allPaths.has(name))
      throw new Error(`${name} is in the package but in no resource`);
  }

  const readItem = (node: Node): CartridgeItem => {
    claimId(node['@identifier']);
    const ref = node['@identifierref'] as string | undefined;
    if (ref !== undefined && !resources.has(ref)) throw new Error(`item refers to unknown resource ${ref}`);
    return {
      identifier: String(node['@identifier']),
      ...(ref ? { identifierref: ref } : {}),
      title: text(node.title),
      items: asArray(node.item).map(readItem),
    };
  };
  const organization = (manifest.organizations as Node | undefined)?.organization as Node | undefined;
  if (!organization) throw new Error('no organization');
  claimId(organization['@identifier']);
  const top = asArray(organization.item)[0];
  if (!top) throw new Error('the organization has no root item');
  claimId(top['@identifier']);
  const items = asArray(top.item).map(readItem);

  const lom = (manifest.metadata as Node).lom as Node;
  const classifications = asArray(lom.classification).map((c) => ({
    description: firstString(c.description),
    taxa: asArray(c.taxonPath).map((p) => {
      const taxon = p.taxon as Node;
      return { id: text(taxon.id), entry: firstString(taxon.entry) };
    }),
  }));
  return { manifestXml, entries, items, resources, classifications, manifest };
}

/** Every item of an organization tree, depth first. */
export function flattenItems(items: readonly CartridgeItem[]): CartridgeItem[] {
  return items.flatMap((item) => [item, ...flattenItems(item.items)]);
}
