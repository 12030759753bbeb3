/**
 * The dry run of an import (issue 38 "Preview before writing"): a read package compared with what an
 * earlier import of the same package left. Each item is new, changed (with the fields that differ) or
 * unchanged, each file new, changed (other bytes) or unchanged; items the package no longer holds are
 * listed as gone (never deleted); every problem is an issue. The writer (`course-writer.ts`) writes
 * exactly this plan, so what the curator confirmed is what is written.
 */
import crypto from 'node:crypto';
import { CHILD_NAME_MAX, CONTENT_NAME_MAX, DESCRIPTION_MAX } from '@portal/shared/limits';
import type { ImportChange, ImportFormat } from '@portal/shared/schemas/imports-limits';
import type { ImportIssue, ImportPreview } from '@portal/shared/schemas/imports';
import { defaultAlias, distinctIgnoringCase } from '@portal/shared/schemas/courseware';
import type { Db } from '../../db/client.js';
import { htmlToText, sanitizeRichText } from '../../lib/html.js';
import type { SourceFile, SourceItem, SourcePerson } from './course-tree.js';
import { extractHiddenKeywords, normalizeKeywords } from './hidden-keywords.js';
import * as repo from './imports.repository.js';
import type { ReadPackage } from './package.js';
import { planFiles, shortened, type KnownHashes } from './plan-files.js';
import { previewOf } from './plan-preview.js';

/** Imported content is visible to everyone and found by search unless its source says otherwise (000 §4). */
const IMPORTED_STATUS = 'published';

/** The fields of a content row an import sets. */
export interface ItemFields {
  name: string;
  description: string;
  descriptionText: string;
  categories: string[];
  tags: string[];
  keywords: string[];
  educationLevels: string[];
  experienceLevels: string[];
  includes: string[];
  sourceName: string;
  sourceUrl: string | null;
  sourceAuthor: string | null;
  licenseName: string | null;
  licenseUrl: string | null;
}

/** A file of a planned item. */
export interface PlannedFile {
  source: SourceFile;
  /** Its path in the package, its key on the next import. */
  path: string;
  name: string;
  size: number;
  sha256: string;
  mimeType: string;
  index: number;
  change: ImportChange;
  /** The file an earlier import attached at this path. */
  existing?: repo.FileOriginRow;
}

/** An item of the plan, in pre-order (parents first). */
export interface PlannedItem {
  source: SourceItem;
  path: string;
  depth: number;
  parent: PlannedItem | undefined;
  index: number;
  /** The existing item's id, or the new item's. */
  id: string;
  urlAlias: string;
  fields: ItemFields;
  status: string;
  knowledgeIds: string[];
  contributors: SourcePerson[];
  sections: { name: string; description: string }[];
  fieldsHash: string;
  change: ImportChange;
  changedFields: string[];
  existing?: repo.OriginRow;
  files: PlannedFile[];
}

/** What an import would do, and the preview the curator sees of it. */
export interface ImportPlan {
  format: ImportFormat;
  packageId: string;
  items: PlannedItem[];
  /** The course an earlier import wrote, when this updates it. */
  courseId: string | null;
  preview: ImportPreview;
}

/** Sanitised description within DESCRIPTION_MAX, cut at a block boundary so no element is left open. */
export function boundedDescription(html: string): string {
  const clean = sanitizeRichText(html);
  if (clean.length <= DESCRIPTION_MAX) return clean;
  const end = clean.lastIndexOf('</p>', DESCRIPTION_MAX - '</p>'.length);
  return end > 0
    ? clean.slice(0, end + '</p>'.length)
    : sanitizeRichText(htmlToText(clean).slice(0, DESCRIPTION_MAX));
}

/** Description HTML, its text, and the keywords it carried in the legacy hidden form (000 §3). */
export function prepareDescription(rawHtml: string): {
  description: string;
  descriptionText: string;
  keywords: string[];
} {
  const { description, keywords } = extractHiddenKeywords(rawHtml);
  const html = boundedDescription(description);
  return { description: html, descriptionText: htmlToText(html), keywords };
}

