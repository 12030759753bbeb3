/**
 * The resources of a Common Cartridge and the files the importer takes from them (issue 38): every
 * `href` resolved against the `xml:base`s above it to a path of the staged package (a path leaving the
 * package refuses the whole package, although staging checked the paths already), looked up among the
 * staged files (missing: an error naming it); the files the portal's export generated (marked in their
 * LOM) left out; and the files an HTML page links to added (`$IMS-CC-FILEBASE$/…`, which Canvas resolves
 * in `web_resources/` and the portal at the package root, and relative links), read with parse5: images
 * and attachments, not other HTML pages (a link to a page is navigation, and the page an item of its own).
 */
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { MEDIA_TYPE_OF_EXTENSION } from '@portal/shared/file-types';
import type { ImportIssue } from '@portal/shared/schemas/imports';
import { fileExtensionOf } from '@portal/shared/schemas/files';
import { IMPORT_PAGE_SCAN_MAX_BYTES } from '@portal/shared/schemas/imports-limits';
import { IMS_CC_FILE_BASE, type CartridgeNamespaces } from '../../lib/cartridge-vocabulary.js';
import type { SourceFile } from './course-tree.js';
import { isGenerated, readLom, type LomFields } from './cartridge-lom.js';
import { childOf, childrenOf, readStaged, type XmlNode } from './cartridge-xml.js';
import { PackageRefused, type StagedPackage } from './package.js';

/** The media type of a file whose extension says nothing. */
const UNKNOWN_MEDIA_TYPE = 'application/octet-stream';
/** Where Canvas puts the files its pages link to through `$IMS-CC-FILEBASE$`. */
const CANVAS_FILE_FOLDER = 'web_resources';
const HTML_EXTENSIONS = new Set(['html', 'htm']);
const LINK_ATTRIBUTES = new Set(['href', 'src']);

/** One `<file>` of a resource. */
export interface ResourceFile {
  /** As the manifest writes it. */
  href: string;
  /** Its path in the package. */
  path: string;
  lom: LomFields;
}

/** One `<resource>` of the manifest. */
export interface CartridgeResource {
  identifier: string;
  type: string;
  /** Its entry point, as written and resolved. */
  href?: { href: string; path: string };
  files: ResourceFile[];
  /** Identifiers of the resources it depends on. */
  dependencies: string[];
  /** Its own `metadata/lom` (resource profile). */
  lom?: XmlNode;
}

/** Whether a reference starts with a URL scheme (`http:`, `file:`, `C:`…). */
const hasScheme = (ref: string) => /^[a-z][a-z0-9+.-]*:/i.test(ref);

/** A reference without its query and fragment. */
function withoutQuery(ref: string): string {
  const end = [ref.indexOf('?'), ref.indexOf('#')].filter((i) => i >= 0);
  return end.length > 0 ? ref.slice(0, Math.min(...end)) : ref;
}

/**
 * A package path from a reference relative to `base` (a folder of the package, '' for its root),
 * percent-decoded; undefined when it is absolute, has a scheme, or leaves the package.
 */
export function packagePath(base: string, ref: string): string | undefined {
  const raw = withoutQuery(ref.trim());
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded: taken as written.
  }
  if (
    !decoded ||
    [raw, decoded].some((r) => hasScheme(r) || r.startsWith('/') || r.includes('\\') || r.includes('\0'))
  )
    return undefined;
  const normalized = path.posix.normalize(path.posix.join(base, decoded));
  if (normalized === '..' || normalized.startsWith('../') || path.posix.isAbsolute(normalized))
    return undefined;
  return normalized === '.' ? undefined : normalized.normalize('NFC');
}

/**
 * A manifest href as a package path.
 * @throws PackageRefused when it is absolute, a URL or leaves the package
 */
function manifestPath(base: string, href: string, what: string): string {
  // An empty href names no file: the file is missing, which the reader reports as such.
  if (!href.trim()) return '';
  const resolved = packagePath(base, href);
  if (resolved === undefined)
    throw new PackageRefused(
      `imsmanifest.xml names "${href}" (${what}), which is not a path inside the package: the package is refused.`,
    );
  return resolved;
}

