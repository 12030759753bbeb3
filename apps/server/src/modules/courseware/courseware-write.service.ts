/**
 * Courseware write rules (issue 4; 000 §4, §5, §7): create, update and status change of content items
 * (their delete is in courseware-delete.service.ts). Every request is one transaction: the item's row
 * is locked, its version compared with the one the client loaded (a stale save is a 409, never a
 * silent overwrite), the rich text sanitised, and a revision with the replaced values written beside
 * the change.
 */
import crypto from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { DEFAULT_CONTENT_STATUS, type ContentStatus } from '@portal/shared/enums';
import type { PermissionFlags } from '@portal/shared/permissions';
import {
  childAlias,
  defaultAlias,
  type ContentWriteResponse,
  type CreateContentRequestSchema,
  type UpdateContentRequestSchema,
  type UpdateContentStatusRequest,
} from '@portal/shared/schemas/courseware';
import type { Db } from '../../db/client.js';
import { htmlToText } from '../../lib/html.js';
import type { FileStore } from '../../lib/storage.js';
import { faultPoint } from '../../lib/fault-points.js';
import { addLexiconWords } from './search-vocabulary.repository.js';
import * as repo from './courseware-write.repository.js';
import { openableStatuses } from './courseware.service.js';
import {
  fieldError,
  notFound,
  aliasTaken,
  inTransaction,
  cleanDescription,
  checkedAlias,
  checkKnowledge,
  checkContributors,
  sanitisedSections,
  byKnowledgeType,
} from './content-checks.js';

type CreateInput = z.output<typeof CreateContentRequestSchema>;
type UpdateInput = z.output<typeof UpdateContentRequestSchema>;

/** Who is writing: the account (for history) and its permission flags (for visibility). */
export interface Actor {
  accountId: string | null;
  permissions: Pick<PermissionFlags, 'CanUpdateContent' | 'CanViewArchivedContent'>;
}

/** Shown when a save is based on an older version than the stored one. */
export const CONFLICT_MESSAGE =
  'This content was changed by someone else since you opened it. Reload it to see their changes, then make your edits again.';

/**
 * Inserts new child modules of `parent` (000 §2 "create a child module"): unpublished, category module,
 * alias under the parent's (000 §5).
 */
async function insertChildModules(
  tx: Db,
  actor: Actor,
  parent: { id: string; urlAlias: string; rootId: string | null },
  children: readonly { name: string; index: number; position: number }[],
): Promise<void> {
  for (const child of children) {
    const alias = checkedAlias(childAlias(parent.urlAlias, child.name), `children.${child.position}.name`);
    if (await repo.isAliasTaken(tx, alias)) throw aliasTaken(`children.${child.position}.name`, alias);
    const id = crypto.randomUUID();
    await repo.insertContent(tx, {
      id,
      name: child.name,
      urlAlias: alias,
      status: DEFAULT_CONTENT_STATUS,
      categories: ['module'],
      parentId: parent.id,
      rootId: parent.rootId ?? parent.id,
      index: child.index,
      createdBy: actor.accountId,
      modifiedBy: actor.accountId,
    });
    await repo.insertRevision(tx, { contentId: id, version: 0, accountId: actor.accountId, previous: {} });
  }
}

/**
 * Creates a content item (000 §7 Create; issue 4): unpublished unless told otherwise, alias from the
 * name unless given (a child's under its parent's), with its sections and new child modules.
 * @throws AppError not_found (parent), invalid_input (blank description, unknown links), conflict (alias)
 */
export async function createContent(db: Db, actor: Actor, input: CreateInput): Promise<ContentWriteResponse> {
  return inTransaction(db, async (tx) => {
    let parent: repo.LockedContent | undefined;
    if (input.parentId) {
      parent = await repo.lockContent(tx, input.parentId);
      if (!parent || !openableStatuses(actor.permissions).includes(parent.status)) {
        throw fieldError('invalid_input', 'parentId', 'The parent item does not exist.');
      }
    }
    const description = cleanDescription(input.description);
    const alias = checkedAlias(input.urlAlias ?? defaultAlias(input.name, parent?.urlAlias), 'urlAlias');
    if (await repo.isAliasTaken(tx, alias)) throw aliasTaken('urlAlias', alias);
    const lists = {
      tksIds: input.tksIds ?? [],
      ksaIds: input.ksaIds ?? [],
      kuIds: input.kuIds ?? [],
      cybokIds: input.cybokIds ?? [],
    };
    await checkKnowledge(tx, lists);
    await checkContributors(tx, input.contributorIds ?? []);
    if (input.children?.some((c) => c.id)) {
      throw fieldError('invalid_input', 'children', 'A new item can only get new children.');
    }

    const id = crypto.randomUUID();
    const rootId = parent ? (parent.rootId ?? parent.id) : id;
    await repo.insertContent(tx, {
      id,
      name: input.name,
      description,
      descriptionText: htmlToText(description),
      urlAlias: alias,
      status: input.status ?? DEFAULT_CONTENT_STATUS,
      categories: input.categories ?? [],
      tags: input.tags ?? [],
      keywords: input.keywords ?? [],
      educationLevels: input.educationLevels ?? [],
      experienceLevels: input.experienceLevels ?? [],
      parentId: parent?.id ?? null,
      rootId,
      index: parent ? await repo.nextChildIndex(tx, parent.id) : 0,
      lastCuratedCourseware: input.lastCuratedTimestamps?.courseware ?? null,
      lastCuratedEnvironment: input.lastCuratedTimestamps?.environment ?? null,
      createdBy: actor.accountId,
      modifiedBy: actor.accountId,
    });
    await repo.replaceKnowledge(tx, id, [lists.tksIds, lists.ksaIds, lists.kuIds, lists.cybokIds]);
    await repo.replaceContributors(tx, id, input.contributorIds ?? []);
    await repo.replaceSections(tx, id, sanitisedSections(input.sections ?? []));
    const children = (input.children ?? []).map((c, position) => ({
      name: c.name,
      index: position,
      position,
    }));
    await insertChildModules(tx, actor, { id, urlAlias: alias, rootId }, children);
    // Version 0: the revision that records who created the item.
    await repo.insertRevision(tx, { contentId: id, version: 0, accountId: actor.accountId, previous: {} });
    await addLexiconWords(tx, [input.name, ...(input.keywords ?? []), ...children.map((c) => c.name)]);
    return { id, urlAlias: alias, version: 1 };
  });
}

