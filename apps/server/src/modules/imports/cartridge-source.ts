/**
 * Reads an IMS Common Cartridge 1.1, 1.2 or 1.3 (issue 38 "Import a Common Cartridge": Canvas's, Moodle's
 * and the portal's own export) as one course tree. The manifest is read and refused as a whole unless it
 * is UTF-8 XML without a DTD (`cartridge-xml.ts`), then validated against IMS's XSDs of its version
 * (`cartridge-schemas.ts`): a manifest that fails is one error and no tree. Then its organization (a
 * rooted hierarchy) becomes the tree:
 * - the course: the organization's one top item when it opens a page of its own (the portal's export
 *   writes a course so); otherwise (several top items, or one that is only a folder, such as a Canvas
 *   module or a Moodle section) a course named after the manifest's LOM title that holds them;
 * - an item without a title and without a resource is transparent: its items take its place (Moodle
 *   writes indentation so);
 * - an item without a resource whose first item opens a web page of the same title is that page's
 *   module: it takes the page's files, metadata and identifier (the portal writes each item with
 *   children so, as CC 1.1 forbids an item that opens a resource to hold items);
 * - an item opening a `webcontent` resource gets its files and its dependencies' (`cartridge-files.ts`);
 *   one opening a discussion topic, web link, assessment, LTI link or learning application resource is
 *   left out with a warning naming it, and so is a web page or file that no item opens;
 * - an item without a resource that holds no item either (a text header, or only what is left out) is
 *   left out.
 * Each item's metadata is its LOM (`cartridge-lom.ts`): that of its page item's `metadata` (where the
 * portal writes it), else its resource's; the course without any takes the manifest's. An item whose LOM
 * states no rights takes its parent's licence. An item whose resource holds the page the portal's export
 * generated for it takes its description (as HTML), includes and sections from that page
 * (`cartridge-page.ts`). Categories, when the LOM names none: course for the root,
 * module for an item with items, exercise for another whose name or keywords say lab or exercise,
 * lesson otherwise (the root is always a course). `originPath`: an item's the identifier of the
 * organization item that opens its resource (else its own), '' for a course made of several items; a
 * file's its path in the package.
 */
import type { ContentCategory } from '@portal/shared/enums';
import type { ImportIssue } from '@portal/shared/schemas/imports';
import { IMPORT_DEPTH_MAX, IMPORT_ITEMS_MAX } from '@portal/shared/schemas/imports-limits';
import {
  CARTRIDGE_NAMESPACES,
  GENERATED_FILE_CATALOG,
  GENERATED_FILE_KINDS,
  type CartridgeNamespaces,
} from '../../lib/cartridge-vocabulary.js';
import { escapeHtml } from '../../lib/html.js';
import { FileCollector, readResources, type CartridgeResource } from './cartridge-files.js';
import { readLom, type LomFields } from './cartridge-lom.js';
import { readPageFields, type PageFields } from './cartridge-page.js';
import { validateManifest } from './cartridge-schemas.js';
import {
  childOf,
  childrenOf,
  MANIFEST_PATH,
  parseManifest,
  type ParsedManifest,
  type XmlNode,
} from './cartridge-xml.js';
import { sourceItem, type CourseSource, type SourceItem } from './course-tree.js';
import type { ReadPackage, StagedPackage } from './package.js';

/** The key of a course read from a cartridge, in logs and summaries. */
const SOURCE_KEY = 'cartridge';
/** The name of a cartridge that names nothing. */
const UNNAMED = 'Common Cartridge';
/** Words of an item's name or keywords that make it an exercise. */
const EXERCISE_WORDS = new Set(['lab', 'labs', 'exercise', 'exercises']);
const NO_LICENSE = () => ({ name: '', url: '' });

/** What a resource of another type than webcontent is, in the curator's words. */
function kindOf(type: string): string {
  if (type.startsWith('imsdt_')) return 'a discussion topic';
  if (type.startsWith('imswl_')) return 'a web link';
  if (type.startsWith('imsqti_')) return type.endsWith('question-bank') ? 'a question bank' : 'an assessment';
  if (type.startsWith('imsbasiclti_')) return 'an LTI link';
  if (type.startsWith('assignment_')) return 'an assignment';
  if (type.startsWith('associatedcontent/'))
    return 'LMS-specific content (a learning application resource, such as a Canvas assignment or settings)';
  return `a resource of type "${type}"`;
}

