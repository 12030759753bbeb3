/** Queries of the files' searchable text (table file_text, migrations 0008 and 0012). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Writes a file's text and its search vector, unless the file is gone meanwhile (then nothing). The
 * trigger of file_text refreshes the item's document vector.
 */
export async function upsertFileText(db: Db, args: { fileId: string; contentId: string; text: string }) {
  await db.execute(sql`
    INSERT INTO file_text (file_id, content_id, text, text_vector)
    SELECT f.id, ${args.contentId}::uuid, ${args.text}, to_tsvector('english', ${args.text})
    FROM file f WHERE f.id = ${args.fileId}::uuid
    ON CONFLICT (file_id) DO UPDATE SET content_id = EXCLUDED.content_id, text = EXCLUDED.text,
      text_vector = EXCLUDED.text_vector, extracted_at = now(), failure_reason = NULL`);
}

/**
 * Marks a file's text as not extracted, with the reason (its words leave the item's search vector),
 * unless the file is gone meanwhile.
 */
export async function markFileTextFailed(
  db: Db,
  args: { fileId: string; contentId: string; reason: string },
) {
  await db.execute(sql`
    INSERT INTO file_text (file_id, content_id, text, text_vector, failure_reason)
    SELECT f.id, ${args.contentId}::uuid, '', ''::tsvector, ${args.reason}
    FROM file f WHERE f.id = ${args.fileId}::uuid
    ON CONFLICT (file_id) DO UPDATE SET content_id = EXCLUDED.content_id, text = '', text_vector = ''::tsvector,
      extracted_at = now(), failure_reason = EXCLUDED.failure_reason`);
}

/** Removes a file's text (a file no longer searched); a missing row is no error. */
export async function deleteFileText(db: Db, fileId: string) {
  await db.execute(sql`DELETE FROM file_text WHERE file_id = ${fileId}::uuid`);
}
