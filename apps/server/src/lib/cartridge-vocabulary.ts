/**
 * The words of an IMS Common Cartridge that the portal's export (issue 26, `modules/files/cartridge-*`)
 * writes and its importer (issue 38, `modules/imports/cartridge-*`) reads back: IMS's namespaces of each
 * CC version, the `$IMS-CC-FILEBASE$` token, the names of the knowledge frameworks in LOM
 * classifications, and the portal's own marks. Both sides import them from here so that a cartridge the
 * portal writes reads back to the tree it was written from.
 *
 * The portal's marks, all valid against IMS's CC 1.1 schemas (LOM of the manifest profile, which the
 * CP `metadata` of an organization item and of a file may hold):
 * - each item's LOM (title, description, keywords, rights, source, classifications) sits in the
 *   `metadata` of its page item in the organization: CC 1.1's resource-level LOM allows only
 *   `educational`, so it cannot carry them;
 * - categories, tags, education and experience levels are classifications whose description is one of
 *   PORTAL_CLASSIFICATIONS and whose taxa are the portal's own values;
 * - alignments are `competency` classifications described by alignmentLabel(type), one taxon per
 *   statement (manifest level: the framework's code; item level: the knowledge item's id);
 * - a file the export generates (each item's page, the HTML rendering of Markdown and AsciiDoc) carries
 *   a LOM identifier of catalog GENERATED_FILE_CATALOG, and is not one of the item's files on import.
 */
import { KNOWLEDGE_TYPE_LABELS } from '@portal/shared/enums';

/** The Common Cartridge versions the importer reads. */
export const CARTRIDGE_VERSIONS = ['1.1', '1.2', '1.3'] as const;
export type CartridgeVersion = (typeof CARTRIDGE_VERSIONS)[number];

/** Namespaces and schema version of one CC version. */
export interface CartridgeNamespaces {
  /** The content package profile: manifest, organizations, resources. */
  cp: string;
  /** LOM of the manifest profile (manifest, items, files). */
  lomManifest: string;
  /** LOM of the resource profile (resources' own metadata). */
  lomResource: string;
  /** The manifest's `schemaversion`. */
  schemaVersion: string;
}

const ns = (v: string, schemaVersion: string): CartridgeNamespaces => ({
  cp: `http://www.imsglobal.org/xsd/imsccv1p${v}/imscp_v1p1`,
  lomManifest: `http://ltsc.ieee.org/xsd/imsccv1p${v}/LOM/manifest`,
  lomResource: `http://ltsc.ieee.org/xsd/imsccv1p${v}/LOM/resource`,
  schemaVersion,
});

/** IMS's namespaces of CC 1.1, 1.2 and 1.3. */
export const CARTRIDGE_NAMESPACES: Record<CartridgeVersion, CartridgeNamespaces> = {
  '1.1': ns('1', '1.1.0'),
  '1.2': ns('2', '1.2.0'),
  '1.3': ns('3', '1.3.0'),
};

/** The token an LMS replaces with the address of the cartridge's files (IMS CC 1.1; Canvas, Moodle). */
export const IMS_CC_FILE_BASE = '$IMS-CC-FILEBASE$';

/** The LOM identifier catalog that marks a file the export generated; its entry says which kind. */
export const GENERATED_FILE_CATALOG = 'courseware-portal-generated';
/** Entries of GENERATED_FILE_CATALOG: an item's page, a document's HTML rendering. */
export const GENERATED_FILE_KINDS = { page: 'item-page', rendering: 'html-rendering' } as const;

/** Descriptions (and LOM purposes) of the classifications that carry the portal's own vocabularies. */
export const PORTAL_CLASSIFICATIONS = {
  categories: { purpose: 'idea', description: 'Courseware portal: content categories' },
  tags: { purpose: 'idea', description: 'Courseware portal: content tags' },
  educationLevels: { purpose: 'educational level', description: 'Courseware portal: education levels' },
  experienceLevels: { purpose: 'skill level', description: 'Courseware portal: experience levels' },
} as const;
export type PortalClassification = keyof typeof PORTAL_CLASSIFICATIONS;

/** The LOM purpose of an alignment's classification. */
export const ALIGNMENT_PURPOSE = 'competency';

/** The framework a knowledge type comes from, where its label does not name it already. */
const FRAMEWORK_OF_TYPE: Record<string, string> = {
  TKS: 'NICE Framework',
  KSA: 'NICE Framework',
  KU: 'NSA CAE',
};

/** A knowledge type's name with its framework, e.g. "NICE Framework Task Knowledge Skills (TKS)". */
export function alignmentLabel(type: string): string {
  const label = (KNOWLEDGE_TYPE_LABELS as Record<string, string | undefined>)[type];
  const framework = FRAMEWORK_OF_TYPE[type];
  if (!label) return framework ?? type;
  return framework ? `${framework} ${label}` : label;
}

/** The knowledge type a classification's description names (alignmentLabel's inverse); undefined if none. */
export function knowledgeTypeOfLabel(label: string): string | undefined {
  const wanted = label.trim();
  return Object.keys(KNOWLEDGE_TYPE_LABELS).find(
    (type) => alignmentLabel(type) === wanted || type === wanted,
  );
}

/**
 * A knowledge item's id from its type and a taxon id: the id itself when it already is one
 * (`ksa-K0001`, what the item level writes), else `<type>-<code>` (the reference data's ids, e.g.
 * `tks-T0084` from the manifest level's `T0084`).
 */
export function knowledgeIdOf(type: string, taxonId: string): string {
  const prefix = `${type.toLowerCase()}-`;
  return taxonId.toLowerCase().startsWith(prefix) ? taxonId : `${prefix}${taxonId}`;
}
