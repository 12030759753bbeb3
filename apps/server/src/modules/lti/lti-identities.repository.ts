/** Queries of the platform users linked to portal accounts (issue 33); each takes a database or a transaction. */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ltiIdentity, ltiPlatform } from '../../db/schema/lti.js';

export type LtiIdentityRow = typeof ltiIdentity.$inferSelect;

/** The link of a platform's user, if any. */
export async function findIdentity(
  db: Db,
  key: { platformId: string; subject: string },
): Promise<LtiIdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(ltiIdentity)
    .where(and(eq(ltiIdentity.platformId, key.platformId), eq(ltiIdentity.subject, key.subject)));
  return row;
}

/**
 * Links a platform's user to an account; a link of the same (platform, sub) made meanwhile is kept.
 * @returns the account the (platform, sub) is linked to after the call
 */
export async function insertIdentity(
  db: Db,
  values: { platformId: string; subject: string; accountId: string; email: string | null; now: Date },
): Promise<string> {
  const [made] = await db
    .insert(ltiIdentity)
    .values({ ...values, linkedAt: values.now, lastLaunchAt: values.now })
    .onConflictDoNothing({ target: [ltiIdentity.platformId, ltiIdentity.subject] })
    .returning({ accountId: ltiIdentity.accountId });
  if (made) return made.accountId;
  const kept = await findIdentity(db, values);
  return kept!.accountId;
}

export async function touchIdentity(db: Db, id: string, now: Date): Promise<void> {
  await db.update(ltiIdentity).set({ lastLaunchAt: now }).where(eq(ltiIdentity.id, id));
}

/** An account's links with their platforms' names, by platform name then link time. */
export async function listIdentitiesOfAccount(
  db: Db,
  accountId: string,
): Promise<(LtiIdentityRow & { platformName: string })[]> {
  return db
    .select({
      id: ltiIdentity.id,
      platformId: ltiIdentity.platformId,
      subject: ltiIdentity.subject,
      accountId: ltiIdentity.accountId,
      email: ltiIdentity.email,
      linkedAt: ltiIdentity.linkedAt,
      lastLaunchAt: ltiIdentity.lastLaunchAt,
      platformName: ltiPlatform.name,
    })
    .from(ltiIdentity)
    .innerJoin(ltiPlatform, eq(ltiPlatform.id, ltiIdentity.platformId))
    .where(eq(ltiIdentity.accountId, accountId))
    .orderBy(asc(ltiPlatform.name), asc(ltiIdentity.linkedAt));
}

/** Removes one link of an account. @returns whether there was one */
export async function deleteIdentity(db: Db, args: { id: string; accountId: string }): Promise<boolean> {
  const removed = await db
    .delete(ltiIdentity)
    .where(and(eq(ltiIdentity.id, args.id), eq(ltiIdentity.accountId, args.accountId)))
    .returning({ id: ltiIdentity.id });
  return removed.length > 0;
}