/** A stable fingerprint of what the package gives an item (its parent and place included). */
function fingerprint(item: Omit<PlannedItem, 'fieldsHash' | 'change' | 'changedFields' | 'files'>): string {
  const shape = {
    fields: item.fields,
    status: item.status,
    knowledgeIds: item.knowledgeIds,
    contributors: item.contributors.map((c) => c.name),
    sections: item.sections,
    parent: item.parent?.path ?? null,
    index: item.index,
  };
  return crypto.createHash('sha256').update(JSON.stringify(shape)).digest('hex');
}

/**
 * Plans the import of a read package: compares it with the earlier import of the same package id,
 * resolves knowledge codes against the reference data, gives new items free URL aliases, and hashes
 * every file (unless `known` gives its hash: unpacking took it).
 * @returns the plan and its preview; problems are issues in the preview, never thrown
 * @throws Error when a staged file cannot be read
 */
export async function planImport(db: Db, read: ReadPackage, known?: KnownHashes): Promise<ImportPlan> {
  const issues: ImportIssue[] = [...read.issues];
  const origins = await repo.findOrigins(db, read.packageId);
  const originByPath = new Map(origins.map((o) => [o.path, o]));
  const fileOrigins = await repo.findFileOrigins(
    db,
    origins.map((o) => o.contentId),
  );
  const fileOriginByKey = new Map(fileOrigins.map((f) => [`${f.contentId}\n${f.path}`, f]));

  const wanted = collectKnowledgeIds(read.source.course);
  const knownKnowledge = await repo.findKnowledgeIds(db, wanted);

  const items: PlannedItem[] = [];
  const seenPaths = new Set<string>();
  const visit = (source: SourceItem, parent: PlannedItem | undefined, index: number, namesPath: string) => {
    const path = source.originPath ?? namesPath;
    if (seenPaths.has(path)) {
      issues.push({ severity: 'error', path, message: `Two items of the package have the path "${path}".` });
    }
    seenPaths.add(path);
    const existing = originByPath.get(path);
    const name = shortened(
      source.name.replace(/\s+/g, ' ').trim(),
      parent ? CHILD_NAME_MAX : CONTENT_NAME_MAX,
    );
    const { description, descriptionText, keywords: hidden } = prepareDescription(source.descriptionHtml);
    const knowledgeIds = distinctIgnoringCase(source.alignments.map((a) => a.knowledgeId)).flatMap((id) => {
      const stored = knownKnowledge.get(id.toLowerCase());
      if (stored) return [stored];
      const [type, code] = [id.slice(0, id.indexOf('-')).toUpperCase(), id.slice(id.indexOf('-') + 1)];
      issues.push({
        severity: 'warning',
        path,
        message: `${type} ${code} is not in the portal's reference data; "${name}" is imported without it.`,
      });
      return [];
    });
    const item: PlannedItem = {
      source,
      path,
      depth: parent ? parent.depth + 1 : 0,
      parent,
      index,
      id: existing?.contentId ?? crypto.randomUUID(),
      urlAlias: existing?.urlAlias ?? '',
      fields: {
        name,
        description,
        descriptionText,
        categories: source.categories,
        tags: source.tags,
        keywords: normalizeKeywords([...source.keywords, ...hidden]),
        educationLevels: source.educationLevels,
        experienceLevels: source.experienceLevels,
        includes: distinctIgnoringCase(source.includes),
        sourceName: read.source.sourceName,
        sourceUrl: source.sourceUrl || null,
        sourceAuthor: source.sourceAuthor,
        licenseName: source.license.name || null,
        licenseUrl: source.license.url || null,
      },
      status: source.status ?? IMPORTED_STATUS,
      knowledgeIds,
      contributors: source.contributors,
      sections: source.sections.map((s) => ({
        name: shortened(s.name, CHILD_NAME_MAX),
        description: prepareDescription(s.descriptionHtml).description,
      })),
      fieldsHash: '',
      change: 'new',
      changedFields: [],
      existing,
      files: [],
    };
    item.fieldsHash = fingerprint(item);
    items.push(item);
    source.children.forEach((child, k) => visit(child, item, k, `${path}/${child.name}`));
  };
  visit(read.source.course, undefined, 0, read.source.course.name);

  await planFiles(items, fileOriginByKey, issues, known);
  await compareWithCurrent(db, items);
  await giveAliases(db, items, issues);

  const inPackage = new Set(items.map((i) => i.path));
  const gone = origins
    .filter((o) => !inPackage.has(o.path))
    .map((o) => ({ id: o.contentId, name: o.name, urlAlias: o.urlAlias, path: o.path }));
  const course = items[0]!;
  return {
    format: read.format,
    packageId: read.packageId,
    items,
    courseId: course.existing?.contentId ?? null,
    preview: previewOf(items, gone, issues),
  };
}

