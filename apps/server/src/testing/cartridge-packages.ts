/**
 * Common Cartridges for the importer's tests (issue 38): a package's files written into a staging
 * folder of their own (as `package-staging.ts` leaves an unpacked package), a minimal valid CC manifest
 * to vary, and where IMS's schemas are (`imscc` of the shared data folder: SHARED_DATA_DIR, by default
 * `../shared/data` beside the repository, as the server's configuration says).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CARTRIDGE_NAMESPACES, type CartridgeVersion } from '../lib/cartridge-vocabulary.js';
import type { StagedPackage } from '../modules/imports/package.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** The folder of IMS's CC schema folders (`v1p1`, `v1p3`), as the server passes it to readCartridge. */
export const IMSCC_SCHEMA_DIR = path.resolve(
  REPO_ROOT,
  process.env['SHARED_DATA_DIR'] ?? path.join('..', 'shared', 'data'),
  'imscc',
);

/** Writes `files` (package path → content) into a new folder under the system's temporary folder. */
export async function stageFiles(files: Record<string, string | Buffer>): Promise<StagedPackage> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'cartridge-import-'));
  const staged: StagedPackage = { root, files: [] };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, ...name.split('/'));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
    staged.files.push({ path: name, size: Buffer.byteLength(content) });
  }
  return staged;
}

/** Removes a staged package's folder. */
export const removeStaged = (staged: StagedPackage) => fs.rm(staged.root, { recursive: true, force: true });

/** XML text escaped for element content and quoted attributes. */
export const xml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * A valid manifest of one course page: `organization` and `resources` are the XML inside the root item
 * and the resources (defaults: one page item opening `R_PAGE`, `page.html`); `general` goes in the
 * manifest's LOM `general` after its title, `metadata` in its LOM after `general`.
 */
export function manifestOf({
  version = '1.1',
  title = 'Network Defence',
  organization = '<item identifier="I_PAGE" identifierref="R_PAGE"><title>Welcome</title></item>',
  resources = '<resource identifier="R_PAGE" type="webcontent" href="page.html"><file href="page.html"/></resource>',
  general = '',
  metadata = '',
  prolog = '<?xml version="1.0" encoding="UTF-8"?>\n',
}: {
  version?: CartridgeVersion;
  title?: string;
  organization?: string;
  resources?: string;
  /** More of the LOM `general` element, after the title. */
  general?: string;
  metadata?: string;
  prolog?: string;
} = {}): string {
  const ns = CARTRIDGE_NAMESPACES[version];
  return `${prolog}<manifest identifier="M_TEST" xmlns="${ns.cp}" xmlns:lomimscc="${ns.lomManifest}" xmlns:lom="${ns.lomResource}">
  <metadata>
    <schema>IMS Common Cartridge</schema>
    <schemaversion>${ns.schemaVersion}</schemaversion>
    <lomimscc:lom>
      <lomimscc:general>
        <lomimscc:title><lomimscc:string language="en">${xml(title)}</lomimscc:string></lomimscc:title>${general}
      </lomimscc:general>${metadata}
    </lomimscc:lom>
  </metadata>
  <organizations>
    <organization identifier="ORG" structure="rooted-hierarchy">
      <item identifier="ROOT">
        ${organization}
      </item>
    </organization>
  </organizations>
  <resources>
    ${resources}
  </resources>
</manifest>
`;
}