/** Plain text as HTML paragraphs (a blank line between paragraphs), escaped. */
function paragraphs(text: string | undefined): string {
  if (!text) return '';
  const blocks: string[][] = [[]];
  for (const line of text.split('\n')) {
    if (line.trim()) blocks.at(-1)!.push(line.trim());
    else if (blocks.at(-1)!.length > 0) blocks.push([]);
  }
  return blocks
    .filter((b) => b.length > 0)
    .map((b) => `<p>${escapeHtml(b.join(' '))}</p>`)
    .join('');
}

/** Whether a name or keywords call an item a lab or an exercise. */
function isExercise(name: string, keywords: readonly string[]): boolean {
  return [name, ...keywords].some((text) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .some((word) => EXERCISE_WORDS.has(word)),
  );
}

/** The read of a manifest that is not valid: one error and a course with nothing in it. */
function withoutTree(manifest: ParsedManifest, packageId: string, message: string): ReadPackage {
  const ns = manifest.version ? CARTRIDGE_NAMESPACES[manifest.version] : undefined;
  const lom = ns && childOf(childOf(manifest.root, ns.cp, 'metadata'), ns.lomManifest, 'lom');
  const name = (ns && readLom(lom, ns.lomManifest).title) || packageId || UNNAMED;
  const course = sourceItem({
    name,
    sourceUrl: '',
    license: NO_LICENSE(),
    categories: ['course'],
    originPath: '',
  });
  return {
    format: 'cartridge',
    packageId,
    source: { key: SOURCE_KEY, sourceName: name, course },
    issues: [{ severity: 'error', path: MANIFEST_PATH, message }],
  };
}

/** Turns a validated manifest's organization into the course tree (see the file comment). */
class TreeReader {
  private readonly ns: CartridgeNamespaces;
  private readonly issues: ImportIssue[] = [];
  private readonly resources: Map<string, CartridgeResource>;
  private readonly collector: FileCollector;
  /** Resources already warned about. */
  private readonly warned = new Set<string>();
  /** Items whose metadata states their licence. */
  private readonly stated = new WeakSet<SourceItem>();
  /** Items with LOM metadata of their own. */
  private readonly described = new WeakSet<SourceItem>();
  /** Items that open a page (a webcontent resource) of their own. */
  private readonly withPage = new WeakSet<SourceItem>();
  /** Items made so far, against IMPORT_ITEMS_MAX. */
  private made = 0;

  constructor(
    private readonly staged: StagedPackage,
    private readonly manifest: ParsedManifest,
    private readonly packageId: string,
  ) {
    this.ns = CARTRIDGE_NAMESPACES[manifest.version!];
    this.resources = readResources(manifest.root, this.ns);
    this.collector = new FileCollector(staged, this.resources, this.issues);
  }

  async read(): Promise<ReadPackage> {
    const { cp, lomManifest } = this.ns;
    const root = this.manifest.root;
    const manifestLom = readLom(childOf(childOf(root, cp, 'metadata'), lomManifest, 'lom'), lomManifest);
    const organization = childOf(childOf(root, cp, 'organizations'), cp, 'organization');
    const tops = childrenOf(childOf(organization, cp, 'item'), cp, 'item');
    const items = await this.convertAll(tops);
    const [only] = items;
    let course = tops.length === 1 && items.length === 1 && this.withPage.has(only!) ? only : undefined;
    if (!course) {
      const name =
        manifestLom.title || childOf(organization, cp, 'title')?.text.trim() || this.packageId || UNNAMED;
      course = sourceItem({ name, sourceUrl: '', license: NO_LICENSE(), children: items, originPath: '' });
    }
    if (!this.described.has(course)) this.describe(course, manifestLom, course.name);
    if (!course.categories.includes('course')) course.categories = ['course'];
    this.finish(course, 0);
    this.warnUnused();
    if (items.length === 0)
      this.issue(
        'error',
        MANIFEST_PATH,
        "The cartridge's organization holds no web page or file the portal imports.",
      );
    else if (!course.license.name)
      this.issue(
        'warning',
        MANIFEST_PATH,
        'The cartridge states no licence for the course; its items will show none.',
      );
    const source: CourseSource = {
      key: SOURCE_KEY,
      sourceName: manifestLom.source?.name || manifestLom.title || course.name,
      course,
    };
    return { format: 'cartridge', packageId: this.packageId, source, issues: this.issues };
  }

