/**
 * Reads a staged folder tree (issue 38 "a zip or folder tree") as one course: folders become the tree
 * (the course, its modules, their lessons), a folder's `README.md` or `index.md` becomes its description
 * and its YAML front matter (ImportFrontMatterSchema) sets the metadata the item editor has; every other
 * file is attached to its folder's item. When all files lie under one top folder, that folder is the
 * course; otherwise the package itself is, named after the uploaded file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CONTENT_CATEGORIES, type ContentCategory } from '@portal/shared/enums';
import { MEDIA_TYPE_OF_EXTENSION } from '@portal/shared/file-types';
import { fileExtensionOf } from '@portal/shared/schemas/files';
import {
  ImportFrontMatterSchema,
  type ImportFrontMatter,
  type ImportIssue,
} from '@portal/shared/schemas/imports';
import { IMPORT_ITEMS_MAX, IMPORT_MANIFEST_MAX_BYTES } from '@portal/shared/schemas/imports-limits';
import { parseFrontMatter, renderMarkdown, withoutTitle } from '../../lib/markdown.js';
import { naturalCompare, sourceItem, type SourceItem, type SourceLicense } from './course-tree.js';
import type { ReadPackage, StagedFile, StagedPackage } from './package.js';

/** File names (lower-cased) read as their folder's description, in order of preference. */
export const DESCRIPTION_FILES = ['readme.md', 'index.md', 'readme.markdown'] as const;
/** The media type of a file whose extension says nothing. */
const UNKNOWN_MEDIA_TYPE = 'application/octet-stream';
/** Categories by depth when the front matter names none: the course, its modules, their lessons. */
const CATEGORY_BY_DEPTH: readonly ContentCategory[] = ['course', 'module'];
const DEEPER_CATEGORY: ContentCategory = 'lesson';
/** Knowledge id prefixes by front matter key (the reference data's ids are `<prefix>-<code>`). */
const KNOWLEDGE_KEYS = ['ksa', 'ku', 'tks', 'cybok'] as const;

interface FolderNode {
  /** Path in the package, relative to the course folder ('' for the course). */
  path: string;
  name: string;
  folders: Map<string, FolderNode>;
  files: StagedFile[];
}

/** The media type a file is stored with, from its extension. */
export function mediaTypeOf(filename: string): string {
  return MEDIA_TYPE_OF_EXTENSION[fileExtensionOf(filename)] ?? UNKNOWN_MEDIA_TYPE;
}

/** The file name of a package path. */
const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** Builds the folder tree under `prefix` ('' or 'top/'); paths of nodes are relative to it. */
function folderTree(files: readonly StagedFile[], prefix: string, name: string): FolderNode {
  const root: FolderNode = { path: '', name, folders: new Map(), files: [] };
  for (const file of files) {
    const parts = file.path.slice(prefix.length).split('/');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      let next = node.folders.get(part);
      if (!next) {
        next = { path: node.path ? `${node.path}/${part}` : part, name: part, folders: new Map(), files: [] };
        node.folders.set(part, next);
      }
      node = next;
    }
    node.files.push(file);
  }
  return root;
}

/** The one folder every file lies under, or undefined. */
function singleTopFolder(files: readonly StagedFile[]): string | undefined {
  const tops = new Set(files.map((f) => (f.path.includes('/') ? f.path.split('/')[0] : '')));
  const [top] = tops;
  return tops.size === 1 && top ? top : undefined;
}

/** "02_web-security" → "02 web security": a folder or file name read as a title. */
function titleOf(name: string): string {
  return (
    name
      .replace(/\.[a-z0-9]{1,10}$/i, '')
      .replace(/[_-]+/g, ' ')
      .trim() || name
  );
}

/** Reads a description file's front matter and body; a problem is an issue and the file reads as empty. */
async function readDescription(
  staged: StagedPackage,
  file: StagedFile,
  issues: ImportIssue[],
): Promise<{ front: ImportFrontMatter; body: string }> {
  const empty = { front: {}, body: '' };
  if (file.size > IMPORT_MANIFEST_MAX_BYTES) {
    issues.push({
      severity: 'error',
      path: file.path,
      message: `${baseName(file.path)} is larger than ${IMPORT_MANIFEST_MAX_BYTES} bytes; a description must be shorter.`,
    });
    return empty;
  }
  const bytes = await fs.promises.readFile(path.join(staged.root, file.path));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    issues.push({
      severity: 'error',
      path: file.path,
      message: `${baseName(file.path)} is not UTF-8 text. Save it as UTF-8 and upload the package again.`,
    });
    return empty;
  }
  let parsed: { data: Record<string, unknown>; body: string };
  try {
    parsed = parseFrontMatter(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    issues.push({
      severity: 'error',
      path: file.path,
      message: `The front matter of ${baseName(file.path)} is not YAML: ${(error as Error).message.replace(/^Front matter is not valid YAML: /, '')}`,
    });
    return empty;
  }
  const checked = ImportFrontMatterSchema.safeParse(parsed.data);
  if (!checked.success) {
    for (const problem of checked.error.issues) {
      const key = problem.path.join('.');
      issues.push({
        severity: 'error',
        path: file.path,
        message:
          problem.code === 'unrecognized_keys'
            ? `Front matter of ${baseName(file.path)}: unknown ${problem.keys.length > 1 ? 'keys' : 'key'} ${problem.keys.join(', ')}.`
            : `Front matter of ${baseName(file.path)}, ${key || 'value'}: ${problem.message}`,
      });
    }
    return { front: {}, body: parsed.body };
  }
  return { front: checked.data, body: parsed.body };
}

