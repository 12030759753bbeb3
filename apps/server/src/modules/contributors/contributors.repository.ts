/** Contributors (000 §3 Contributor, §7 list, create and update contributor). Queries only. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { contributor } from '../../db/schema/contributors.js';
import { file } from '../../db/schema/files.js';

export type ContributorValues = Omit<typeof contributor.$inferInsert, 'id' | 'createdAt'>;

const COLUMNS = {
  id: contributor.id,
  prefix: contributor.prefix,
  firstName: contributor.firstName,
  middleName: contributor.middleName,
  lastName: contributor.lastName,
  suffix: contributor.suffix,
  title: contributor.title,
  school: contributor.school,
  email: contributor.email,
  portraitFileId: contributor.portraitFileId,
};

export async function insertContributor(db: Db, values: ContributorValues) {
  const [row] = await db.insert(contributor).values(values).returning(COLUMNS);
  return row!;
}

/** @returns the updated row, or undefined when there is no such contributor */
export async function updateContributor(db: Db, id: string, values: ContributorValues) {
  const [row] = await db.update(contributor).set(values).where(eq(contributor.id, id)).returning(COLUMNS);
  return row;
}

/** Whether a stored file exists (a portrait must). */
export async function fileExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: file.id }).from(file).where(eq(file.id, id));
  return row !== undefined;
}

export interface ContributorRow {
  id: string;
  prefix: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  title: string | null;
  school: string | null;
  email: string | null;
  portraitFileId: string | null;
}

const CONTRIBUTOR_COLUMNS = sql`p.id, p.prefix, p.first_name AS "firstName", p.middle_name AS "middleName",
  p.last_name AS "lastName", p.suffix, p.title, p.school, p.email, p.portrait_file_id AS "portraitFileId"`;

/** The contributors of an item, in their order on it. */
export async function findContentContributors(db: Db, contentId: string): Promise<ContributorRow[]> {
  return rows<ContributorRow>(
    db,
    sql`SELECT ${CONTRIBUTOR_COLUMNS} FROM content_contributor cc JOIN contributor p ON p.id = cc.contributor_id
        WHERE cc.content_id = ${contentId}::uuid ORDER BY cc.index, p.last_name, p.id`,
  );
}

/** Contributors page, keyset on id. */
export async function listContributors(
  db: Db,
  args: { limit: number; afterId?: string },
): Promise<ContributorRow[]> {
  const after = args.afterId ? sql`WHERE p.id > ${args.afterId}::uuid` : sql``;
  return rows<ContributorRow>(
    db,
    sql`SELECT ${CONTRIBUTOR_COLUMNS} FROM contributor p ${after} ORDER BY p.id LIMIT ${args.limit + 1}`,
  );
}