  private issue(severity: ImportIssue['severity'], path: string, message: string): void {
    this.issues.push({ severity, path, message });
  }

  private async convertAll(nodes: readonly XmlNode[]): Promise<SourceItem[]> {
    const items: SourceItem[] = [];
    for (const node of nodes) items.push(...(await this.convert(node)));
    return items;
  }

  /** Whether `child` is the page of a module titled `title`: a leaf opening a web page of that title. */
  private isOwnPage(child: XmlNode, title: string): boolean {
    const { cp } = this.ns;
    const ref = child.attrs['identifierref'];
    return (
      Boolean(title && ref) &&
      childrenOf(child, cp, 'item').length === 0 &&
      childOf(child, cp, 'title')?.text.trim() === title &&
      this.resources.get(ref!)?.type === 'webcontent'
    );
  }

  /** The resource an item opens; an error when the manifest does not declare it. */
  private resourceOf(page: XmlNode, title: string): CartridgeResource | undefined {
    const ref = page.attrs['identifierref']!;
    const resource = this.resources.get(ref);
    if (!resource)
      this.issue(
        'error',
        MANIFEST_PATH,
        `"${title || ref}" opens resource ${ref}, which the manifest does not declare.`,
      );
    return resource;
  }

  /** A warning that a resource is not imported, naming the item that opens it or its file. */
  private notImported(resource: CartridgeResource, title?: string): void {
    if (this.warned.has(resource.identifier)) return;
    this.warned.add(resource.identifier);
    const where = resource.href?.path ?? resource.files[0]?.path;
    const label = title ? `"${title}"` : (where ?? `Resource ${resource.identifier}`);
    this.issue(
      'warning',
      where ?? MANIFEST_PATH,
      resource.type === 'webcontent'
        ? `${label} is in no item of the cartridge's organization: it is not imported.`
        : `${label} is ${kindOf(resource.type)}; the portal imports files and pages only.`,
    );
  }

  /** One organization item as the items it becomes (none, one, or its items when transparent). */
  private async convert(node: XmlNode): Promise<SourceItem[]> {
    const { cp, lomManifest, lomResource } = this.ns;
    const title = childOf(node, cp, 'title')?.text.trim() ?? '';
    let nodes = childrenOf(node, cp, 'item');
    let page = node.attrs['identifierref'] ? node : undefined;
    if (!page && !title) return this.convertAll(nodes);
    if (!page && nodes[0] && this.isOwnPage(nodes[0], title))
      [page, ...nodes] = nodes as [XmlNode, ...XmlNode[]];
    let resource = page && this.resourceOf(page, title);
    if (resource && resource.type !== 'webcontent') {
      this.notImported(resource, title);
      resource = undefined;
    }
    const children = await this.convertAll(nodes);
    if (!resource && children.length === 0) return [];
    this.made += 1;
    if (this.made > IMPORT_ITEMS_MAX) {
      if (this.made === IMPORT_ITEMS_MAX + 1)
        this.issue(
          'error',
          MANIFEST_PATH,
          `The cartridge holds more than ${IMPORT_ITEMS_MAX} items, the most one import may write.`,
        );
      return [];
    }

    const itemLom = [page, node]
      .map((n) => n && childOf(childOf(n, cp, 'metadata'), lomManifest, 'lom'))
      .find(Boolean);
    const fields = itemLom ? readLom(itemLom, lomManifest) : readLom(resource?.lom, lomResource);
    const files = resource ? await this.collector.filesOf(resource) : [];
    const name =
      title || fields.title || resource?.href?.path.split('/').at(-1) || (node.attrs['identifier'] ?? '');
    const item = sourceItem({
      name,
      sourceUrl: '',
      license: NO_LICENSE(),
      children,
      files,
      originPath: (page ?? node).attrs['identifier'] ?? '',
    });
    if (resource) this.withPage.add(item);
    if (itemLom || resource?.lom) {
      this.described.add(item);
      this.describe(item, fields, name);
    }
    const shown = resource && (await this.generatedPageOf(resource));
    if (shown) {
      if (shown.descriptionHtml !== undefined) item.descriptionHtml = shown.descriptionHtml;
      item.includes = shown.includes;
      item.sections = shown.sections;
    }
    return [item];
  }