/** What an item inherits from its parent: its licence and the address of its source. */
interface Inherited {
  license: SourceLicense;
  sourceUrl: string;
}

/**
 * Reads a staged folder tree as a course.
 * @param options.packageName the uploaded file's name (the course's name when the package has no top folder)
 * @returns the course tree (each item's and file's `originPath` relative to the course folder), the
 *   package identifier (the course front matter's `id`, else the course folder's name) and the problems
 * @throws Error when a staged file cannot be read (the staging folder went)
 */
export async function readFolderTree(
  staged: StagedPackage,
  options: { packageName: string },
): Promise<ReadPackage> {
  const issues: ImportIssue[] = [];
  const top = singleTopFolder(staged.files);
  const courseFolder = top ?? titleOf(options.packageName);
  const tree = folderTree(staged.files, top ? `${top}/` : '', courseFolder);
  let count = 0;
  let sourceName = courseFolder;
  let packageId = courseFolder;

  const visit = async (node: FolderNode, depth: number, inherited: Inherited): Promise<SourceItem> => {
    count += 1;
    const described = node.files.find((f) =>
      (DESCRIPTION_FILES as readonly string[]).includes(baseName(f.path).toLowerCase()),
    );
    const { front, body: text } = described
      ? await readDescription(staged, described, issues)
      : { front: {} as ImportFrontMatter, body: '' };
    // A first heading that names the item is its name, not part of its description.
    const titled = withoutTitle(text);
    const headingIsName =
      titled.title !== undefined &&
      (front.title === undefined || titled.title.toLowerCase() === front.title.toLowerCase());
    const body = headingIsName ? titled.body : text;
    if (depth === 0) {
      packageId = front.id ?? packageId;
      sourceName = front.source ?? sourceName;
    } else if (front.id !== undefined) {
      issues.push({
        severity: 'warning',
        path: described!.path,
        message: `"id" names the package in the course's own README only; it is ignored here.`,
      });
    }
    const license: SourceLicense = front.license
      ? { name: front.license, url: front.licenseUrl ?? '' }
      : inherited.license;
    const sourceUrl = front.sourceUrl ?? inherited.sourceUrl;
    const categories = front.category ?? [CATEGORY_BY_DEPTH[depth] ?? DEEPER_CATEGORY];
    const knowledge = KNOWLEDGE_KEYS.flatMap((key) =>
      (front[key] ?? []).map((code) => ({
        knowledgeId: code.toLowerCase().startsWith(`${key}-`) ? code : `${key}-${code}`,
      })),
    );
    const item = sourceItem({
      name: front.title ?? (headingIsName ? titled.title : undefined) ?? titleOf(node.name),
      sourceUrl,
      license,
      descriptionHtml: body.trim() ? renderMarkdown(body) : '',
      categories: categories.filter((c) => (CONTENT_CATEGORIES as readonly string[]).includes(c)),
      tags: front.tags ?? [],
      keywords: front.keywords ?? [],
      educationLevels: front.educationLevels ?? [],
      experienceLevels: front.experienceLevels ?? [],
      status: front.status,
      contributors: (front.contributors ?? []).map((name) => ({ name })),
      alignments: knowledge,
      originPath: node.path,
    });
    item.files = node.files
      .filter((f) => f !== described)
      .sort((a, b) => naturalCompare(a.path, b.path))
      .map((f) => ({
        path: path.join(staged.root, f.path),
        filename: baseName(f.path),
        name: baseName(f.path),
        mimeType: mediaTypeOf(f.path),
        originPath: top ? f.path.slice(top.length + 1) : f.path,
      }));
    const next = { license, sourceUrl };
    for (const folder of [...node.folders.values()].sort((a, b) => naturalCompare(a.name, b.name))) {
      if (count >= IMPORT_ITEMS_MAX) {
        issues.push({
          severity: 'error',
          path: folder.path,
          message: `The package holds more than ${IMPORT_ITEMS_MAX} folders; import it in parts.`,
        });
        break;
      }
      item.children.push(await visit(folder, depth + 1, next));
    }
    return item;
  };

  const course = await visit(tree, 0, { license: { name: '', url: '' }, sourceUrl: '' });
  if (!course.license.name) {
    issues.push({
      severity: 'warning',
      path: '',
      message:
        'The course states no licence ("license:" in its README front matter); its items will show none.',
    });
  }
  return { format: 'zip', packageId, source: { key: packageId, sourceName, course }, issues };
}
