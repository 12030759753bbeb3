/**
 * Validation of a cartridge's imsmanifest.xml against IMS's own XSDs (issue 38), offline. Each schema
 * folder under `schemaDir` (the server passes SHARED_DATA_DIR/imscc; see the folders' NOTICE) holds IMS's
 * unmodified files, whose root imports the others by absolute URL, and an OASIS catalog.xml mapping each
 * URL to the copy beside it. libxml2-wasm is built without catalog support, so the catalog is read here
 * and the copies are served to libxml2 from memory by one input provider that answers those URLs only:
 * nothing is fetched, no other file is opened, and the manifest's own `xsi:schemaLocation` is not
 * followed (a compiled schema validates).
 *
 * Versions: CC 1.1 → `v1p1`, CC 1.3 → `v1p3`. There is no CC 1.2 set: its namespaces differ from 1.3's
 * only by their version (imsccv1p2, imsccauth_v1p2, the resource types' xmlv1p2), and IMS made 1.3
 * backward compatible with 1.2 (1.3 adds thin cartridges, EPUB, APIP, IWB and assignment resources, the
 * `assignment` intended use, and names LTI links imsbasiclti_xmlv1p3). So a 1.2 manifest is validated
 * against the 1.3 set after those names are mapped to 1.3's. In a 1.2 or 1.3 manifest, the resource
 * types of the earlier versions are mapped to 1.3's too: Canvas writes 1.1's (imsdt_xmlv1p1,
 * associatedcontent/imscc_xmlv1p1/…) in its 1.3 exports (canvas-lms lib/cc/cc_helper.rb), which IMS's
 * 1.3 schema would refuse. Every mapped name has the length of the original, so the line numbers of the
 * schema's messages are those of the manifest as uploaded.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  XmlBufferInputProvider,
  XmlDocument,
  XmlElement,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
  type ErrorDetail,
} from 'libxml2-wasm';
import { IMPORT_SCHEMA_MESSAGES_MAX } from '@portal/shared/schemas/imports-limits';
import type { CartridgeVersion } from '../../lib/cartridge-vocabulary.js';
import { MANIFEST_PATH, SAFE_PARSE, withDocument, type ParsedManifest } from './cartridge-xml.js';

/** The schema folder and root schema each version is validated with. */
const SCHEMA_SETS: Record<CartridgeVersion, { folder: string; root: string }> = {
  '1.1': { folder: 'v1p1', root: 'ccv1p1_imscp_v1p2_v1p0.xsd' },
  '1.2': { folder: 'v1p3', root: 'ccv1p3_imscp_v1p2_v1p0.xsd' },
  '1.3': { folder: 'v1p3', root: 'ccv1p3_imscp_v1p2_v1p0.xsd' },
};
const CATALOG_NAME = 'catalog.xml';
const CATALOG_NAMESPACE = 'urn:oasis:names:tc:entity:xmlns:xml:catalog';
/** Resource types of CC 1.1 and 1.2 and their 1.3 names, of equal length (see the file comment). */
const TYPES_AS_CC13: readonly [string, string][] = ['1', '2'].flatMap((v): [string, string][] => [
  [`imscc_xmlv1p${v}`, 'imscc_xmlv1p3'],
  [`imsdt_xmlv1p${v}`, 'imsdt_xmlv1p3'],
  [`imswl_xmlv1p${v}`, 'imswl_xmlv1p3'],
]);
/** CC 1.2's namespaces and version and their 1.3 counterparts, of equal length. */
const CC12_AS_CC13: readonly [string, string][] = [
  ['imsccv1p2', 'imsccv1p3'],
  ['imsccauth_v1p2', 'imsccauth_v1p3'],
  ['>1.2.0</', '>1.3.0</'],
];
const LTI_AS_CC13: [string, string] = ['imsbasiclti_xmlv1p0', 'imsbasiclti_xmlv1p3'];

let provider: XmlBufferInputProvider | undefined;
/** Compiled root schemas by folder; compiled once per process. */
const validators = new Map<string, XsdValidator>();

/** The one input provider of the process (libxml2's providers are global), registered on first use. */
function schemaProvider(): XmlBufferInputProvider {
  if (!provider) {
    provider = new XmlBufferInputProvider({});
    xmlRegisterInputProvider(provider);
  }
  return provider;
}

/** Reads a schema file of the folder, or says which is missing. */
function readSchemaFile(folder: string, name: string): Buffer {
  const file = path.resolve(folder, name);
  if (path.dirname(file) !== folder)
    throw new Error(`${path.join(folder, CATALOG_NAME)} maps a schema to ${name}, outside its folder`);
  try {
    return fs.readFileSync(file);
  } catch {
    throw new Error(
      `cannot validate Common Cartridges: ${file} is missing (IMS's schemas belong in SHARED_DATA_DIR/imscc, see its NOTICE files)`,
    );
  }
}

