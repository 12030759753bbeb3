/**
 * Writes one course tree (course-tree.ts) as content rows, sections, contributors and files, in one
 * transaction. File bytes go to the file store first; if the transaction fails they are deleted
 * again, so a failure leaves neither rows nor stored files behind.
 */
import { enqueueDocumentText } from '../files/index.js';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import {
  CHILD_NAME_MAX,
  CONTENT_NAME_MAX,
  CONTRIBUTOR_FIELD_MAX,
  DESCRIPTION_MAX,
  FILE_NAME_MAX,
} from '@portal/shared/limits';
import type { Db } from '../../db/client.js';
import type { contributor } from '../../db/schema/contributors.js';
import type { content, contentSection } from '../../db/schema/courseware.js';
import type { file } from '../../db/schema/files.js';
import { defaultAlias, distinctIgnoringCase } from '@portal/shared/schemas/courseware';
import { htmlToText, sanitizeRichText } from '../../lib/html.js';
import { newStorageKey, type FileStore } from '../../lib/storage.js';
import { type CourseSource, type SourceItem, type SourcePerson } from './course-tree.js';
import { extractHiddenKeywords, normalizeKeywords } from './hidden-keywords.js';
import {
  contentAliasExists,
  findContributorsByFullName,
  insertContent,
  insertContentContributors,
  insertContentKnowledge,
  insertCreatedRevisions,
  insertContributors,
  insertFiles,
  insertSections,
  lockSeed,
} from './seed.repository.js';

/** Files copied into the store at the same time (the sources hold about 150 small files). */
export const FILE_PUT_CONCURRENCY = 8;
/** Imported content is visible to everyone and found by search (000 §4). */
const IMPORTED_STATUS = 'published';

/** What one course import did. */
export interface CourseImportSummary {
  key: string;
  name: string;
  /** True when the course (its URL alias) was already there and nothing was written. */
  skipped: boolean;
  modules: number;
  /** Every content row written, the course included. */
  items: number;
  files: number;
  bytes: number;
  sections: number;
  contributorsCreated: number;
}

type ContentInsert = typeof content.$inferInsert;

interface PlannedItem {
  row: ContentInsert & { id: string; urlAlias: string };
  source: SourceItem;
  depth: number;
}

/** Thrown inside the transaction when another instance imported the course first; rolls back quietly. */
class AlreadyImported extends Error {}

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/**
 * Sanitised description within DESCRIPTION_MAX: cut at the last block boundary that fits, so no
 * element is left half-open (the sources' descriptions are far shorter; this only guards the limit).
 */
function boundedDescription(html: string): string {
  const clean = sanitizeRichText(html);
  if (clean.length <= DESCRIPTION_MAX) return clean;
  const end = clean.lastIndexOf('</p>', DESCRIPTION_MAX - '</p>'.length);
  return end > 0
    ? clean.slice(0, end + '</p>'.length)
    : sanitizeRichText(htmlToText(clean).slice(0, DESCRIPTION_MAX));
}

/** Description HTML, its text, and the keywords it carried in the legacy hidden form (000 §3). */
function prepareDescription(rawHtml: string): {
  description: string;
  descriptionText: string;
  keywords: string[];
} {
  const { description, keywords } = extractHiddenKeywords(rawHtml);
  const html = boundedDescription(description);
  return { description: html, descriptionText: htmlToText(html), keywords };
}

/** Splits a person's name: first word, last word, and what is between (000 §3 Contributor). */
export function splitPersonName(
  name: string,
): { firstName: string; middleName: string | null; lastName: string } | undefined {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return undefined;
  const middle = words.slice(1, -1).join(' ');
  return {
    firstName: cut(words[0]!, CONTRIBUTOR_FIELD_MAX),
    middleName: middle ? cut(middle, CONTRIBUTOR_FIELD_MAX) : null,
    lastName: cut(words[words.length - 1]!, CONTRIBUTOR_FIELD_MAX),
  };
}

