/**
 * The layout and the documents of a bundle's zip (000 §4, §7; issue 3): the item tree laid out as
 * folders with names safe and unique per folder, and the two documents at the archive's root,
 * README.md (what it is, where it comes from, under which licence, the item tree) and manifest.json
 * (every file with its path, size and SHA-256, and every item's metadata). Pure: no store, no stream.
 */
import { CONTENT_CATEGORY_LABELS, type ContentCategory } from '@portal/shared/enums';
import { DATE_FORMAT } from '@portal/shared/limits';
import { BUNDLE_FORMAT_VERSION, type BundleFile, type BundleItem, type BundleTree } from './bundle-tree.js';
import { UniqueNames, safeSegment } from './filenames.js';

/** One file as it goes into the archive. */
export interface ArchiveEntry {
  file: BundleFile;
  item: BundleItem;
  /** The entry name: <item folders>/<file name>. */
  path: string;
  /** Deflate (true) or store (false). */
  compress: boolean;
}

/** Names of the two documents at the archive's root. */
export const README_NAME = 'README.md';
export const MANIFEST_NAME = 'manifest.json';

/**
 * Lays the tree out as folders: the item as the top folder, each child a folder inside its parent, each
 * file by its download name; names are made safe and unique per folder (case-insensitively), the
 * item's own files claimed before its child folders.
 */
export function layoutArchive(tree: BundleTree): { entries: ArchiveEntry[]; folderOf: Map<string, string> } {
  const folderOf = new Map<string, string>();
  const entries: ArchiveEntry[] = [];
  const rootNames = new UniqueNames();
  rootNames.reserve(README_NAME);
  rootNames.reserve(MANIFEST_NAME);
  const place = (item: BundleItem, folder: string) => {
    folderOf.set(item.id, folder);
    const names = new UniqueNames();
    for (const file of item.files) {
      const name = names.claim(safeSegment(file.filename) || safeSegment(file.name) || 'file');
      entries.push({ file, item, path: `${folder}/${name}`, compress: true });
    }
    for (const child of item.children)
      place(child, `${folder}/${names.claim(safeSegment(child.name) || 'item')}`);
  };
  place(tree.root, rootNames.claim(safeSegment(tree.root.name) || 'content'));
  return { entries, folderOf };
}

const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');
const KILO = 1024;
function formatSize(bytes: number): string {
  if (bytes < KILO) return `${bytes} B`;
  if (bytes < KILO * KILO) return `${(bytes / KILO).toFixed(1)} KB`;
  if (bytes < KILO * KILO * KILO) return `${(bytes / KILO / KILO).toFixed(1)} MB`;
  return `${(bytes / KILO / KILO / KILO).toFixed(2)} GB`;
}

