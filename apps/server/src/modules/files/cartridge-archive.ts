/**
 * Writes an IMS Common Cartridge 1.1 package (issue 26) of a bundle tree, streamed into the file store
 * like the zip bundle (streamZip). The package holds
 *   imsmanifest.xml            schema "IMS Common Cartridge" 1.1.0; manifest-level LOM (title,
 *                              description, keywords, the sources' authors, licence and source,
 *                              alignments as classification/taxonPath); one rooted-hierarchy
 *                              organization in the portal's order, each item's own LOM in its page
 *                              item's metadata; one `webcontent` resource per item, each file with LOM
 *                              metadata that names it or marks it as generated (cartridge-metadata.ts)
 *   <item>/<child>/index.html  each item's page, with its files beside it, Markdown and AsciiDoc also
 *                              rendered to .html; LaTeX, PDF and the rest as they are
 * Paths are ASCII `[a-z0-9._-]` and unique (LMSs unescape hrefs); every resource's href is one of its
 * files; pages link to each other through `$IMS-CC-FILEBASE$`. The manifest is written with xmlbuilder2,
 * its namespace within the first 500 bytes (Moodle looks there to tell the version).
 */
import { fileExtensionOf } from '@portal/shared/schemas/files';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { htmlToText } from '../../lib/html.js';
import type { FileStore } from '../../lib/storage.js';
import { documentKindOf } from './document-text.js';
import { MissingFileError, streamZip, type ArchiveDocument } from './bundle-archive.js';
import type { ArchiveContext, ArchiveEntry } from './bundle-layout.js';
import type { BundleFile, BundleItem, BundleSource, BundleTree } from './bundle-tree.js';
import {
  alignmentLabel,
  groupAlignment,
  renderDocumentPage,
  renderItemPage,
  type PageFileLink,
  type RenderedKind,
} from './cartridge-pages.js';
import {
  addFileMetadata,
  addItemMetadata,
  addLifeCycle,
  CC_NAMESPACE,
  langString,
  LANGUAGE,
  LOM_MANIFEST_NAMESPACE,
  xmlText,
  type CartridgeFileRole,
} from './cartridge-metadata.js';
import { emptyItemPage, type ItemPage } from './cartridge-tree.js';
import { UniqueNames, asciiSegment } from './filenames.js';
import type { PutResult } from '../../lib/storage.js';

/** Namespaces of IMS CC 1.1: the content package profile and the manifest's LOM. */
export { CC_NAMESPACE, LOM_MANIFEST_NAMESPACE };
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';
/** Where IMS publishes the schemas (a hint for validators). */
const SCHEMA_LOCATION =
  `${CC_NAMESPACE} http://www.imsglobal.org/profile/cc/ccv1p1/ccv1p1_imscp_v1p2_v1p0.xsd ` +
  `${LOM_MANIFEST_NAMESPACE} http://www.imsglobal.org/profile/cc/ccv1p1/LOM/ccv1p1_lommanifest_v1p0.xsd`;
export const CARTRIDGE_MANIFEST_NAME = 'imsmanifest.xml';
/** Each item's page in its folder. */
export const PAGE_NAME = 'index.html';
/** Longest ASCII folder or file name (the stem is cut, the extension kept). */
const SEGMENT_MAX = 60;
/** Markdown and AsciiDoc files up to this size are rendered to HTML; larger ones are only kept. */
export const RENDER_MAX_BYTES = 2 * 1024 * 1024;

/** Identifiers are xs:ID (NCName): a letter first, so a uuid gets a prefix. */
export const manifestId = (rootId: string) => `M_${rootId}`;
export const resourceId = (itemId: string) => `R_${itemId}`;
export const itemId = (id: string) => `I_${id}`;
const folderItemId = (id: string) => `F_${id}`;

/** A Markdown or AsciiDoc file rendered to HTML beside it. */
export interface RenderedEntry {
  file: BundleFile;
  kind: RenderedKind;
  path: string;
}

