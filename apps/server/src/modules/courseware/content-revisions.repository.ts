/** Queries of an item's revisions (issue 37): its saved revisions and the state it is in now. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';

/** One stored revision with its author's name. `version` is the version it replaced. */
export interface RevisionRow {
  version: number;
  accountId: string | null;
  authorName: string | null;
  changedAt: Date | string;
  previous: Record<string, unknown>;
  restoredFrom: number | null;
}

/** Every revision of an item, newest first (the history of one item is short: tens of saves). */
export async function findRevisions(db: Db, contentId: string): Promise<RevisionRow[]> {
  return rows<RevisionRow>(
    db,
    sql`SELECT r.version, r.account_id AS "accountId", a.display_name AS "authorName",
          r.changed_at AS "changedAt", r.previous, r.restored_from AS "restoredFrom"
        FROM content_revision r LEFT JOIN account a ON a.id = r.account_id
        WHERE r.content_id = ${contentId}::uuid
        ORDER BY r.version DESC, r.changed_at DESC`,
  );
}

/** The revisioned fields of an item as stored now. */
export interface CurrentContentRow extends Record<string, unknown> {
  version: number;
  index: number;
}

/** The item's revisioned fields now, or undefined. */
export async function findCurrentFields(db: Db, id: string): Promise<CurrentContentRow | undefined> {
  const [row] = await rows<CurrentContentRow>(
    db,
    sql`SELECT name, description, url_alias AS "urlAlias", status, categories, tags, keywords,
          education_levels AS "educationLevels", experience_levels AS "experienceLevels",
          last_curated_courseware::text AS "lastCuratedCourseware",
          last_curated_environment::text AS "lastCuratedEnvironment", index, version
        FROM content WHERE id = ${id}::uuid`,
  );
  return row;
}

/** An item's ready files now, in display order, with when each was added. */
export async function findCurrentFiles(db: Db, contentId: string) {
  return rows<{ id: string; name: string; size: number; sha256: string | null; createdAt: Date | string }>(
    db,
    sql`SELECT id, name, size::float8 AS size, sha256, created_at AS "createdAt" FROM file
        WHERE metadata_type = 'content' AND metadata_id = ${contentId}::uuid AND status = 'ready'
        ORDER BY index, name`,
  );
}