/** What the README and manifest say about where the archive comes from. */
export interface ArchiveContext {
  /** The portal's own address (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  generatedAt: Date;
}

const itemUrl = (context: ArchiveContext, item: BundleItem) =>
  `${context.publicBaseUrl}/courseware/${item.urlAlias}`;

/** README.md: what the archive is, its sources and licences, and the tree with each file's path. */
export function renderReadme(
  tree: BundleTree,
  entries: readonly ArchiveEntry[],
  context: ArchiveContext,
): string {
  const root = tree.root;
  const pathOf = new Map(entries.map((e) => [e.file.id, e.path]));
  const total = entries.reduce((sum, e) => sum + e.file.size, 0);
  const lines = [
    `# ${escapeMarkdown(root.name)}`,
    '',
    `This archive holds the files of the courseware item “${escapeMarkdown(root.name)}” and of every item below it, ` +
      `${entries.length} ${entries.length === 1 ? 'file' : 'files'} (${formatSize(total)}), ` +
      `as published at ${itemUrl(context, root)} on ${context.generatedAt.toISOString().slice(0, DATE_FORMAT.length)}.`,
    '',
    `The folders follow the item tree. \`${MANIFEST_NAME}\` lists every file with its path, size and SHA-256 ` +
      '(check one with `sha256sum <path>`) and every item’s categories, levels, tags and TKS, KSA and KU ids.',
    '',
    '## Sources and licences',
    '',
  ];
  const sources = new Map<string, { source: NonNullable<BundleItem['source']>; items: string[] }>();
  for (const item of tree.items) {
    if (!item.source) continue;
    const key = JSON.stringify(item.source);
    const entry = sources.get(key) ?? { source: item.source, items: [] };
    entry.items.push(item.name);
    sources.set(key, entry);
  }
  if (sources.size === 0) lines.push('No source or licence is recorded for these items.');
  for (const { source, items } of sources.values()) {
    const parts = [
      source.name
        ? `Source: ${source.url ? `[${escapeMarkdown(source.name)}](${source.url})` : escapeMarkdown(source.name)}`
        : '',
      source.license
        ? `Licence: ${source.licenseUrl ? `[${escapeMarkdown(source.license)}](${source.licenseUrl})` : escapeMarkdown(source.license)}`
        : '',
      source.author ? `Author: ${escapeMarkdown(source.author)}` : '',
    ].filter(Boolean);
    const scope =
      items.length === tree.items.length ? 'all items' : `${items.length} of ${tree.items.length} items`;
    lines.push(`- ${parts.join(' · ')} (${scope})`);
  }
  lines.push(
    '',
    'Keep the attribution and licence of each source when you share or adapt these files.',
    '',
    '## Contents',
    '',
  );
  const walk = (item: BundleItem, depth: number) => {
    const indent = '  '.repeat(depth);
    const kinds = item.categories.map((c) => CONTENT_CATEGORY_LABELS[c as ContentCategory] ?? c).join(', ');
    lines.push(`${indent}- **${escapeMarkdown(item.name)}**${kinds ? ` (${kinds})` : ''}`);
    for (const file of item.files) {
      lines.push(
        `${indent}  - \`${pathOf.get(file.id) ?? ''}\` — ${escapeMarkdown(file.name)}, ${formatSize(file.size)}`,
      );
    }
    for (const child of item.children) walk(child, depth + 1);
  };
  walk(root, 0);
  lines.push('', `Built by the range portal (bundle format ${BUNDLE_FORMAT_VERSION}).`, '');
  return lines.join('\n');
}

/** manifest.json (issue 3): the archive's files with path, size and SHA-256, and the items' metadata. */
export function renderManifest({
  tree,
  entries,
  hashes,
  folderOf,
  context,
}: {
  tree: BundleTree;
  entries: readonly ArchiveEntry[];
  hashes: ReadonlyMap<string, string>;
  folderOf: ReadonlyMap<string, string>;
  context: ArchiveContext;
}): string {
  const manifest = {
    format: `range-portal-bundle/${BUNDLE_FORMAT_VERSION}`,
    generatedAt: context.generatedAt.toISOString(),
    portal: context.publicBaseUrl,
    contentId: tree.root.id,
    url: itemUrl(context, tree.root),
    items: tree.items.map((item) => ({
      id: item.id,
      parentId: item.id === tree.root.id ? null : item.parentId,
      name: item.name,
      path: folderOf.get(item.id) ?? null,
      url: itemUrl(context, item),
      status: item.status,
      categories: item.categories,
      educationLevels: item.educationLevels,
      experienceLevels: item.experienceLevels,
      tags: item.tags,
      tkss: item.tkss,
      ksas: item.ksas,
      kus: item.kus,
      source: item.source,
      modifiedTimestamp: item.modifiedTimestamp,
    })),
    files: entries.map((entry) => ({
      id: entry.file.id,
      contentId: entry.item.id,
      path: entry.path,
      name: entry.file.name,
      type: entry.file.type,
      size: entry.file.size,
      sha256: hashes.get(entry.file.id) ?? null,
      compression: entry.compress ? 'deflate' : 'store',
    })),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
