/**
 * Writes an import plan (import-plan.ts; issue 38): new items with their sections, contributors,
 * knowledge links and files; changed items updated in place (id, URL alias and download statistics kept,
 * a revision recording what the import replaced); changed files replaced keeping their id and link, the
 * earlier bytes kept as a file version. File bytes go to the store first, then every row is written in
 * one transaction: a failure or a cancel leaves neither rows nor stored bytes, never half an item.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ImportProgress, ImportSummary } from '@portal/shared/schemas/imports';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../lib/storage.js';
import { enqueueDocumentText } from '../files/index.js';
import * as coursewareWrite from '../courseware/index.js';
import type { ImportPlan } from './import-plan.js';
import { removeStored, storeFiles, type StoredBytes } from './import-files.js';
import * as repo from './imports.repository.js';
import * as write from './tree-write.repository.js';
import { contributorIdsOf, contributorsFor } from './course-people.js';

/** Least milliseconds between two progress reports. */
const PROGRESS_EVERY_MS = 500;

/** Knowledge ids grouped by type, in the order of the reference data's prefixes. */
function byType(ids: readonly string[]): string[][] {
  const groups = new Map<string, string[]>();
  for (const id of ids) {
    const type = id.slice(0, id.indexOf('-'));
    groups.set(type, [...(groups.get(type) ?? []), id]);
  }
  return [...groups.values()];
}

/** Options of `writeImport`. */
export interface WriteImportArgs {
  db: Db;
  fileStore: FileStore;
  plan: ImportPlan;
  /** Who the import writes as (created by, modified by, revisions); null for the demo data. */
  accountId: string | null;
  /** Told of progress (at most every PROGRESS_EVERY_MS, and at the end). */
  onProgress?: (progress: ImportProgress) => void;
  /** Aborting it while files are stored cancels the import (ImportCancelled). */
  signal?: AbortSignal;
  /** Runs in the import's transaction before any row is written; throwing rolls the import back. */
  beforeWrite?: (tx: Db) => Promise<void>;
  /** Runs in the import's transaction after its rows, with the summary (to mark the import done). */
  inTransaction?: (tx: Db, summary: ImportSummary) => Promise<void>;
  log?: FastifyBaseLogger;
}

/** What `writeImport` did: the import's summary, and the contributors it had to create. */
export type WrittenImport = ImportSummary & { contributorsCreated: number };

/**
 * Writes a plan. Unchanged items and files are left as they are; items the package no longer holds are
 * not touched (the preview lists them).
 * @returns what was written, with the course
 * @throws ImportCancelled when `signal` aborted; the store's or database's error when writing failed;
 *   in both cases nothing of the import remains
 */
