/** File and download-event queries. Each takes a database or a transaction. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { contributor } from '../../db/schema/contributors.js';
import { bundle, file, fileVersion } from '../../db/schema/files.js';

export type FileRow = typeof file.$inferSelect;
export type BundleRow = typeof bundle.$inferSelect;

export async function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(file).where(eq(file.id, id));
  return row;
}

/** The content item a file belongs to, with its status, tags and top-most ancestor. */
export async function findFileOwner(db: Db, contentId: string) {
  const [row] = await rows<{
    id: string;
    name: string;
    status: string;
    tags: string[];
    topId: string | null;
    topName: string | null;
  }>(
    db,
    sql`SELECT c.id, c.name, c.status, c.tags, r.id AS "topId", r.name AS "topName"
        FROM content c LEFT JOIN content r ON r.id = coalesce(c.root_id, c.id) WHERE c.id = ${contentId}::uuid`,
  );
  return row;
}

/** Every storage key a file row or a kept file version names (the file store's objects that are in use). */
export async function storageKeysInUse(db: Db): Promise<Set<string>> {
  const found = await db.select({ storageKey: file.storageKey }).from(file);
  // A replaced file's earlier contents stay in the store (issue 37).
  const kept = await db.select({ storageKey: fileVersion.storageKey }).from(fileVersion);
  return new Set([...found, ...kept].map((f) => f.storageKey));
}

/** Inserts a file row; returns it. */
export async function insertFile(db: Db, values: typeof file.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(file).values(values).returning();
  return row!;
}

/** The index a new file of an item gets: after its last file. */
export async function nextFileIndex(db: Db, metadataId: string): Promise<number> {
  const [row] = await rows<{ next: number }>(
    db,
    sql`SELECT coalesce(max(index) + 1, 0)::int AS next FROM file WHERE metadata_id = ${metadataId}::uuid`,
  );
  return row?.next ?? 0;
}

/** Deletes a file row (its bundle row goes with it); returns the deleted row. */
export async function deleteFileRow(db: Db, id: string): Promise<FileRow | undefined> {
  const [row] = await db.delete(file).where(eq(file.id, id)).returning();
  return row;
}

export async function contributorExists(db: Db, id: string): Promise<boolean> {
  const found = await db.select({ id: contributor.id }).from(contributor).where(eq(contributor.id, id));
  return found.length > 0;
}

/** The bundle row of a file, if the file is a bundle. */
export async function findBundleOfFile(db: Db, fileId: string): Promise<BundleRow | undefined> {
  const [row] = await db.select().from(bundle).where(eq(bundle.fileId, fileId));
  return row;
}

/** The lesson (and its content item) that lists a file among its urls or pages, if any. */
export async function findLessonOfFile(db: Db, fileId: string) {
  const [row] = await rows<{ lessonId: string; contentId: string }>(
    db,
    sql`SELECT l.id AS "lessonId", l.content_id AS "contentId" FROM lesson l
        WHERE l.urls @> ${JSON.stringify([{ fileId }])}::jsonb
           OR EXISTS (SELECT 1 FROM jsonb_array_elements(l.pages) p WHERE p->'urls' @> ${JSON.stringify([{ fileId }])}::jsonb)
        LIMIT 1`,
  );
  return row;
}

/** Updates a file row only while it has the given status; true when it did. */
export async function updateFileWhileStatus(
  db: Db,
  { id, status, values }: { id: string; status: string; values: Partial<typeof file.$inferInsert> },
): Promise<boolean> {
  const found = await db
    .update(file)
    .set(values)
    .where(and(eq(file.id, id), eq(file.status, status)))
    .returning({ id: file.id });
  return found.length > 0;
}