/** Locks an item the actor may see, or 404. */
export async function lockVisible(tx: Db, actor: Actor, id: string): Promise<repo.LockedContent> {
  const row = await repo.lockContent(tx, id);
  if (!row || !openableStatuses(actor.permissions).includes(row.status)) throw notFound();
  return row;
}

function checkVersion(row: repo.LockedContent, version: number): void {
  if (row.version !== version) {
    throw new AppError('conflict', CONFLICT_MESSAGE, {
      issues: [{ field: 'body.version', message: CONFLICT_MESSAGE }],
      currentVersion: row.version,
    });
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves the full editable content of an item (000 §7 Update by id; issue 4). The save must be based on
 * the stored version. Sections become exactly the list sent; listed children are renamed or moved
 * and children without ids are created; listed files are renamed, `deletedFileIds` deleted (also from
 * the store). A save that changes nothing writes nothing. `restoredFrom` marks a restore of that
 * revision (issue 37).
 * @throws AppError not_found, conflict (stale version or alias taken), invalid_input (foreign ids)
 */
export async function updateContent(
  db: Db,
  {
    fileStore,
    actor,
    id,
    input,
    restoredFrom = null,
  }: { fileStore: FileStore; actor: Actor; id: string; input: UpdateInput; restoredFrom?: number | null },
): Promise<ContentWriteResponse> {
  const { response, deletedKeys } = await inTransaction(db, async (tx) => {
    const row = await lockVisible(tx, actor, id);
    checkVersion(row, input.version);
    const description = cleanDescription(input.description);
    const alias = input.urlAlias;
    if (alias !== row.urlAlias && (await repo.isAliasTaken(tx, alias, id)))
      throw aliasTaken('urlAlias', alias);
    const [oldKnowledge, oldContributors, oldSections, oldChildren, oldFiles] = await Promise.all([
      repo.findKnowledgeIds(tx, id),
      repo.findContributorIds(tx, id),
      repo.findSectionRows(tx, id),
      repo.findChildRows(tx, id),
      repo.findFileRows(tx, id),
    ]);
    // CyBOK areas left out of the request stay as they are (clients that predate them).
    const cybokIds = input.cybokIds ?? oldKnowledge.filter((k) => k.startsWith('cybok-'));
    const lists = { tksIds: input.tksIds, ksaIds: input.ksaIds, kuIds: input.kuIds, cybokIds };
    await checkKnowledge(tx, lists);
    await checkContributors(tx, input.contributorIds);

    const belongs = (field: string, ids: (string | undefined)[], own: { id: string }[]) => {
      const ownIds = new Set(own.map((o) => o.id));
      const index = ids.findIndex((i) => i !== undefined && !ownIds.has(i));
      if (index >= 0)
        throw fieldError('invalid_input', `${field}.${index}.id`, `That entry does not belong to this item.`);
    };
    belongs(
      'sections',
      input.sections.map((s) => s.id),
      oldSections,
    );
    belongs(
      'children',
      input.children.map((c) => c.id),
      oldChildren,
    );
    belongs(
      'files',
      input.files.map((f) => f.id),
      oldFiles,
    );
    const deletedFileIds = input.deletedFileIds;
    belongs('deletedFileIds', deletedFileIds, oldFiles);
    if (input.files.some((f) => deletedFileIds.includes(f.id))) {
      throw fieldError('invalid_input', 'deletedFileIds', 'A file cannot be both kept and deleted.');
    }

    const sections = sanitisedSections(input.sections);
    const knowledge = [...lists.tksIds, ...lists.ksaIds, ...lists.kuIds, ...lists.cybokIds];
    const next = {
      name: input.name,
      description,
      urlAlias: alias,
      status: input.status,
      tags: input.tags,
      keywords: input.keywords,
      categories: input.categories,
      educationLevels: input.educationLevels,
      experienceLevels: input.experienceLevels,
      lastCuratedCourseware: input.lastCuratedTimestamps.courseware,
      lastCuratedEnvironment: input.lastCuratedTimestamps.environment,
    };
    const previous: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(next)) {
      const old = row[key as keyof typeof next];
      if (!same(old, value)) previous[key] = old;
    }
    // Stored links are ordered by index; grouped by type they compare with the lists sent.
    const oldByType = byKnowledgeType(oldKnowledge);
    if (!same(oldByType, knowledge)) previous.knowledgeIds = oldByType;
    if (!same(oldContributors, input.contributorIds)) previous.contributorIds = oldContributors;
    const sectionShape = (list: { id?: string; name: string; description: string }[]) =>
      list.map((s) => ({ id: s.id ?? null, name: s.name, description: s.description }));
    if (!same(sectionShape(oldSections), sectionShape(sections)))
      previous.sections = sectionShape(oldSections);

    const childById = new Map(oldChildren.map((c) => [c.id, c]));
    const changedChildren = input.children.flatMap((c, position) => {
      const old = c.id ? childById.get(c.id) : undefined;
      return old && (old.name !== c.name || old.index !== position)
        ? [{ ...c, id: old.id, old, position }]
        : [];
    });
    const newChildren = input.children.flatMap((c, position) =>
      c.id ? [] : [{ name: c.name, index: position, position }],
    );
    if (changedChildren.length > 0 || newChildren.length > 0) {
      previous.children = oldChildren.map((c) => ({ id: c.id, name: c.name, index: c.index }));
    }
    const fileById = new Map(oldFiles.map((f) => [f.id, f]));
    const changedFiles = input.files.flatMap((f, index) => {
      const old = fileById.get(f.id)!;
      return old.name !== f.name || old.index !== index ? [{ id: f.id, name: f.name, index }] : [];
    });
    if (changedFiles.length > 0 || deletedFileIds.length > 0) {
      previous.files = oldFiles.map((f) => ({ id: f.id, name: f.name, size: f.size, sha256: f.sha256 }));
    }

    if (Object.keys(previous).length === 0) {
      return { response: { id, urlAlias: row.urlAlias, version: row.version }, deletedKeys: [] };
    }

    const version = await repo.updateContentRow(
      tx,
      id,
      { ...next, descriptionText: htmlToText(description) },
      actor.accountId,
    );
    if ('knowledgeIds' in previous)
      await repo.replaceKnowledge(tx, id, [lists.tksIds, lists.ksaIds, lists.kuIds, lists.cybokIds]);
    if ('contributorIds' in previous) await repo.replaceContributors(tx, id, input.contributorIds);
    if ('sections' in previous) await repo.replaceSections(tx, id, sections);
    for (const child of changedChildren) {
      const childVersion = await repo.updateContentRow(
        tx,
        child.id,
        { name: child.name, index: child.position },
        actor.accountId,
      );
      const childPrevious: Record<string, unknown> = {};
      if (child.old.name !== child.name) childPrevious.name = child.old.name;
      if (child.old.index !== child.position) childPrevious.index = child.old.index;
      await repo.insertRevision(tx, {
        contentId: child.id,
        version: childVersion - 1,
        accountId: actor.accountId,
        previous: childPrevious,
      });
    }
    await insertChildModules(tx, actor, { id, urlAlias: alias, rootId: row.rootId }, newChildren);
    for (const f of changedFiles) await repo.updateFileRow(tx, f.id, { name: f.name, index: f.index });
    const deletedKeys = await repo.deleteFileRows(tx, deletedFileIds);
    await repo.insertRevision(tx, {
      contentId: id,
      version: row.version,
      accountId: actor.accountId,
      previous,
      restoredFrom,
    });
    await addLexiconWords(tx, [input.name, ...input.keywords, ...input.children.map((c) => c.name)]);
    faultPoint('content.beforeCommit');
    return { response: { id, urlAlias: alias, version }, deletedKeys };
  });
  faultPoint('content.committed');
  await removeBlobs(fileStore, deletedKeys);
  return response;
}

/** Removes stored bytes after the rows are gone; a blob left behind is harmless and unreachable. */
export async function removeBlobs(fileStore: FileStore, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => fileStore.delete(key)));
}

/**
 * Changes only the status (000 §7 "or only status"; 000 §4 restore sets unpublished).
 * @throws AppError not_found, conflict (stale version)
 */
export async function updateContentStatus(
  db: Db,
  { actor, id, input }: { actor: Actor; id: string; input: UpdateContentStatusRequest },
): Promise<ContentWriteResponse> {
  return inTransaction(db, async (tx) => {
    const row = await lockVisible(tx, actor, id);
    checkVersion(row, input.version);
    if (row.status === input.status) return { id, urlAlias: row.urlAlias, version: row.version };
    const version = await repo.updateContentRow(tx, id, { status: input.status }, actor.accountId);
    await repo.insertRevision(tx, {
      contentId: id,
      version: row.version,
      accountId: actor.accountId,
      previous: { status: row.status satisfies ContentStatus },
    });
    return { id, urlAlias: row.urlAlias, version };
  });
}
