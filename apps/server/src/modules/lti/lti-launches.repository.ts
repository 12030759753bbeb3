/** Queries of OIDC login states and launches; each takes a database or a transaction. */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ltiLaunch, ltiLoginState } from '../../db/schema/lti.js';

export type LtiLaunchRow = typeof ltiLaunch.$inferSelect;

export async function insertLoginState(db: Db, values: typeof ltiLoginState.$inferInsert): Promise<void> {
  await db.insert(ltiLoginState).values(values);
}

/** Takes a login state (deleting it, so it is used once); undefined when unknown or expired. */
export async function takeLoginState(
  db: Db,
  stateHash: string,
  now: Date,
): Promise<{ nonce: string; platformId: string } | undefined> {
  const [row] = await db.delete(ltiLoginState).where(eq(ltiLoginState.stateHash, stateHash)).returning({
    nonce: ltiLoginState.nonce,
    platformId: ltiLoginState.platformId,
    expiresAt: ltiLoginState.expiresAt,
  });
  return row && new Date(row.expiresAt) > now ? { nonce: row.nonce, platformId: row.platformId } : undefined;
}

export async function insertLaunch(db: Db, values: typeof ltiLaunch.$inferInsert): Promise<LtiLaunchRow> {
  const [row] = await db.insert(ltiLaunch).values(values).returning();
  return row!;
}

/** Marks a launch's hand-off used and returns the launch, atomically; undefined if unknown, used or expired. */
export async function takeHandoff(db: Db, handoffHash: string, now: Date): Promise<LtiLaunchRow | undefined> {
  const [row] = await db
    .update(ltiLaunch)
    .set({ handoffUsedAt: now })
    .where(
      and(
        eq(ltiLaunch.handoffHash, handoffHash),
        eq(ltiLaunch.needsLink, false),
        isNull(ltiLaunch.handoffUsedAt),
        gt(ltiLaunch.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/**
 * A launch whose hand-off waits for its person to prove the account, unused and not expired, found by
 * its hand-off secret's hash or by the hash of the one-time link e-mailed for it.
 */
export async function findLaunchAwaitingLink(
  db: Db,
  key: { handoffHash: string } | { linkTokenHash: string },
  now: Date,
): Promise<LtiLaunchRow | undefined> {
  const [row] = await db
    .select()
    .from(ltiLaunch)
    .where(
      and(
        'handoffHash' in key
          ? eq(ltiLaunch.handoffHash, key.handoffHash)
          : eq(ltiLaunch.linkTokenHash, key.linkTokenHash),
        eq(ltiLaunch.needsLink, true),
        isNull(ltiLaunch.handoffUsedAt),
        gt(ltiLaunch.expiresAt, now),
      ),
    );
  return row;
}

/** Keeps the hash of the one-time link e-mailed for a launch (a new one replaces the last). */
export async function setLinkToken(db: Db, args: { id: string; linkTokenHash: string }): Promise<void> {
  await db.update(ltiLaunch).set({ linkTokenHash: args.linkTokenHash }).where(eq(ltiLaunch.id, args.id));
}

/**
 * Marks a launch's account proven, atomically: its hand-off may then be traded, its e-mailed link not
 * again. @returns whether this call did it
 */
export async function markLinked(db: Db, id: string): Promise<boolean> {
  const done = await db
    .update(ltiLaunch)
    .set({ needsLink: false, linkTokenHash: null })
    .where(and(eq(ltiLaunch.id, id), eq(ltiLaunch.needsLink, true)))
    .returning({ id: ltiLaunch.id });
  return done.length > 0;
}

export async function findLaunch(db: Db, id: string): Promise<LtiLaunchRow | undefined> {
  const [row] = await db.select().from(ltiLaunch).where(eq(ltiLaunch.id, id));
  return row;
}

/** Keeps the signed response of a deep-linking launch and the hash of the secret that fetches it. */
export async function setResponse(
  db: Db,
  args: { id: string; responseJwt: string; returnHash: string },
): Promise<void> {
  await db
    .update(ltiLaunch)
    .set({ responseJwt: args.responseJwt, returnHash: args.returnHash })
    .where(eq(ltiLaunch.id, args.id));
}

/** Marks a response fetched and returns the launch, atomically; undefined if unknown, fetched or expired. */
export async function takeResponse(db: Db, returnHash: string, now: Date): Promise<LtiLaunchRow | undefined> {
  const [row] = await db
    .update(ltiLaunch)
    .set({ returnedAt: now })
    .where(
      and(eq(ltiLaunch.returnHash, returnHash), isNull(ltiLaunch.returnedAt), gt(ltiLaunch.expiresAt, now)),
    )
    .returning();
  return row;
}

/**
 * Removes login states (with their nonces) and launches past their time (the scheduled sweep).
 * @returns how many of each went
 */
export async function deleteExpired(db: Db, before: Date): Promise<{ states: number; launches: number }> {
  const states = await db
    .delete(ltiLoginState)
    .where(lte(ltiLoginState.expiresAt, before))
    .returning({ hash: ltiLoginState.stateHash });
  const launches = await db
    .delete(ltiLaunch)
    .where(lte(ltiLaunch.expiresAt, before))
    .returning({ id: ltiLaunch.id });
  return { states: states.length, launches: launches.length };
}
