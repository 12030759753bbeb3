/** Queries of the outbox (table `outbox`): claiming due messages, recording results, listing. */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema/files.js';

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Claims up to `limit` due messages for one delivery attempt: their attempt count goes up and their
 * next attempt moves to `leaseUntil`, in one statement over rows locked with FOR UPDATE SKIP LOCKED, so
 * any number of workers share the work and a crashed worker's messages come due again after the lease.
 */
export async function claimDueMessages(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(outbox.id, due))
    .returning();
}

export async function markSent(db: Db, id: string, status: 'sent' | 'logged', now: Date): Promise<void> {
  await db.update(outbox).set({ status, sentAt: now, lastError: null }).where(eq(outbox.id, id));
}

export async function markRetry(db: Db, id: string, error: string, nextAttemptAt: Date): Promise<void> {
  await db.update(outbox).set({ lastError: error, nextAttemptAt }).where(eq(outbox.id, id));
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db.update(outbox).set({ status: 'failed', lastError: error }).where(eq(outbox.id, id));
}

/**
 * A page of messages, newest first, after the message `afterId` (keyset on created_at and id, compared
 * with the stored values themselves, so no precision is lost in the cursor).
 */
export async function listMessages(
  db: Db,
  options: { to?: string; status?: string; afterId?: string; limit: number },
): Promise<OutboxRow[]> {
  const conditions = [];
  if (options.to) conditions.push(sql`lower(${outbox.to}) = ${options.to.toLowerCase()}`);
  if (options.status) conditions.push(eq(outbox.status, options.status));
  if (options.afterId) {
    conditions.push(
      sql`(${outbox.createdAt}, ${outbox.id}) < (select o.created_at, o.id from ${outbox} o where o.id = ${options.afterId})`,
    );
  }
  return db
    .select()
    .from(outbox)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(options.limit);
}