/** The catalog's mappings (uri@name and system@systemId) from absolute URLs to files of the folder. */
function catalogOf(folder: string): Map<string, string> {
  const bytes = readSchemaFile(folder, CATALOG_NAME);
  const doc = XmlDocument.fromBuffer(bytes, { url: CATALOG_NAME, option: SAFE_PARSE });
  try {
    const mappings = new Map<string, string>();
    for (let entry = doc.root.firstChild; entry; entry = entry.next) {
      if (!(entry instanceof XmlElement) || entry.namespaceUri !== CATALOG_NAMESPACE) continue;
      const from = entry.attr(entry.name === 'uri' ? 'name' : 'systemId')?.value;
      const to = entry.attr('uri')?.value;
      if ((entry.name === 'uri' || entry.name === 'system') && from && to) mappings.set(from, to);
    }
    return mappings;
  } finally {
    doc.dispose();
  }
}

/**
 * The compiled root schema of a folder, its imports served from the folder's catalog.
 * @throws Error when a file is missing or the schema does not compile (the server's set-up, not the package)
 */
function validatorFor(folder: string, root: string): XsdValidator {
  const known = validators.get(folder);
  if (known) return known;
  const buffers = schemaProvider();
  for (const [url, file] of catalogOf(folder)) buffers.addBuffer(url, readSchemaFile(folder, file));
  const rootFile = path.join(folder, root);
  const doc = XmlDocument.fromBuffer(readSchemaFile(folder, root), {
    url: pathToFileURL(rootFile).href,
    option: SAFE_PARSE,
  });
  try {
    const validator = XsdValidator.fromDoc(doc);
    validators.set(folder, validator);
    return validator;
  } catch (error) {
    const details = (error as { details?: ErrorDetail[] }).details ?? [];
    throw new Error(
      `cannot validate Common Cartridges: ${rootFile} does not compile: ${details.map((d) => d.message.trim()).join('; ') || String(error)}`,
    );
  } finally {
    doc.dispose();
  }
}

/**
 * A CC 1.2 or 1.3 manifest's text with the names of 1.2 (namespaces, version) and the resource types of
 * 1.1 and 1.2 mapped to 1.3's (see the file comment); a 1.1 manifest's as it is.
 */
export function asCc13(text: string, version: CartridgeVersion): string {
  if (version === '1.1') return text;
  const names = [...(version === '1.2' ? CC12_AS_CC13 : []), ...TYPES_AS_CC13, LTI_AS_CC13];
  return names.reduce((mapped, [from, to]) => mapped.replaceAll(from, to), text);
}

/** The schema's messages as one sentence: the first few with their lines, then how many more. */
function schemaMessage(version: CartridgeVersion, details: readonly ErrorDetail[]): string {
  const quoted = details
    .slice(0, IMPORT_SCHEMA_MESSAGES_MAX)
    .map((d) => `${d.line ? `line ${d.line}: ` : ''}${d.message.trim()}`);
  const more = details.length - quoted.length;
  const checkedWith =
    version === '1.2' ? ' (checked with the 1.3 schema, which IMS made backward compatible)' : '';
  return (
    `imsmanifest.xml does not follow IMS's Common Cartridge ${version} schema${checkedWith}: ` +
    `${quoted.join('; ')}${more > 0 ? `; and ${more} more` : ''}. Export the course again from its LMS, or correct the manifest.`
  );
}

/**
 * Validates the manifest against IMS's schemas of its version (see the file comment).
 * @param schemaDir the folder of the `v1p1` and `v1p3` schema folders
 * @returns undefined when valid, else the schema's own messages with their line numbers, as one
 *   sentence for the curator
 * @throws Error when the schemas are missing or do not compile (a server set-up problem)
 */
export function validateManifest(manifest: ParsedManifest, schemaDir: string): string | undefined {
  if (!manifest.version) throw new Error('validateManifest: not a CC 1.1–1.3 manifest');
  const set = SCHEMA_SETS[manifest.version];
  const validator = validatorFor(path.resolve(schemaDir, set.folder), set.root);
  const text = asCc13(manifest.text, manifest.version);
  return withDocument(text, MANIFEST_PATH, (doc) => {
    try {
      validator.validate(doc);
      return undefined;
    } catch (error) {
      if (!(error instanceof XmlValidateError)) throw error;
      return schemaMessage(manifest.version!, error.details);
    }
  });
}