/** A folder from an `xml:base`: '' for none, else the folder path with a trailing slash. */
function baseFolder(parent: string, base: string | undefined, what: string): string {
  if (!base) return parent;
  // Resolved as the folder of a file in it, so that "./" is the package's root.
  const inFolder = manifestPath(
    parent,
    `${base}${base.endsWith('/') ? '' : '/'}f`,
    `the xml:base of ${what}`,
  );
  const folder = path.posix.dirname(inFolder);
  return folder === '.' ? '' : `${folder}/`;
}

/**
 * The manifest's resources by identifier, each href resolved.
 * @throws PackageRefused when an href or xml:base leaves the package
 */
export function readResources(manifest: XmlNode, ns: CartridgeNamespaces): Map<string, CartridgeResource> {
  const resources = new Map<string, CartridgeResource>();
  const list = childOf(manifest, ns.cp, 'resources');
  const manifestBase = baseFolder('', manifest.attrs['xml:base'], 'the manifest');
  const listBase = baseFolder(manifestBase, list?.attrs['xml:base'], 'the resources');
  for (const node of childrenOf(list, ns.cp, 'resource')) {
    const identifier = node.attrs['identifier'] ?? '';
    const what = `resource ${identifier}`;
    const base = baseFolder(listBase, node.attrs['xml:base'], what);
    const href = node.attrs['href'];
    const metadata = childOf(node, ns.cp, 'metadata');
    resources.set(identifier, {
      identifier,
      type: node.attrs['type'] ?? '',
      href: href ? { href, path: manifestPath(base, href, what) } : undefined,
      files: childrenOf(node, ns.cp, 'file').map((file) => {
        const fileHref = file.attrs['href'] ?? '';
        const lom = childOf(childOf(file, ns.cp, 'metadata'), ns.lomManifest, 'lom');
        return {
          href: fileHref,
          path: manifestPath(base, fileHref, what),
          lom: readLom(lom, ns.lomManifest),
        };
      }),
      dependencies: childrenOf(node, ns.cp, 'dependency').map((d) => d.attrs['identifierref'] ?? ''),
      lom: childOf(metadata, ns.lomResource, 'lom'),
    });
  }
  return resources;
}

/** The values of the link attributes (href, src) of every element of an HTML document, in document order. */
function linksOf(html: string): string[] {
  const links: string[] = [];
  type Node = DefaultTreeAdapterMap['node'];
  const stack: Node[] = [parse(html)];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if ('attrs' in node)
      for (const attr of node.attrs) if (LINK_ATTRIBUTES.has(attr.name)) links.push(attr.value);
    const children: Node[] = 'childNodes' in node ? [...node.childNodes] : [];
    if ('content' in node && node.content) children.push(node.content);
    stack.push(...children.reverse());
  }
  return links;
}

/** `$IMS-CC-FILEBASE$` as Canvas writes it in its pages' links (percent-encoded). */
const ENCODED_FILE_BASE = encodeURIComponent(IMS_CC_FILE_BASE);

/**
 * The package paths a link may name: after `$IMS-CC-FILEBASE$` (or its percent-encoded form),
 * in Canvas's folder then from the root; a relative link, beside the page.
 */
function linkCandidates(link: string, pagePath: string): string[] {
  const value = link.trim();
  const base = [IMS_CC_FILE_BASE, ENCODED_FILE_BASE].find((b) =>
    value.toUpperCase().startsWith(b.toUpperCase()),
  );
  if (base) {
    let rest = value.slice(base.length);
    while (rest.startsWith('/')) rest = rest.slice(1);
    return [packagePath(CANVAS_FILE_FOLDER, rest), packagePath('', rest)].filter((p) => p !== undefined);
  }
  if (!value || value.startsWith('#') || value.startsWith('?')) return [];
  const resolved = packagePath(path.posix.dirname(pagePath), value);
  return resolved === undefined ? [] : [resolved];
}

/**
 * Collects the files of the resources items open, keeping what the reader needs to say afterwards:
 * which resources and paths were taken, and an error for each listed file the package lacks.
 */
