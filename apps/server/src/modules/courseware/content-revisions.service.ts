/**
 * Revisions of courseware (issue 37): an item's history, the differences between any two of its
 * revisions, and restoring one as a new revision. A revision is named by the version it made (1: as
 * created). Each stored revision keeps the values its save replaced, so the item as it was at version n
 * is the item now with the replaced values of every later save put back, newest first.
 */
import { diffWords } from 'diff';
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import type { PermissionFlags } from '@portal/shared/permissions';
import { toUpdateRequest, type ContentWriteResponse } from '@portal/shared/schemas/courseware';
import {
  REVISION_MESSAGES,
  type ContentRevisionDiff,
  type ContentRevisionDiffQuery,
  type ContentRevisionList,
  type FileChange,
  type RevisionFile,
} from '@portal/shared/schemas/revisions';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { htmlToText } from '../../lib/html.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import type { FileStore } from '../../lib/storage.js';
import * as repo from './content-revisions.repository.js';
import * as writeRepo from './courseware-write.repository.js';
import { byKnowledgeType, notFound } from './content-checks.js';
import { findOpenableRef, getContent } from './courseware.service.js';
import { updateContent, type Actor } from './courseware-write.service.js';

/** An item's files in one revision, by id (`addedAt` only for files still there). */
type FileState = Map<string, RevisionFile & { addedAt?: number }>;
/** The item in one revision: its revisioned fields and its files. */
interface State {
  fields: Record<string, unknown>;
  files: FileState;
}
/** Keys of `previous` that are not fields: the file list and replaced file contents. */
const FILE_KEYS = new Set(['files', 'fileContents']);

interface StoredFile {
  id: string;
  name: string;
  size?: number | null;
  sha256?: string | null;
}

/** The item now: its fields as the write service compares them, and its ready files. */
async function currentState(db: Db, id: string): Promise<{ state: State; version: number }> {
  const row = await repo.findCurrentFields(db, id);
  if (!row) throw notFound();
  const [knowledge, contributorIds, sections, children, files] = await Promise.all([
    writeRepo.findKnowledgeIds(db, id),
    writeRepo.findContributorIds(db, id),
    writeRepo.findSectionRows(db, id),
    writeRepo.findChildRows(db, id),
    repo.findCurrentFiles(db, id),
  ]);
  const { version, ...fields } = row;
  return {
    version,
    state: {
      fields: {
        ...fields,
        knowledgeIds: byKnowledgeType(knowledge),
        contributorIds,
        sections: sections.map((s) => ({ id: s.id, name: s.name, description: s.description })),
        children: children.map((c) => ({ id: c.id, name: c.name, index: c.index })),
      },
      files: new Map(
        files.map((f) => [
          f.id,
          { name: f.name, size: f.size, sha256: f.sha256, addedAt: new Date(f.createdAt).getTime() },
        ]),
      ),
    },
  };
}

/** The state before a save, from the state after it and the values the save replaced. */
function undo(after: State, revision: repo.RevisionRow): State {
  const changedAt = new Date(revision.changedAt).getTime();
  const fields = { ...after.fields };
  for (const [key, value] of Object.entries(revision.previous)) if (!FILE_KEYS.has(key)) fields[key] = value;
  let files: FileState = new Map(
    [...after.files].filter(([, f]) => f.addedAt === undefined || f.addedAt <= changedAt),
  );
  const list = revision.previous.files as StoredFile[] | undefined;
  if (list) {
    files = new Map(
      list.map((f) => {
        const known = after.files.get(f.id);
        return [
          f.id,
          { name: f.name, size: f.size ?? known?.size ?? null, sha256: f.sha256 ?? known?.sha256 ?? null },
        ];
      }),
    );
  }
  for (const f of (revision.previous.fileContents as StoredFile[] | undefined) ?? []) {
    const known = files.get(f.id);
    if (known) files.set(f.id, { ...known, name: f.name, size: f.size ?? null, sha256: f.sha256 ?? null });
  }
  return { fields, files };
}

/** The item's history: every revision with the state it made, newest first. */
async function history(db: Db, id: string) {
  const { state, version } = await currentState(db, id);
  const revisions = await repo.findRevisions(db, id);
  const made: { revision: repo.RevisionRow; after: State; before: State }[] = [];
  let after = state;
  for (const revision of revisions) {
    const before = undo(after, revision);
    made.push({ revision, after, before });
    after = before;
  }
  return { version, made };
}

/** How the files of two states differ. */
function fileChanges(before: FileState, after: FileState) {
  const changes: {
    id: string;
    change: FileChange;
    before: RevisionFile | null;
    after: RevisionFile | null;
  }[] = [];
  const plain = (f: RevisionFile | undefined) =>
    f ? { name: f.name, size: f.size, sha256: f.sha256 } : null;
  for (const [id, a] of after) {
    const b = before.get(id);
    const change: FileChange | undefined = !b
      ? 'added'
      : b.sha256 !== a.sha256 || b.size !== a.size
        ? 'replaced'
        : b.name !== a.name
          ? 'renamed'
          : undefined;
    if (change) changes.push({ id, change, before: plain(b), after: plain(a) });
  }
  for (const [id, b] of before) {
    if (!after.has(id)) changes.push({ id, change: 'removed', before: plain(b), after: null });
  }
  return changes;
}

/** The item may be opened by the caller (else 404, as the item itself). */
async function checkOpenable(db: Db, perms: PermissionFlags, id: string): Promise<void> {
  if (!(await findOpenableRef(db, perms, id))) throw notFound();
}

const CursorSchema = z.object({ version: z.number().int() });

/**
 * An item's revisions, newest first (issue 37 "History"): who, when, which fields and files changed.
 * @throws AppError 404 unknown or hidden item, 400 a page token not of this list
 */
