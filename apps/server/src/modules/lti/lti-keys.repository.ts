/** Queries of the LTI tool's key pairs; each takes a database or a transaction. */
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ltiKey } from '../../db/schema/lti.js';

export type LtiKeyRow = typeof ltiKey.$inferSelect;

/** Keys that still verify at `now` (not retired, or retiring later), newest first. */
export async function listUsableKeys(db: Db, now: Date): Promise<LtiKeyRow[]> {
  return db
    .select()
    .from(ltiKey)
    .where(or(isNull(ltiKey.retiredAt), gt(ltiKey.retiredAt, now)))
    .orderBy(desc(ltiKey.createdAt));
}

export async function insertKey(
  db: Db,
  values: { kid: string; privateKey: string; publicJwk: Record<string, unknown>; createdAt: Date },
): Promise<void> {
  await db.insert(ltiKey).values(values);
}

/** Retires every key that signs now: it verifies until `at`. */
export async function retireActiveKeys(db: Db, at: Date): Promise<void> {
  await db.update(ltiKey).set({ retiredAt: at }).where(isNull(ltiKey.retiredAt));
}

export async function deleteRetiredKeys(db: Db, now: Date): Promise<void> {
  await db.delete(ltiKey).where(lte(ltiKey.retiredAt, now));
}

/** Every stored key, retired ones included (to seal them again). */
export async function listKeys(db: Db): Promise<LtiKeyRow[]> {
  return db.select().from(ltiKey);
}

/** Writes a key's private half again (sealed under the current SECRETS_KEY) while it still holds `from`. */
export async function updatePrivateKey(
  db: Db,
  args: { kid: string; from: string; to: string },
): Promise<void> {
  await db
    .update(ltiKey)
    .set({ privateKey: args.to })
    .where(and(eq(ltiKey.kid, args.kid), eq(ltiKey.privateKey, args.from)));
}