function collectKnowledgeIds(item: SourceItem): string[] {
  return [...item.alignments.map((a) => a.knowledgeId), ...item.children.flatMap(collectKnowledgeIds)];
}

/** Field names as the preview shows them, for the fields a changed item's update sets. */
const COMPARED_FIELDS = [
  'name',
  'description',
  'categories',
  'tags',
  'keywords',
  'educationLevels',
  'experienceLevels',
  'includes',
  'sourceName',
  'sourceUrl',
  'sourceAuthor',
  'licenseName',
  'licenseUrl',
  'knowledgeIds',
] as const;

/** Marks each existing item changed or unchanged; a changed one lists the fields that differ now. */
async function compareWithCurrent(db: Db, items: PlannedItem[]): Promise<void> {
  const current = new Map(
    (
      await repo.findCurrentItems(
        db,
        items.flatMap((i) => (i.existing ? [i.existing.contentId] : [])),
      )
    ).map((r) => [r.id, r.fields]),
  );
  for (const item of items) {
    const filesChanged = item.files.some((f) => f.change !== 'unchanged');
    if (!item.existing) continue;
    const fieldsChanged = item.existing.fieldsHash !== item.fieldsHash;
    if (!fieldsChanged && !filesChanged) {
      item.change = 'unchanged';
      continue;
    }
    item.change = 'changed';
    const now = current.get(item.existing.contentId) ?? {};
    const next: Record<string, unknown> = { ...item.fields, knowledgeIds: item.knowledgeIds };
    if (fieldsChanged) {
      item.changedFields = COMPARED_FIELDS.filter(
        (key) => JSON.stringify(now[key] ?? null) !== JSON.stringify(next[key] ?? null),
      );
      if (item.existing.parentId !== (item.parent?.id ?? null)) item.changedFields.push('position');
      // Contributors, sections or the place among siblings: named as such when nothing else differs.
      if (item.changedFields.length === 0) item.changedFields.push('details');
    }
    if (filesChanged) item.changedFields.push('files');
  }
}

/**
 * Gives each new item a URL alias: the hyphenated name under its parent's (000 §5), numbered when a
 * sibling of the package or another item of the portal has it already (a warning says so).
 */
async function giveAliases(db: Db, items: PlannedItem[], issues: ImportIssue[]): Promise<void> {
  const fresh = items.filter((i) => !i.existing);
  const planned = new Set(items.filter((i) => i.existing).map((i) => i.urlAlias));
  // Parents come first (pre-order), so each parent's alias is known when its children are given theirs.
  const byDepth = new Map<number, PlannedItem[]>();
  for (const item of fresh) byDepth.set(item.depth, [...(byDepth.get(item.depth) ?? []), item]);
  for (const depth of [...byDepth.keys()].sort((a, b) => a - b)) {
    const level = byDepth.get(depth)!;
    const bases = level.map((i) => defaultAlias(i.fields.name, i.parent?.urlAlias) || 'item');
    let taken = await repo.findTakenAliases(db, bases);
    for (const [k, item] of level.entries()) {
      const base = bases[k]!;
      let alias = base;
      for (let n = 2; planned.has(alias) || taken.has(alias); n += 1) {
        alias = `${base}-${n}`;
        if (!planned.has(alias) && !taken.has(alias)) taken = await repo.findTakenAliases(db, [alias]);
      }
      if (alias !== base && !planned.has(base) && taken.has(base)) {
        issues.push({
          severity: 'warning',
          path: item.path,
          message: `Another item already has the address /courseware/${base}; "${item.fields.name}" gets /courseware/${alias}.`,
        });
      }
      planned.add(alias);
      item.urlAlias = alias;
    }
  }
}
