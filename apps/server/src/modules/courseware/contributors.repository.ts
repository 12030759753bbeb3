/** Contributor writes (000 §3 Contributor, §7 create and update contributor). Queries only. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contributor } from '../../db/schema/courseware.js';
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