export async function writeImport(args: WriteImportArgs): Promise<WrittenImport> {
  const { db, fileStore, plan, accountId } = args;
  const started = performance.now();
  const itemsTotal = plan.items.length;
  const bytesTotal = plan.preview.counts.bytes;
  let lastReport = 0;
  const report = (bytes: number, items: number, force = false) => {
    const now = performance.now();
    if (!args.onProgress || (!force && now - lastReport < PROGRESS_EVERY_MS)) return;
    lastReport = now;
    args.onProgress({ items, itemsTotal, bytes, bytesTotal });
  };
  const stored = await storeFiles(plan, fileStore, report, args.signal);
  const course = plan.items[0]!;
  const summary: WrittenImport = {
    course: { id: course.id, name: course.fields.name, urlAlias: course.urlAlias },
    created: plan.items.filter((i) => i.change === 'new').length,
    updated: plan.items.filter((i) => i.change === 'changed').length,
    unchanged: plan.items.filter((i) => i.change === 'unchanged').length,
    filesAdded: stored.filter((s) => s.file.change === 'new').length,
    filesReplaced: stored.filter((s) => s.file.change === 'changed').length,
    bytes: stored.reduce((n, s) => n + s.file.size, 0),
    durationMs: 0,
    contributorsCreated: 0,
  };
  try {
    await db.transaction(async (tx) => {
      // One writer of a package at a time, across instances; the job's state guards the rest.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`courseware-import:${plan.packageId}`}))`);
      await args.beforeWrite?.(tx);
      const { idOfPerson: contributorIds, created } = await contributorsFor(tx, plan.items);
      summary.contributorsCreated = created;
      await insertNewItems(tx, plan, accountId, contributorIds);
      const replaced = stored.filter((s) => s.file.existing);
      const versionIds = await write.replaceFileContents(
        tx,
        replaced.map((s) => ({
          fileId: s.file.existing!.fileId,
          storageKey: s.storageKey,
          size: s.file.size,
          sha256: s.file.sha256,
          mimeType: s.file.mimeType,
          replacedBy: accountId,
        })),
      );
      // Before the new files are added: a changed item's revision lists the files it had.
      await updateChangedItems(tx, plan, { accountId, idOfPerson: contributorIds, stored, versionIds });
      const fileIds = [
        ...(await addFiles(tx, stored, accountId)),
        ...replaced.map((s) => s.file.existing!.fileId),
      ];
      await repo.upsertOrigins(
        tx,
        plan.items.map((i) => ({
          contentId: i.id,
          packageId: plan.packageId,
          path: i.path,
          fieldsHash: i.fieldsHash,
        })),
      );
      // Their text is read for search by jobs, after the import.
      await enqueueDocumentText(tx, fileIds);
      const touched = plan.items.filter((i) => i.change !== 'unchanged');
      await coursewareWrite.addLexiconWords(
        tx,
        touched.flatMap((i) => [i.fields.name, ...i.fields.keywords]),
      );
      summary.durationMs = Math.round(performance.now() - started);
      await args.inTransaction?.(tx, summary);
    });
  } catch (error) {
    await removeStored(stored, fileStore);
    throw error;
  }
  report(summary.bytes, itemsTotal, true);
  args.log?.info(
    { packageId: plan.packageId, created: summary.created, updated: summary.updated, bytes: summary.bytes },
    'courseware imported',
  );
  return summary;
}

async function insertNewItems(
  tx: Db,
  plan: ImportPlan,
  accountId: string | null,
  idOfPerson: Map<string, string>,
): Promise<void> {
  const fresh = plan.items.filter((i) => i.change === 'new');
  const rootId = plan.items[0]!.id;
  await write.insertContent(
    tx,
    fresh.map((i) => ({
      id: i.id,
      ...i.fields,
      urlAlias: i.urlAlias,
      status: i.status,
      parentId: i.parent?.id ?? null,
      rootId,
      index: i.index,
      createdBy: accountId,
      modifiedBy: accountId,
    })),
  );
  await write.insertCreatedRevisions(
    tx,
    fresh.map((i) => i.id),
  );
  await write.insertSections(
    tx,
    fresh.flatMap((i) => i.sections.map((s, index) => ({ contentId: i.id, ...s, index }))),
  );
  await write.insertContentContributors(
    tx,
    fresh.flatMap((i) =>
      contributorIdsOf(i, idOfPerson).map((contributorId, index) => ({
        contentId: i.id,
        contributorId,
        index,
      })),
    ),
  );
  await write.insertContentKnowledge(
    tx,
    fresh.flatMap((i) =>
      byType(i.knowledgeIds).flatMap((ids) =>
        ids.map((knowledgeId, index) => ({
          contentId: i.id,
          knowledgeId,
          index,
          topics:
            i.source.alignments.find((a) => a.knowledgeId.toLowerCase() === knowledgeId.toLowerCase())
              ?.topics ?? null,
        })),
      ),
    ),
  );
}

/**
 * Updates each changed item: its fields when the package changed them (the revision keeps the values
 * replaced), its knowledge links, contributors and sections; an item whose files alone changed gets a
 * revision of their replaced contents. Its status, URL alias and id stay.
 */