/** Where everything of a cartridge goes. */
export interface CartridgeLayout {
  /** Each item's folder from the package root, by item id. */
  folderOf: Map<string, string>;
  /** Stored files as archive entries (`path` is their place in the package). */
  entries: ArchiveEntry[];
  /** Files rendered to HTML. */
  rendered: RenderedEntry[];
  /** Each item's own file links, by item id. */
  linksOf: Map<string, PageFileLink[]>;
}

const withoutSuffix = (name: string, suffix: string) =>
  suffix && name.toLowerCase().endsWith(suffix) ? name.slice(0, name.length - suffix.length) : name;

/**
 * A file's ASCII name: its stem folded and its extension kept, the display name (or `file`) standing
 * in for a stem with no ASCII, so that `网络 笔记.txt` is `file.txt`, not `txt`, and an LMS still
 * tells the file's type by its name.
 */
function asciiFileName(file: BundleFile): string {
  const extension = fileExtensionOf(file.filename);
  const suffix = extension && `.${extension}`;
  const max = SEGMENT_MAX - suffix.length;
  const stem =
    asciiSegment(withoutSuffix(file.filename, suffix), max) ||
    asciiSegment(withoutSuffix(file.name, suffix), max) ||
    'file';
  return `${stem}${suffix}`;
}

/**
 * Lays the tree out as ASCII folders: the root item's folder at the package root, each child a folder
 * inside its parent; in each folder `index.html` first, then the item's files, their renderings
 * (`<name>.html`), and its children's folders, every name unique in the folder.
 */
export function layoutCartridge(tree: BundleTree): CartridgeLayout {
  const folderOf = new Map<string, string>();
  const entries: ArchiveEntry[] = [];
  const rendered: RenderedEntry[] = [];
  const linksOf = new Map<string, PageFileLink[]>();
  const place = (item: BundleItem, folder: string) => {
    folderOf.set(item.id, folder);
    const names = new UniqueNames('-');
    names.reserve(PAGE_NAME);
    const links: PageFileLink[] = [];
    for (const file of item.files) {
      const name = names.claim(asciiFileName(file));
      entries.push({ file, item, path: `${folder}/${name}`, compress: true });
      const kind = documentKindOf(file.filename, file.type);
      const link: PageFileLink = { file, name };
      if ((kind === 'markdown' || kind === 'asciidoc') && file.size <= RENDER_MAX_BYTES) {
        link.renderedName = names.claim(`${name}.html`);
        rendered.push({ file, kind, path: `${folder}/${link.renderedName}` });
      }
      links.push(link);
    }
    linksOf.set(item.id, links);
    for (const child of item.children)
      place(child, `${folder}/${names.claim(asciiSegment(child.name, SEGMENT_MAX) || 'item')}`);
  };
  // The root's folder sits beside the manifest: an item named "imsmanifest.xml" gets another name.
  const rootNames = new UniqueNames('-');
  rootNames.reserve(CARTRIDGE_MANIFEST_NAME);
  place(tree.root, rootNames.claim(asciiSegment(tree.root.name, SEGMENT_MAX) || 'content'));
  return { folderOf, entries, rendered, linksOf };
}

const pagePath = (layout: CartridgeLayout, item: BundleItem) =>
  `${layout.folderOf.get(item.id)}/${PAGE_NAME}`;

/** The distinct sources and licences of the tree's items, in tree order. */
export function sourcesOf(tree: BundleTree): BundleSource[] {
  const seen = new Map<string, BundleSource>();
  for (const item of tree.items) if (item.source) seen.set(JSON.stringify(item.source), item.source);
  return [...seen.values()];
}

/** The rights description: each source with its licence and author, in words. */
function rightsText(sources: readonly BundleSource[]): string {
  if (sources.length === 0) return 'No source or licence is recorded for this courseware.';
  return sources
    .map((s) =>
      [
        s.name && `Source: ${s.name}${s.url ? ` (${s.url})` : ''}`,
        s.license && `Licence: ${s.license}${s.licenseUrl ? ` (${s.licenseUrl})` : ''}`,
        s.author && `Author: ${s.author}`,
      ]
        .filter(Boolean)
        .join('. '),
    )
    .join('\n');
}

/**
 * imsmanifest.xml of the cartridge. `pages` holds each item's page data; `context` the portal's address.
 */
