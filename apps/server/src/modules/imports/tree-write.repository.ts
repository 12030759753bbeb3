/**
 * Inserts of a course tree (issue 38; the demo data import before it): items, their first revisions,
 * sections, contributors, knowledge links and files, each multi-row and cut into batches of
 * INSERT_BATCH_SIZE rows so a whole course goes in with a few statements. Each takes a transaction.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { contributor } from '../../db/schema/contributors.js';
import {
  content,
  contentContributor,
  contentKnowledge,
  contentRevision,
  contentSection,
} from '../../db/schema/courseware.js';
import { file } from '../../db/schema/files.js';

/**
 * Rows per INSERT. Well under PostgreSQL's 65,535 bind parameters for our widest row (content, ~20
 * columns), and large enough that a thousand items take two statements.
 */
export const INSERT_BATCH_SIZE = 500;

/** Runs `insert` over `items` in batches of INSERT_BATCH_SIZE. */
export async function inBatches<T>(
  items: readonly T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < items.length; start += INSERT_BATCH_SIZE) {
    await insert(items.slice(start, start + INSERT_BATCH_SIZE));
  }
}

/** Links content items to knowledge items (the sources' own alignments); a link already there is kept. */
export async function insertContentKnowledge(
  db: Db,
  rows: (typeof contentKnowledge.$inferInsert)[],
): Promise<void> {
  await inBatches(rows, (batch) => db.insert(contentKnowledge).values(batch).onConflictDoNothing());
}

/** Contributors whose lower-cased full name (first, middle, last) is one of `fullNames`. */
export async function findContributorsByFullName(
  db: Db,
  fullNames: string[],
): Promise<{ id: string; fullName: string }[]> {
  if (fullNames.length === 0) return [];
  const fullName = sql<string>`lower(concat_ws(' ', ${contributor.firstName}, ${contributor.middleName}, ${contributor.lastName}))`;
  return db
    .select({ id: contributor.id, fullName })
    .from(contributor)
    .where(
      inArray(
        fullName,
        fullNames.map((n) => n.toLowerCase()),
      ),
    );
}

export async function insertContributors(db: Db, rows: (typeof contributor.$inferInsert)[]): Promise<void> {
  await inBatches(rows, (batch) => db.insert(contributor).values(batch));
}

/** Inserts content rows; parents must come before their children in `rows`. */
export async function insertContent(db: Db, rows: (typeof content.$inferInsert)[]): Promise<void> {
  await inBatches(rows, (batch) => db.insert(content).values(batch));
}

/**
 * The first revision of each imported item ("Created": version 0 replaced, nothing before it, no
 * author), as the item editor writes for an item it creates, so an imported item's history starts at
 * version 1 like any other (issue 37 "History").
 */
export async function insertCreatedRevisions(db: Db, contentIds: readonly string[]): Promise<void> {
  await inBatches(
    contentIds.map((contentId) => ({ contentId, version: 0, accountId: null, previous: {} })),
    (batch) => db.insert(contentRevision).values(batch),
  );
}

export async function insertSections(db: Db, rows: (typeof contentSection.$inferInsert)[]): Promise<void> {
  await inBatches(rows, (batch) => db.insert(contentSection).values(batch));
}

export async function insertContentContributors(
  db: Db,
  rows: (typeof contentContributor.$inferInsert)[],
): Promise<void> {
  await inBatches(rows, (batch) => db.insert(contentContributor).values(batch).onConflictDoNothing());
}

export async function insertFiles(db: Db, rows: (typeof file.$inferInsert)[]): Promise<void> {
  await inBatches(rows, (batch) => db.insert(file).values(batch));
}

/**
 * Points files at new bytes, keeping the contents each had as a file version (issue 37 "Replacing a
 * file"): id, name and link stay.
 * @returns the id of the version that keeps each file's earlier contents, by file id
 */
export async function replaceFileContents(
  db: Db,
  replacements: readonly {
    fileId: string;
    storageKey: string;
    size: number;
    sha256: string;
    mimeType: string;
    replacedBy: string | null;
  }[],
): Promise<Map<string, string>> {
  const versions = new Map<string, string>();
  for (const r of replacements) {
    const [kept] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO file_version (file_id, content_id, name, filename, mime_type, size, sha256, storage_key, replaced_by)
          SELECT id, metadata_id, name, filename, mime_type, size, sha256, storage_key, ${r.replacedBy}::uuid
          FROM file WHERE id = ${r.fileId}::uuid
          RETURNING id`,
    );
    await db
      .update(file)
      .set({ storageKey: r.storageKey, size: r.size, sha256: r.sha256, mimeType: r.mimeType })
      .where(eq(file.id, r.fileId));
    if (kept) versions.set(r.fileId, kept.id);
  }
  return versions;
}