/** Lays the tree out as rows in pre-order (parents first), with ids, aliases, indexes and the root id. */
function plan(source: CourseSource): PlannedItem[] {
  const planned: PlannedItem[] = [];
  const courseId = crypto.randomUUID();
  const visit = (
    item: SourceItem,
    parent: PlannedItem | undefined,
    index: number,
    siblingAliases: Set<string>,
  ) => {
    const id = parent ? crypto.randomUUID() : courseId;
    const name = cut(item.name.replace(/\s+/g, ' ').trim(), parent ? CHILD_NAME_MAX : CONTENT_NAME_MAX);
    // Two siblings of one name would share an alias; the second gets a number (the alias is unique).
    const base = defaultAlias(name, parent?.row.urlAlias);
    let urlAlias = base;
    for (let n = 2; siblingAliases.has(urlAlias); n += 1) urlAlias = `${base}-${n}`;
    siblingAliases.add(urlAlias);
    const { description, descriptionText, keywords: hidden } = prepareDescription(item.descriptionHtml);
    const row: PlannedItem['row'] = {
      id,
      name,
      description,
      descriptionText,
      urlAlias,
      status: item.status ?? IMPORTED_STATUS,
      categories: item.categories,
      tags: item.tags,
      keywords: normalizeKeywords([...item.keywords, ...hidden]),
      educationLevels: item.educationLevels,
      experienceLevels: item.experienceLevels,
      includes: distinctIgnoringCase(item.includes),
      parentId: parent?.row.id ?? null,
      rootId: courseId,
      index,
      sourceName: source.sourceName,
      sourceUrl: item.sourceUrl,
      sourceAuthor: item.sourceAuthor,
      licenseName: item.license.name,
      licenseUrl: item.license.url,
    };
    const node: PlannedItem = { row, source: item, depth: parent ? parent.depth + 1 : 0 };
    planned.push(node);
    const childAliases = new Set<string>();
    item.children.forEach((child, k) => visit(child, node, k, childAliases));
  };
  visit(source.course, undefined, 0, new Set());
  return planned;
}

/** People of the whole tree, once per name (case-insensitive), with a school or title any mention gives. */
function peopleOf(items: PlannedItem[]): Map<string, SourcePerson> {
  const people = new Map<string, SourcePerson>();
  for (const person of items.flatMap((i) => i.source.contributors)) {
    const key = person.name.replace(/\s+/g, ' ').trim().toLowerCase();
    const known = people.get(key);
    people.set(key, {
      name: known?.name ?? person.name.replace(/\s+/g, ' ').trim(),
      school: known?.school ?? person.school,
      title: known?.title ?? person.title,
    });
  }
  return people;
}

interface StoredFile {
  contentId: string;
  index: number;
  name: string;
  filename: string;
  mimeType: string;
  storageKey: string;
  size: number;
  sha256: string;
}

/** Copies every source file of the plan into the store; on failure removes what it stored and rethrows. */
async function storeFiles(items: PlannedItem[], fileStore: FileStore): Promise<StoredFile[]> {
  const jobs = items.flatMap((item) =>
    item.source.files.map((f, index) => ({ contentId: item.row.id, index, f })),
  );
  const stored: StoredFile[] = [];
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < jobs.length) {
      const job = jobs[next]!;
      next += 1;
      const storageKey = newStorageKey();
      let body: fs.ReadStream | undefined;
      try {
        // Opened before `put`, so a missing file is a rejected promise here rather than an 'error'
        // event on a stream nobody listens to yet (the store may await other work before reading it).
        body = (await fs.promises.open(job.f.path, 'r')).createReadStream();
        const { size, sha256 } = await fileStore.put(storageKey, body);
        stored.push({
          contentId: job.contentId,
          index: job.index,
          name: cut(job.f.name, FILE_NAME_MAX),
          filename: job.f.filename,
          mimeType: job.f.mimeType,
          storageKey,
          size,
          sha256,
        });
      } catch (error) {
        failure ??= error;
        body?.destroy();
        await fileStore.delete(storageKey).catch(() => undefined);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(FILE_PUT_CONCURRENCY, jobs.length) }, worker));
  if (failure !== undefined) {
    await removeStored(stored, fileStore);
    throw failure;
  }
  return stored;
}

async function removeStored(stored: StoredFile[], fileStore: FileStore): Promise<void> {
  await Promise.all(stored.map((s) => fileStore.delete(s.storageKey).catch(() => undefined)));
}