export function renderCartridgeManifest({
  tree,
  pages,
  layout,
  context,
}: {
  tree: BundleTree;
  pages: ReadonlyMap<string, ItemPage>;
  layout: CartridgeLayout;
  context: ArchiveContext;
}): string {
  const root = tree.root;
  const rootPage = pages.get(root.id);
  // Characters XML 1.0 cannot carry (control characters a name may hold, U+FFFE) are left out.
  const doc = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' });
  const manifest = doc
    .ele(CC_NAMESPACE, 'manifest')
    .att('identifier', manifestId(root.id))
    .att(XMLNS_NAMESPACE, 'xmlns:lomimscc', LOM_MANIFEST_NAMESPACE)
    .att(XMLNS_NAMESPACE, 'xmlns:xsi', XSI_NAMESPACE)
    .att(XSI_NAMESPACE, 'xsi:schemaLocation', SCHEMA_LOCATION);

  const metadata = manifest.ele(CC_NAMESPACE, 'metadata');
  metadata.ele(CC_NAMESPACE, 'schema').txt('IMS Common Cartridge');
  metadata.ele(CC_NAMESPACE, 'schemaversion').txt('1.1.0');
  const lom = metadata.ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:lom');
  const general = lom.ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:general');
  const identifier = general.ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:identifier');
  identifier.ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:catalog').txt('URI');
  identifier
    .ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:entry')
    .txt(xmlText(`${context.publicBaseUrl}/courseware/${root.urlAlias}`));
  langString(general, 'title', root.name);
  general.ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:language').txt(LANGUAGE);
  const description = rootPage ? htmlToText(rootPage.description) : '';
  if (description) langString(general, 'description', description);
  for (const tag of root.tags) langString(general, 'keyword', tag);

  const sources = sourcesOf(tree);
  // The course's own contributors are in its item's metadata; the manifest credits the sources' authors.
  addLifeCycle(lom, [], [...new Set(sources.map((s) => s.author).filter((a): a is string => Boolean(a)))]);
  const rights = lom.ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:rights');
  rights
    .ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:copyrightAndOtherRestrictions')
    .ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:value')
    .txt(sources.some((s) => s.license) ? 'yes' : 'no');
  langString(rights, 'description', rightsText(sources));
  for (const source of sources) {
    if (!source.url) continue;
    const relation = lom.ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:relation');
    relation
      .ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:kind')
      .ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:value')
      .txt('isbasedon');
    const resource = relation.ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:resource');
    const sourceId = resource.ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:identifier');
    sourceId.ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:catalog').txt('URI');
    sourceId.ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:entry').txt(xmlText(source.url));
    if (source.name) langString(resource, 'description', source.name);
  }
  // Every alignment of the tree, one classification per knowledge type.
  const alignment = groupAlignment(tree.items.flatMap((item) => pages.get(item.id)?.alignment ?? []));
  for (const [type, statements] of alignment) {
    const classification = lom.ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:classification');
    classification
      .ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:purpose')
      .ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:value')
      .txt('competency');
    langString(classification, 'description', alignmentLabel(type));
    for (const statement of statements) {
      const taxon = classification
        .ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:taxonPath')
        .ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:taxon');
      taxon.ele(LOM_MANIFEST_NAMESPACE, 'lomimscc:id').txt(xmlText(statement.code));
      langString(taxon, 'entry', statement.name);
    }
  }

  const organization = manifest
    .ele(CC_NAMESPACE, 'organizations')
    .ele(CC_NAMESPACE, 'organization')
    .att('identifier', `O_${root.id}`)
    .att('structure', 'rooted-hierarchy');
  const top = organization.ele(CC_NAMESPACE, 'item').att('identifier', `ROOT_${root.id}`);
  // An item that opens a resource may not hold items (CC 1.1 rule 8b): an item with children is a
  // folder whose first entry is its own page.
  const addItem = (parent: XMLBuilder, item: BundleItem) => {
    const pageItem = (into: XMLBuilder) => {
      const page = into
        .ele(CC_NAMESPACE, 'item')
        .att('identifier', itemId(item.id))
        .att('identifierref', resourceId(item.id));
      page.ele(CC_NAMESPACE, 'title').txt(xmlText(item.name));
      addItemMetadata(page, item, pages.get(item.id) ?? emptyItemPage());
    };
    if (item.children.length === 0) return void pageItem(parent);
    const folder = parent.ele(CC_NAMESPACE, 'item').att('identifier', folderItemId(item.id));
    folder.ele(CC_NAMESPACE, 'title').txt(xmlText(item.name));
    pageItem(folder);
    for (const child of item.children) addItem(folder, child);
  };
  addItem(top, root);

  const resources = manifest.ele(CC_NAMESPACE, 'resources');
  // Each item's files: its page, its stored files, then their renderings, each with what it is.
  const entriesOf = new Map<string, { path: string; role: CartridgeFileRole }[]>();
  const addEntry = (itemId: string, path: string, role: CartridgeFileRole) =>
    entriesOf.set(itemId, [...(entriesOf.get(itemId) ?? []), { path, role }]);
  for (const entry of layout.entries)
    addEntry(entry.item.id, entry.path, { kind: 'stored', file: entry.file });
  for (const r of layout.rendered) addEntry(r.file.contentId, r.path, { kind: 'rendering', of: r.file });
  for (const item of tree.items) {
    const href = pagePath(layout, item);
    const resource = resources
      .ele(CC_NAMESPACE, 'resource')
      .att('identifier', resourceId(item.id))
      .att('type', 'webcontent')
      .att('href', href);
    for (const { path, role } of [
      { path: href, role: { kind: 'page' } as const },
      ...(entriesOf.get(item.id) ?? []),
    ])
      addFileMetadata(resource.ele(CC_NAMESPACE, 'file').att('href', path), role);
  }
  return doc.end({ prettyPrint: true });
}

