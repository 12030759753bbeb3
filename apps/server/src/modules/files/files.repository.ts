/** File and download-event queries. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { downloadEvent, file } from '../../db/schema/files.js';

export type FileRow = typeof file.$inferSelect;

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

export async function insertDownloadEvent(db: Db, values: typeof downloadEvent.$inferInsert): Promise<void> {
  await db.insert(downloadEvent).values(values);
}