/**
 * Imports one course unless a content item with its URL alias exists already.
 * @param args.db the database (not a transaction: this opens its own)
 * @returns counts of what was written, or `skipped: true`
 * @throws the underlying error when reading a file or writing fails; nothing of the course remains
 */
export async function importCourse(args: {
  db: Db;
  fileStore: FileStore;
  source: CourseSource;
  log?: FastifyBaseLogger;
}): Promise<CourseImportSummary> {
  const { db, fileStore, source } = args;
  const items = plan(source);
  const course = items[0]!;
  const summary: CourseImportSummary = {
    key: source.key,
    name: course.row.name,
    skipped: false,
    modules: items.filter((i) => i.depth === 1).length,
    items: items.length,
    files: items.reduce((n, i) => n + i.source.files.length, 0),
    bytes: 0,
    sections: items.reduce((n, i) => n + i.source.sections.length, 0),
    contributorsCreated: 0,
  };
  const skipped = { ...summary, skipped: true, modules: 0, items: 0, files: 0, sections: 0 };
  if (await contentAliasExists(db, course.row.urlAlias)) return skipped;

  const stored = await storeFiles(items, fileStore);
  summary.bytes = stored.reduce((n, s) => n + s.size, 0);
  try {
    await db.transaction(async (tx) => {
      await lockSeed(tx);
      if (await contentAliasExists(tx, course.row.urlAlias)) throw new AlreadyImported();

      const people = peopleOf(items);
      const existing = await findContributorsByFullName(
        tx,
        [...people.values()].map((p) => p.name),
      );
      const idOfPerson = new Map(existing.map((c) => [c.fullName, c.id]));
      const newContributors: (typeof contributor.$inferInsert)[] = [];
      for (const [key, person] of people) {
        if (idOfPerson.has(key)) continue;
        const parts = splitPersonName(person.name);
        if (!parts) continue;
        const id = crypto.randomUUID();
        idOfPerson.set(key, id);
        newContributors.push({
          id,
          ...parts,
          school: person.school ? cut(person.school, CONTRIBUTOR_FIELD_MAX) : null,
          title: person.title ? cut(person.title, CONTRIBUTOR_FIELD_MAX) : null,
        });
      }
      await insertContributors(tx, newContributors);
      summary.contributorsCreated = newContributors.length;

      await insertContent(
        tx,
        items.map((i) => i.row),
      );
      await insertCreatedRevisions(
        tx,
        items.map((i) => i.row.id),
      );
      await insertSections(
        tx,
        items.flatMap((i) =>
          i.source.sections.map((s, index): typeof contentSection.$inferInsert => {
            const { description } = prepareDescription(s.descriptionHtml);
            return { contentId: i.row.id, name: cut(s.name, CHILD_NAME_MAX), description, index };
          }),
        ),
      );
      await insertContentContributors(
        tx,
        items.flatMap((i) =>
          distinctIgnoringCase(i.source.contributors.map((c) => c.name.replace(/\s+/g, ' ').trim()))
            .map((name) => idOfPerson.get(name.toLowerCase()))
            .filter((id): id is string => id !== undefined)
            .map((contributorId, index) => ({ contentId: i.row.id, contributorId, index })),
        ),
      );
      await insertContentKnowledge(
        tx,
        items.flatMap((i) =>
          i.source.alignments.map((a, index) => ({
            contentId: i.row.id,
            knowledgeId: a.knowledgeId,
            index,
            topics: a.topics ?? null,
          })),
        ),
      );
      const fileIds = stored.map(() => crypto.randomUUID());
      await insertFiles(
        tx,
        stored.map((s, i): typeof file.$inferInsert => ({
          id: fileIds[i],
          name: s.name,
          filename: s.filename,
          mimeType: s.mimeType,
          size: s.size,
          sha256: s.sha256,
          storageKey: s.storageKey,
          visibility: 'private',
          metadataType: 'content',
          metadataId: s.contentId,
          status: 'ready',
          index: s.index,
        })),
      );
      // Their text is read for search by jobs, after the import.
      await enqueueDocumentText(tx, fileIds);
    });
  } catch (error) {
    await removeStored(stored, fileStore);
    if (error instanceof AlreadyImported) return skipped;
    throw error;
  }
  args.log?.debug(
    { course: summary.name, items: summary.items, files: summary.files },
    'demo course imported',
  );
  return summary;
}