/** Reads a stored file whole (a Markdown or AsciiDoc file of at most RENDER_MAX_BYTES). */
async function readStored(fileStore: FileStore, file: BundleFile): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of fileStore.get(file.storageKey)) chunks.push(chunk as Buffer);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MissingFileError(file.name);
    throw error;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** What writing a cartridge gives. */
export interface WrittenCartridge extends PutResult {
  layout: CartridgeLayout;
  /** SHA-256 of each stored file's bytes, by file id. */
  hashes: Map<string, string>;
}

/**
 * Streams the cartridge of `tree` into the store under `storageKey`: imsmanifest.xml, every item's
 * page, the renderings, then the stored files (streamZip).
 * @throws as streamZip; MissingFileError when a file to render is not in the store
 */
export async function writeCartridge(args: {
  tree: BundleTree;
  pages: ReadonlyMap<string, ItemPage>;
  fileStore: FileStore;
  storageKey: string;
  context: ArchiveContext;
  signal?: AbortSignal;
}): Promise<WrittenCartridge> {
  const { tree, pages, context } = args;
  const layout = layoutCartridge(tree);
  const mtime = context.generatedAt;
  const documents: ArchiveDocument[] = [
    {
      path: CARTRIDGE_MANIFEST_NAME,
      mtime,
      bytes: Buffer.from(renderCartridgeManifest({ tree, pages, layout, context })),
    },
  ];
  for (const item of tree.items) {
    const page = renderItemPage({
      item,
      page: pages.get(item.id) ?? emptyItemPage(),
      childPages: item.children.map((child) => ({ item: child, path: pagePath(layout, child) })),
      files: layout.linksOf.get(item.id) ?? [],
      portalUrl: `${context.publicBaseUrl}/courseware/${item.urlAlias}`,
    });
    documents.push({ path: pagePath(layout, item), mtime, bytes: Buffer.from(page) });
  }
  for (const r of layout.rendered) {
    const source = await readStored(args.fileStore, r.file);
    documents.push({
      path: r.path,
      mtime,
      bytes: Buffer.from(await renderDocumentPage(r.kind, r.file.name, source)),
    });
  }
  const written = await streamZip({
    fileStore: args.fileStore,
    storageKey: args.storageKey,
    signal: args.signal,
    documents,
    entries: layout.entries,
  });
  return { ...written, layout };
}