async function updateChangedItems(
  tx: Db,
  plan: ImportPlan,
  {
    accountId,
    idOfPerson,
    stored,
    versionIds,
  }: {
    accountId: string | null;
    idOfPerson: Map<string, string>;
    stored: readonly StoredBytes[];
    /** The file version that keeps each replaced file's earlier bytes, by file id. */
    versionIds: Map<string, string>;
  },
): Promise<void> {
  const changed = plan.items.filter((i) => i.change === 'changed');
  const current = new Map(
    (
      await repo.findCurrentItems(
        tx,
        changed.map((i) => i.id),
      )
    ).map((r) => [r.id, r]),
  );
  for (const item of changed) {
    const row = await coursewareWrite.lockContent(tx, item.id);
    if (!row) continue;
    const now = current.get(item.id)!.fields;
    const previous: Record<string, unknown> = {};
    const fieldsChanged = item.existing!.fieldsHash !== item.fieldsHash;
    if (fieldsChanged) {
      for (const [key, value] of Object.entries(item.fields)) {
        if (key !== 'descriptionText' && JSON.stringify(now[key] ?? null) !== JSON.stringify(value ?? null)) {
          previous[key] = now[key] ?? null;
        }
      }
      const oldKnowledge = (now.knowledgeIds as string[] | undefined) ?? [];
      if (JSON.stringify(oldKnowledge) !== JSON.stringify(item.knowledgeIds)) {
        previous.knowledgeIds = byType(oldKnowledge);
        await coursewareWrite.replaceKnowledge(tx, item.id, byType(item.knowledgeIds));
      }
      const oldContributors = await coursewareWrite.findContributorIds(tx, item.id);
      const contributors = contributorIdsOf(item, idOfPerson);
      if (JSON.stringify(oldContributors) !== JSON.stringify(contributors)) {
        previous.contributorIds = oldContributors;
        await coursewareWrite.replaceContributors(tx, item.id, contributors);
      }
      const oldSections = await coursewareWrite.findSectionRows(tx, item.id);
      const shape = (list: { name: string; description: string }[]) =>
        list.map((s) => ({ name: s.name, description: s.description }));
      if (JSON.stringify(shape(oldSections)) !== JSON.stringify(item.sections)) {
        previous.sections = oldSections.map((s) => ({ id: s.id, name: s.name, description: s.description }));
        await coursewareWrite.replaceSections(tx, item.id, item.sections);
      }
    }
    const fileContents = stored
      .filter((s) => s.item === item && s.file.existing)
      .map(({ file }) => ({
        id: file.existing!.fileId,
        name: file.existing!.name,
        size: file.existing!.size,
        sha256: file.existing!.sha256,
        versionId: versionIds.get(file.existing!.fileId),
      }));
    if (fileContents.length > 0) previous.fileContents = fileContents;
    const added = stored.some((s) => s.item === item && !s.file.existing);
    if (added) {
      const before = await coursewareWrite.findFileRows(tx, item.id);
      previous.files = before.map((f) => ({ id: f.id, name: f.name, size: f.size, sha256: f.sha256 }));
    }
    const moved = row.parentId !== (item.parent?.id ?? null);
    if (Object.keys(previous).length === 0 && !moved) continue;
    const values = fieldsChanged
      ? { ...item.fields, parentId: item.parent?.id ?? null, index: item.index }
      : {};
    await coursewareWrite.updateContentRow(tx, item.id, values, accountId);
    await coursewareWrite.insertRevision(tx, {
      contentId: item.id,
      version: row.version,
      accountId,
      previous,
    });
  }
}

/**
 * File rows of the new files' stored bytes, each added to its item after the files it has.
 * @returns their ids (search must read their text)
 */
async function addFiles(tx: Db, stored: readonly StoredBytes[], accountId: string | null): Promise<string[]> {
  // In the package's order, not the order their concurrent copies finished.
  const added = stored.filter((s) => !s.file.existing).sort((a, b) => a.file.index - b.file.index);
  const ids = added.map(() => crypto.randomUUID());
  const nextIndex = new Map<string, number>();
  for (const s of added) {
    if (!nextIndex.has(s.item.id)) {
      const had = s.item.change === 'new' ? 0 : (await coursewareWrite.findFileRows(tx, s.item.id)).length;
      nextIndex.set(s.item.id, had);
    }
  }
  await write.insertFiles(
    tx,
    added.map((s, k) => {
      const index = nextIndex.get(s.item.id)!;
      nextIndex.set(s.item.id, index + 1);
      return {
        id: ids[k],
        name: s.file.name,
        filename: s.file.source.filename,
        mimeType: s.file.mimeType,
        size: s.file.size,
        sha256: s.file.sha256,
        storageKey: s.storageKey,
        visibility: 'private',
        metadataType: 'content',
        metadataId: s.item.id,
        status: 'ready',
        index,
        createdBy: accountId,
      };
    }),
  );
  await repo.insertFileOrigins(
    tx,
    added.map((s, k) => ({ fileId: ids[k]!, contentId: s.item.id, path: s.file.path })),
  );
  return ids;
}