export class FileCollector {
  /** Resources whose files were taken (directly or as a dependency). */
  readonly usedResources = new Set<string>();
  /** Paths taken as some item's file. */
  readonly usedPaths = new Set<string>();
  private readonly staged: Set<string>;
  private readonly generated: Set<string>;
  private readonly reported = new Set<string>();
  /** The files each page links to, each page read once however many items open it. */
  private readonly links = new Map<string, Promise<string[]>>();

  constructor(
    private readonly pkg: StagedPackage,
    private readonly resources: ReadonlyMap<string, CartridgeResource>,
    private readonly issues: ImportIssue[],
  ) {
    this.staged = new Set(pkg.files.map((f) => f.path));
    this.generated = new Set(
      [...resources.values()].flatMap((r) => r.files.filter((f) => isGenerated(f.lom)).map((f) => f.path)),
    );
  }

  /** Whether a path is a file the portal's export generated. */
  isGenerated(packagePath: string): boolean {
    return this.generated.has(packagePath);
  }

  /** A resource's files, then its dependencies', then what its HTML pages link to; each path once. */
  async filesOf(resource: CartridgeResource): Promise<SourceFile[]> {
    const taken = new Map<string, SourceFile>();
    const visit = (res: CartridgeResource, seen: Set<string>) => {
      if (seen.has(res.identifier)) return;
      seen.add(res.identifier);
      this.usedResources.add(res.identifier);
      const listed = res.files.some((f) => f.path === res.href?.path);
      const entries: { href: string; path: string; lom?: LomFields }[] =
        res.href && !listed ? [res.href, ...res.files] : res.files;
      for (const entry of entries) {
        if ((entry.lom && isGenerated(entry.lom)) || taken.has(entry.path)) continue;
        if (!this.staged.has(entry.path)) {
          this.missing(entry.href, entry.path, res.identifier);
          continue;
        }
        taken.set(entry.path, this.sourceFile(entry.path, entry.lom));
      }
      for (const id of res.dependencies) {
        const dependency = this.resources.get(id);
        if (dependency) visit(dependency, seen);
        else
          this.issues.push({
            severity: 'error',
            path: res.href?.path ?? 'imsmanifest.xml',
            message: `Resource ${res.identifier} depends on resource ${id}, which the manifest does not declare.`,
          });
      }
    };
    visit(resource, new Set());
    for (const page of [...taken.keys()].filter((p) => HTML_EXTENSIONS.has(fileExtensionOf(p))))
      for (const linked of await this.linkedFiles(page))
        if (!taken.has(linked)) taken.set(linked, this.sourceFile(linked));
    for (const p of taken.keys()) this.usedPaths.add(p);
    return [...taken.values()];
  }

  /** The staged files (not generated ones) a page links to, read once per page. */
  private linkedFiles(page: string): Promise<string[]> {
    let found = this.links.get(page);
    if (!found) {
      found = this.scan(page);
      this.links.set(page, found);
    }
    return found;
  }

  /** What linkedFiles reads; none when the page is larger than the scan limit. */
  private async scan(page: string): Promise<string[]> {
    const bytes = await readStaged(this.pkg, page, IMPORT_PAGE_SCAN_MAX_BYTES);
    if (!bytes) return [];
    const found = linksOf(bytes.toString('utf8')).flatMap((link) =>
      linkCandidates(link, page)
        .filter((p) => this.staged.has(p) && !this.generated.has(p))
        .slice(0, 1),
    );
    return [...new Set(found)].filter((p) => !HTML_EXTENSIONS.has(fileExtensionOf(p)));
  }

  private missing(href: string, packagePath: string, resourceId: string): void {
    if (this.reported.has(packagePath)) return;
    this.reported.add(packagePath);
    this.issues.push({
      severity: 'error',
      path: packagePath,
      message: `imsmanifest.xml lists "${href}" (resource ${resourceId}), which is not in the package: export the course again, or add the file.`,
    });
  }

  private sourceFile(packagePath: string, lom?: LomFields): SourceFile {
    const filename = path.posix.basename(packagePath);
    return {
      path: path.join(this.pkg.root, ...packagePath.split('/')),
      filename,
      name: lom?.title ?? filename,
      mimeType: lom?.format ?? MEDIA_TYPE_OF_EXTENSION[fileExtensionOf(filename)] ?? UNKNOWN_MEDIA_TYPE,
      originPath: packagePath,
    };
  }
}
