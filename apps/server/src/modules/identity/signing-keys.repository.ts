/**
 * Queries of the token signing keys (and the legacy secret kept in `setting`). Each takes a Db or a
 * transaction; no rules live here.
 */
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { setting, signingKey } from '../../db/schema/identity.js';

export type SigningKeyRow = typeof signingKey.$inferSelect;

/** Keys that still verify at `now` (not retired, or retiring later). */
export async function listUsableSigningKeys(db: Db, now: Date): Promise<SigningKeyRow[]> {
  return db
    .select()
    .from(signingKey)
    .where(or(isNull(signingKey.retiredAt), gt(signingKey.retiredAt, now)))
    .orderBy(desc(signingKey.createdAt));
}

export async function insertSigningKey(
  db: Db,
  values: { kid: string; secret: string },
  now = new Date(),
): Promise<void> {
  await db
    .insert(signingKey)
    .values({ ...values, createdAt: now })
    .onConflictDoNothing();
}

/** Every stored signing key, retired ones included (to seal them again). */
export async function listSigningKeys(db: Db): Promise<SigningKeyRow[]> {
  return db.select().from(signingKey);
}

/**
 * Replaces a key's stored secret while it still holds `from` (another instance may have done it).
 * @returns whether the row was changed
 */
export async function updateSigningKeySecret(
  db: Db,
  args: { kid: string; from: string; to: string },
): Promise<boolean> {
  const changed = await db
    .update(signingKey)
    .set({ secret: args.to })
    .where(and(eq(signingKey.kid, args.kid), eq(signingKey.secret, args.from)))
    .returning({ kid: signingKey.kid });
  return changed.length > 0;
}

/** Sets the retirement of every active key (they stop signing now and verify until `at`). */
export async function retireSigningKeys(db: Db, at: Date): Promise<void> {
  await db.update(signingKey).set({ retiredAt: at }).where(isNull(signingKey.retiredAt));
}

export async function deleteRetiredSigningKeys(db: Db, now: Date): Promise<void> {
  await db.delete(signingKey).where(lte(signingKey.retiredAt, now));
}

/** The key the first version kept in `setting` (adopted as the legacy key). */
export async function findLegacyJwtSecret(db: Db): Promise<string | undefined> {
  const [row] = await db.select().from(setting).where(eq(setting.key, 'jwt-secret'));
  return row?.value;
}
