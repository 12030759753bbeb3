/**
 * The manifest of a Common Cartridge as the importer reads it (issue 38 "Import a Common Cartridge"):
 * read from the staging folder within IMPORT_MANIFEST_MAX_BYTES, refused unless it is UTF-8 XML
 * without a DOCTYPE (no DTD, no entity declared, so no external entity and no billion laughs), parsed by
 * libxml2 (libxml2-wasm) with network access and external entities off, its CC version told by its
 * namespace, and validated against IMS's own XSDs (`cartridge-schemas.ts`). The result is a plain tree
 * of elements that the reader walks without holding libxml2's memory.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { ParseOption, XmlCData, XmlDocument, XmlElement, XmlParseError, XmlText } from 'libxml2-wasm';
import { IMPORT_MANIFEST_MAX_BYTES } from '@portal/shared/schemas/imports-limits';
import {
  CARTRIDGE_NAMESPACES,
  CARTRIDGE_VERSIONS,
  type CartridgeVersion,
} from '../../lib/cartridge-vocabulary.js';
import { PackageRefused, type StagedPackage } from './package.js';

/** The manifest's path in a cartridge. */
export const MANIFEST_PATH = 'imsmanifest.xml';
/** Parsing without network, without loading external DTDs or entities, as UTF-8 whatever it declares. */
export const SAFE_PARSE =
  ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE | ParseOption.XML_PARSE_IGNORE_ENC;
const BYTES_PER_MEGABYTE = 1024 * 1024;
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
/** Namespaces of what is not a CC 1.1–1.3 manifest, with what to tell the curator. */
const OTHER_MANIFESTS: Record<string, string> = {
  'http://www.imsglobal.org/xsd/imscc/imscp_v1p1':
    'This is a Common Cartridge 1.0, which the portal does not read: export the course again as Common Cartridge 1.1 or later.',
  'http://www.imsglobal.org/xsd/imscp_v1p1':
    'This is an IMS content package, not a Common Cartridge: export the course as a Common Cartridge (.imscc).',
};

/** One element of the manifest: namespace, local name, attributes, child elements and its own text. */
export interface XmlNode {
  ns: string;
  name: string;
  /** Attributes by local name; those of the XML namespace as `xml:base`, others as `{namespace}name`. */
  attrs: Record<string, string>;
  children: XmlNode[];
  /** Its text and CDATA children joined (not its descendants'). */
  text: string;
  line: number;
}

/** A parsed manifest: its CC version (undefined when it is none of 1.1–1.3), its text and its tree. */
export interface ParsedManifest {
  version: CartridgeVersion | undefined;
  /** Why it is not a CC 1.1–1.3 manifest, in the curator's words (with `version` undefined). */
  notCartridge?: string;
  /** The manifest decoded (UTF-8, without a byte order mark). */
  text: string;
  root: XmlNode;
}

/** The child elements of `node` of one namespace and local name. */
export const childrenOf = (node: XmlNode | undefined, ns: string, name: string): XmlNode[] =>
  node ? node.children.filter((c) => c.ns === ns && c.name === name) : [];
/** The first child element of `node` of one namespace and local name. */
export const childOf = (node: XmlNode | undefined, ns: string, name: string): XmlNode | undefined =>
  node?.children.find((c) => c.ns === ns && c.name === name);

/**
 * Opens a file of the staged package for reading, refusing a path that is absolute or climbs, and a
 * file that is a link or lies (through a linked folder) outside the staging folder: staging already
 * checked the paths, the reader does not rely on it.
 * @throws PackageRefused when the path leaves the package
 */
export async function openStaged(staged: StagedPackage, packagePath: string): Promise<fs.FileHandle> {
  const segments = packagePath.split('/');
  if (path.isAbsolute(packagePath) || packagePath.includes('\\') || segments.some((s) => s === '..' || !s))
    throw new PackageRefused(
      `The package names "${packagePath}", a path outside the package: it is refused.`,
    );
  const root = await fs.realpath(staged.root);
  const file = path.join(root, ...segments);
  const folder = await fs.realpath(path.dirname(file));
  if (folder !== root && !folder.startsWith(`${root}${path.sep}`))
    throw new PackageRefused(`"${packagePath}" lies outside the package: it is refused.`);
  try {
    return await fs.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP')
      throw new PackageRefused(`"${packagePath}" is a link, which a package may not hold: it is refused.`);
    throw error;
  }
}

/**
 * Reads at most `maxBytes` of a staged file; undefined when it is longer.
 * @throws PackageRefused as openStaged
 */