export async function listContentRevisions(
  db: Db,
  perms: PermissionFlags,
  id: string,
  query: { pageToken?: string; pageSize: number },
): Promise<ContentRevisionList> {
  await checkOpenable(db, perms, id);
  const after = decodePageToken(query.pageToken, CursorSchema);
  const { made } = await history(db, id);
  const rest = made.filter((m) => !after || m.revision.version + 1 < after.version);
  const { page, nextPageToken } = keysetPage(rest.slice(0, query.pageSize + 1), query.pageSize, (last) => ({
    version: last.revision.version + 1,
  }));
  return {
    items: page.map(({ revision, before, after: made }) => ({
      version: revision.version + 1,
      authorId: revision.accountId,
      authorName: revision.authorName,
      changedTimestamp: isoTimestamp(revision.changedAt),
      fields: Object.keys(revision.previous).filter((k) => !FILE_KEYS.has(k)),
      files:
        revision.version === 0
          ? []
          : fileChanges(before.files, made.files).map((c) => ({
              id: c.id,
              name: (c.after ?? c.before)!.name,
              change: c.change,
            })),
      restoredFrom: revision.restoredFrom,
    })),
    nextPageToken,
  };
}

/** A field's value as words to compare: rich text as its text, lists one entry after another. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.includes('<') ? htmlToText(value) : value;
  if (Array.isArray(value)) {
    return value
      .map((v) =>
        typeof v === 'object' && v !== null
          ? [v.name, v.description ? htmlToText(String(v.description)) : undefined].filter(Boolean).join(': ')
          : String(v),
      )
      .join('\n');
  }
  return String(value);
}

/** The state at revision `version` (1 = as created) from the history, or 404. */
function stateAt(h: Awaited<ReturnType<typeof history>>, version: number): State {
  if (version === h.version) return h.made[0]?.after ?? emptyState();
  const found = h.made.find((m) => m.revision.version === version);
  if (!found || version < 1) throw new AppError('not_found', REVISION_MESSAGES.revisionNotFound);
  return found.before;
}
const emptyState = (): State => ({ fields: {}, files: new Map() });

/**
 * The differences between two revisions (issue 37): each changed field as a word diff of its text,
 * each file added, removed, replaced (size and SHA-256 before and after) or renamed.
 * @throws AppError 404 unknown or hidden item, or a revision it does not have
 */
export async function diffContentRevisions(
  db: Db,
  perms: PermissionFlags,
  id: string,
  query: ContentRevisionDiffQuery,
): Promise<ContentRevisionDiff> {
  await checkOpenable(db, perms, id);
  const h = await history(db, id);
  const from = stateAt(h, query.from);
  const to = stateAt(h, query.to);
  const keys = [...new Set([...Object.keys(from.fields), ...Object.keys(to.fields)])];
  const fields = keys.flatMap((field) => {
    const before = asText(from.fields[field]);
    const after = asText(to.fields[field]);
    if (before === after) return [];
    const parts = diffWords(before, after).map((p) => ({
      value: p.value,
      added: p.added === true,
      removed: p.removed === true,
    }));
    return [{ field, parts }];
  });
  return { from: query.from, to: query.to, fields, files: fileChanges(from.files, to.files) };
}

/**
 * Restores a revision as a new one (issue 37): the item's fields, sections, knowledge links, contributors
 * and file names as that revision had them, saved by the write service in one transaction (a save
 * meanwhile is a 409). Children stay as they are; files added since stay; deleted files cannot return.
 * @throws AppError 404 unknown item or revision, 409 stale or alias taken, 422 the restored values break a rule
 */
export async function restoreContentRevision(
  db: Db,
  { fileStore, actor, id, version }: { fileStore: FileStore; actor: Actor; id: string; version: number },
): Promise<ContentWriteResponse> {
  const content = await getContent(db, actor.permissions as PermissionFlags, id);
  const h = await history(db, id);
  if (version === h.version) throw new AppError('rule_broken', REVISION_MESSAGES.restoreCurrent);
  const current = toUpdateRequest(content);
  type Input = typeof current;
  // The revisioned fields as the write service stores and compares them.
  const old = stateAt(h, version).fields as Omit<Input, 'sections'> & {
    knowledgeIds: string[];
    lastCuratedCourseware: string | null;
    lastCuratedEnvironment: string | null;
    sections: { id: string | null; name: string; description: string }[];
  };
  const knowledge = old.knowledgeIds;
  const ofType = (prefix: string) => knowledge.filter((k) => k.startsWith(prefix));
  const sectionIds = new Set(current.sections.map((s) => s.id));
  const oldFiles = stateAt(h, version).files;
  return updateContent(db, {
    fileStore,
    actor,
    id,
    restoredFrom: version,
    input: {
      ...current,
      name: old.name,
      description: old.description,
      urlAlias: old.urlAlias,
      status: old.status,
      tags: old.tags,
      keywords: old.keywords,
      categories: old.categories,
      educationLevels: old.educationLevels,
      experienceLevels: old.experienceLevels,
      lastCuratedTimestamps: {
        courseware: old.lastCuratedCourseware,
        environment: old.lastCuratedEnvironment,
      },
      tksIds: ofType('tks-'),
      ksaIds: ofType('ksa-'),
      kuIds: ofType('ku-'),
      cybokIds: ofType('cybok-'),
      contributorIds: old.contributorIds,
      sections: old.sections.map((s) => ({
        ...(s.id && sectionIds.has(s.id) ? { id: s.id } : {}),
        name: s.name,
        description: s.description,
      })),
      files: current.files.map((f) => ({ id: f.id, name: oldFiles.get(f.id)?.name ?? f.name })),
    },
  });
}