  /** The fields of the page the portal's export generated for a resource's item, if it holds one. */
  private async generatedPageOf(resource: CartridgeResource): Promise<PageFields | undefined> {
    const page = resource.files.find((f) =>
      f.lom.identifiers.some(
        (id) => id.catalog === GENERATED_FILE_CATALOG && id.entry === GENERATED_FILE_KINDS.page,
      ),
    );
    return page && readPageFields(this.staged, page.path);
  }

  /** Sets what a LOM record says of an item. */
  private describe(item: SourceItem, fields: LomFields, name: string): void {
    item.descriptionHtml = paragraphs(fields.description);
    item.keywords = fields.keywords;
    item.categories = fields.categories;
    item.tags = fields.tags;
    item.educationLevels = fields.educationLevels;
    item.experienceLevels = fields.experienceLevels;
    item.alignments = fields.alignments;
    item.sourceUrl = fields.source?.url ?? '';
    item.sourceAuthor = fields.author ?? null;
    item.contributors = fields.contributors;
    if (fields.license) {
      item.license = fields.license;
      this.stated.add(item);
    }
    for (const framework of fields.unknownFrameworks)
      this.issue(
        'warning',
        item.originPath || MANIFEST_PATH,
        `"${name}" is aligned with "${framework}", which is no knowledge framework of the portal: those alignments are not imported.`,
      );
  }

  /** Categories by the rule, licences inherited, depth checked, from `item` down. */
  private finish(item: SourceItem, depth: number, parent?: SourceItem): void {
    if (depth > IMPORT_DEPTH_MAX) {
      this.issue(
        'error',
        item.originPath || MANIFEST_PATH,
        `"${item.name}" is nested deeper than ${IMPORT_DEPTH_MAX} levels below the course.`,
      );
      item.children = [];
    }
    if (parent && !this.stated.has(item)) item.license = { ...parent.license };
    if (item.categories.length === 0) {
      const category: ContentCategory =
        item.children.length > 0 ? 'module' : isExercise(item.name, item.keywords) ? 'exercise' : 'lesson';
      item.categories = [category];
    }
    for (const child of item.children) this.finish(child, depth + 1, item);
  }

  /** Warnings for the resources no item took: other types than web content, and unused web content. */
  private warnUnused(): void {
    for (const resource of this.resources.values()) {
      if (this.collector.usedResources.has(resource.identifier)) continue;
      const own = resource.files.filter((f) => !this.collector.isGenerated(f.path));
      if (resource.type === 'webcontent' && own.every((f) => this.collector.usedPaths.has(f.path))) continue;
      this.notImported(resource);
    }
  }
}

/**
 * Reads a staged Common Cartridge (see the file comment).
 * @param options.schemaDir the folder of IMS's schemas (`${config.sharedDataDir}/imscc`, with `v1p1` and
 *   `v1p3`)
 * @returns the course tree, the manifest's identifier as `packageId`, and the issues: errors (a manifest
 *   failing its schema, with the schema's messages and lines, and then a course with nothing in it; a
 *   listed file missing; a resource not declared; too deep or too many items), warnings (what is not
 *   imported, an unknown framework, no licence)
 * @throws PackageRefused when the manifest is missing, larger than IMPORT_MANIFEST_MAX_BYTES, not UTF-8,
 *   not XML, or holds a DTD, or when an href leaves the package
 * @throws Error when IMS's schemas are missing under `schemaDir` (the server's set-up)
 */
export async function readCartridge(
  staged: StagedPackage,
  options: { schemaDir: string },
): Promise<ReadPackage> {
  const manifest = await parseManifest(staged);
  const packageId = manifest.root.attrs['identifier'] ?? '';
  if (!manifest.version) return withoutTree(manifest, packageId, manifest.notCartridge!);
  const problem = validateManifest(manifest, options.schemaDir);
  if (problem) return withoutTree(manifest, packageId, problem);
  return new TreeReader(staged, manifest, packageId).read();
}