export async function readStaged(
  staged: StagedPackage,
  packagePath: string,
  maxBytes: number,
): Promise<Buffer | undefined> {
  const handle = await openStaged(staged, packagePath);
  try {
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return length > maxBytes ? undefined : buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

/**
 * The bytes of the package's imsmanifest.xml.
 * @throws PackageRefused when there is none, or it is larger than IMPORT_MANIFEST_MAX_BYTES
 */
export async function readManifestBytes(staged: StagedPackage): Promise<Buffer> {
  const tooLarge = () =>
    new PackageRefused(
      `imsmanifest.xml is larger than ${IMPORT_MANIFEST_MAX_BYTES / BYTES_PER_MEGABYTE} MB, the most a ` +
        'manifest may be: split the course into smaller cartridges.',
    );
  const entry = staged.files.find((f) => f.path === MANIFEST_PATH);
  if (!entry)
    throw new PackageRefused(
      'The package has no imsmanifest.xml at its root, so it is not a Common Cartridge: export the course again as a Common Cartridge (.imscc).',
    );
  if (entry.size > IMPORT_MANIFEST_MAX_BYTES) throw tooLarge();
  const bytes = await readStaged(staged, MANIFEST_PATH, IMPORT_MANIFEST_MAX_BYTES);
  if (!bytes) throw tooLarge();
  return bytes;
}

/** Whether the document's prolog (before its first element) holds a DOCTYPE. */
function hasDoctype(text: string): boolean {
  let at = 0;
  for (;;) {
    while (at < text.length && ' \t\r\n'.includes(text[at]!)) at += 1;
    // The prolog holds only the declaration, processing instructions, comments and the DOCTYPE.
    const [open, close] = text.startsWith('<?', at)
      ? ['<?', '?>']
      : text.startsWith('<!--', at)
        ? ['<!--', '-->']
        : [];
    if (!open || !close) return text.startsWith('<!DOCTYPE', at);
    const end = text.indexOf(close, at + open.length);
    // Unterminated: not XML, which the parser says.
    if (end === -1) return false;
    at = end + close.length;
  }
}

/**
 * Decodes the manifest as UTF-8 and refuses what the importer never parses.
 * @throws PackageRefused when it is not UTF-8 or holds a DOCTYPE (a DTD, entity declarations)
 */
export function decodeManifest(bytes: Buffer): string {
  const hasBom = UTF8_BOM.every((b, i) => bytes[i] === b);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(hasBom ? bytes.subarray(UTF8_BOM.length) : bytes);
  } catch {
    throw new PackageRefused(
      'imsmanifest.xml is not UTF-8 text (it may be UTF-16 or another encoding): Common Cartridge manifests are read as UTF-8. Save it as UTF-8 or export the course again.',
    );
  }
  if (hasDoctype(text))
    throw new PackageRefused(
      'imsmanifest.xml holds a DOCTYPE (a DTD or entity declarations), which a Common Cartridge manifest never needs and the portal never reads, as such declarations can read files of the server or expand without end. Export the course again from its LMS.',
    );
  return text;
}

/** A libxml2 element as a plain tree (libxml2 already bounds the depth to 256). */
function toNode(element: XmlElement): XmlNode {
  const attrs: Record<string, string> = {};
  for (const attr of element.attrs) {
    const key = !attr.namespaceUri
      ? attr.name
      : attr.namespaceUri === XML_NAMESPACE
        ? `xml:${attr.name}`
        : `{${attr.namespaceUri}}${attr.name}`;
    attrs[key] = attr.value;
  }
  const node: XmlNode = {
    ns: element.namespaceUri,
    name: element.name,
    attrs,
    children: [],
    text: '',
    line: element.line,
  };
  for (let child = element.firstChild; child; child = child.next) {
    if (child instanceof XmlElement) node.children.push(toNode(child));
    else if (child instanceof XmlText || child instanceof XmlCData) node.text += child.content;
  }
  return node;
}

/**
 * Parses XML text with SAFE_PARSE and hands the document to `use`, freeing it after.
 * @throws PackageRefused when it is not well-formed XML or declares a DTD
 */
export function withDocument<T>(text: string, url: string, use: (doc: XmlDocument) => T): T {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(Buffer.from(text, 'utf8'), { url, encoding: 'utf-8', option: SAFE_PARSE });
  } catch (error) {
    if (!(error instanceof XmlParseError)) throw error;
    const first = error.details[0];
    const where = first?.line ? `line ${first.line}: ` : '';
    throw new PackageRefused(
      `${url} is not well-formed XML (${where}${(first?.message ?? error.message).trim()}): export the course again, or correct the manifest.`,
    );
  }
  try {
    if (doc.dtd)
      throw new PackageRefused(
        `${url} holds a DTD, which a Common Cartridge manifest never needs and the portal never reads.`,
      );
    return use(doc);
  } finally {
    doc.dispose();
  }
}

/**
 * Reads, checks and parses the package's manifest, and tells its CC version by the namespace of its
 * root `manifest` element (its `schemaversion` is checked by the schema).
 * @throws PackageRefused (readManifestBytes, decodeManifest, withDocument)
 */
export async function parseManifest(staged: StagedPackage): Promise<ParsedManifest> {
  const text = decodeManifest(await readManifestBytes(staged));
  const root = withDocument(text, MANIFEST_PATH, (doc) => toNode(doc.root));
  const version = CARTRIDGE_VERSIONS.find((v) => CARTRIDGE_NAMESPACES[v].cp === root.ns);
  if (root.name !== 'manifest' || !version) {
    const notCartridge =
      (root.name === 'manifest' && OTHER_MANIFESTS[root.ns]) ||
      `imsmanifest.xml is not a Common Cartridge manifest (its root is "${root.name}" of namespace "${root.ns || 'none'}"): export the course as a Common Cartridge 1.1, 1.2 or 1.3.`;
    return { version: undefined, notCartridge, text, root };
  }
  return { version, text, root };
}
