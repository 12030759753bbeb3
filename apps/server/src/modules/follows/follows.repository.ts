/** The follows area's tables (issue 37 "Follow"): `follow` and `follow_digest`. */
import { and, asc, count, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { follow, followDigest } from '../../db/schema/follows.js';

export type FollowDigestRow = typeof followDigest.$inferSelect;

/** Adds a follow (nothing when it is there). */
export async function insertFollow(db: Db, accountId: string, contentId: string): Promise<void> {
  await db.insert(follow).values({ accountId, contentId }).onConflictDoNothing();
}

/** Removes a follow; true when there was one. */
export async function deleteFollow(db: Db, accountId: string, contentId: string): Promise<boolean> {
  const gone = await db
    .delete(follow)
    .where(and(eq(follow.accountId, accountId), eq(follow.contentId, contentId)))
    .returning({ contentId: follow.contentId });
  return gone.length > 0;
}

/** How many items the account follows. */
export async function countFollows(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follow).where(eq(follow.accountId, accountId));
  return row?.n ?? 0;
}

/** Which of `contentIds` the account follows. */
export async function findFollowed(
  db: Db,
  accountId: string,
  contentIds: readonly string[],
): Promise<string[]> {
  if (contentIds.length === 0) return [];
  const found = await db
    .select({ contentId: follow.contentId })
    .from(follow)
    .where(and(eq(follow.accountId, accountId), inArray(follow.contentId, [...contentIds])));
  return found.map((r) => r.contentId);
}

/** The account's follows, oldest first, after the keyset cursor (created, content id). */
export async function listFollows(
  db: Db,
  accountId: string,
  { after, limit }: { after?: { t: string; i: string }; limit: number },
) {
  return db
    .select({ contentId: follow.contentId, createdAt: follow.createdAt })
    .from(follow)
    .where(
      and(
        eq(follow.accountId, accountId),
        after
          ? sql`(${follow.createdAt}, ${follow.contentId}) > (${after.t}::timestamptz, ${after.i}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(follow.createdAt), asc(follow.contentId))
    .limit(limit);
}

/** The account's digest row, if it ever followed something or chose a frequency. */
export async function findDigest(db: Db, accountId: string): Promise<FollowDigestRow | undefined> {
  const [row] = await db.select().from(followDigest).where(eq(followDigest.accountId, accountId));
  return row;
}

/** Creates the account's digest row with `values` unless it has one. */
export async function insertDigestIfAbsent(
  db: Db,
  values: { accountId: string; frequency: string; dueAt: Date },
): Promise<void> {
  await db.insert(followDigest).values(values).onConflictDoNothing();
}

/** Sets the account's frequency (and when its next digest is due), creating the row if needed. */
export async function upsertDigest(
  db: Db,
  values: { accountId: string; frequency: string; dueAt: Date },
): Promise<void> {
  await db
    .insert(followDigest)
    .values(values)
    .onConflictDoUpdate({
      target: followDigest.accountId,
      set: { frequency: values.frequency, dueAt: values.dueAt },
    });
}

/**
 * Digests due at `now`, or only `accountId`'s whether due or not (sent now), locked for this pass
 * (`FOR UPDATE SKIP LOCKED`: another worker's pass takes the others), with every follow of each.
 */
export async function claimDueDigests(db: Db, now: Date, limit: number, accountId?: string) {
  const due = await db
    .select()
    .from(followDigest)
    .where(
      and(
        ne(followDigest.frequency, 'off'),
        // One account's digest is taken whether it is due or not (sent now).
        accountId === undefined ? lte(followDigest.dueAt, now) : eq(followDigest.accountId, accountId),
      ),
    )
    .orderBy(asc(followDigest.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return { due, follows: [] };
  const follows = await db
    .select({ accountId: follow.accountId, contentId: follow.contentId, createdAt: follow.createdAt })
    .from(follow)
    .where(
      inArray(
        follow.accountId,
        due.map((d) => d.accountId),
      ),
    );
  return { due, follows };
}

/**
 * Records the digests of `accountIds` sent (or found empty) up to `through`, in one statement: each next
 * one is due a period of its frequency later.
 * @param periodsMs milliseconds between digests by frequency (FOLLOW_DIGEST_PERIOD_MS)
 */
export async function markDigestsSent(
  db: Db,
  accountIds: readonly string[],
  { through, periodsMs }: { through: Date; periodsMs: Record<string, number> },
): Promise<void> {
  if (accountIds.length === 0) return;
  const periods = JSON.stringify(periodsMs);
  await db
    .update(followDigest)
    .set({
      sentThrough: through,
      dueAt: sql`${through.toISOString()}::timestamptz
        + make_interval(secs => (${periods}::jsonb ->> ${followDigest.frequency})::double precision / 1000)`,
    })
    .where(inArray(followDigest.accountId, [...accountIds]));
}
