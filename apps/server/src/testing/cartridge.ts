/**
 * Reads a Common Cartridge back for tests (issue 26 "Validated in tests"): unzips it, validates
 * imsmanifest.xml with xmllint (libxml2-utils) against the IMS CC 1.1 schemas where they are on the machine
 * (IMSCC_SCHEMA_DIR, else `imscc/v1p1` of the shared data folder; the project does not carry IMS's files),
 * else as well-formed XML, and checks
 * what the schemas leave to prose: each resource's href is one of its files, no file path twice, every
 * listed file in the package and every packaged file listed, paths ASCII `[a-z0-9._-]`, identifiers
 * valid as xs:ID and unique, every identifierref naming a resource. Returns the parsed organization,
 * resources, alignments and entries, so that tests can find every item, file and alignment.
 */
import { execFile } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { readZip } from './zip.js';

const run = promisify(execFile);
/**
 * The IMS CC 1.1 manifest schema (`ccv1p1_imscp_v1p2_v1p0.xsd` and the schemas it imports, unmodified
 * from IMS): IMSCC_SCHEMA_DIR, else `imscc/v1p1` beside the demo data (SHARED_DATA_DIR).
 */
export const CC_SCHEMA = path.join(
  process.env['IMSCC_SCHEMA_DIR'] ??
    path.join(
      process.env['SHARED_DATA_DIR'] ?? fileURLToPath(new URL('../../../../../shared/data', import.meta.url)),
      'imscc',
      'v1p1',
    ),
  'ccv1p1_imscp_v1p2_v1p0.xsd',
);

/** Whether the schemas are on this machine (else manifests are checked as well-formed XML only). */
export const HAS_CC_SCHEMA = fsSync.existsSync(CC_SCHEMA);
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
 * `xmllint --noout --schema` over the manifest (without the schemas: well-formedness only); throws with
 * xmllint's words when it is not valid.
 */
export async function validateManifest(manifestXml: string): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cartridge-'));
  const file = path.join(dir, 'imsmanifest.xml');
  try {
    await fs.writeFile(file, manifestXml);
    await run('xmllint', ['--noout', '--nonet', ...(HAS_CC_SCHEMA ? ['--schema', CC_SCHEMA] : []), file]);
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
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
