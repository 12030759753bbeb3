/** Queries of the outbox (table `outbox`): the messages, their delivery results, the admin listing. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema/mail.js';

export type OutboxRow = typeof outbox.$inferSelect;

/** One message by id. */
export async function findMessage(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row;
}

/** Records that a delivery attempt starts: its number, as the job runner counts them. */
export async function markAttempt(db: Db, id: string, attempts: number): Promise<void> {
  await db.update(outbox).set({ attempts }).where(eq(outbox.id, id));
}

export async function markSent(
  db: Db,
  { id, status, now }: { id: string; status: 'sent' | 'logged'; now: Date },
): Promise<void> {
  await db.update(outbox).set({ status, sentAt: now, lastError: null }).where(eq(outbox.id, id));
}

/** Keeps the error of an attempt that will be retried. */
export async function markError(db: Db, id: string, error: string): Promise<void> {
  await db.update(outbox).set({ lastError: error }).where(eq(outbox.id, id));
}

/** Marks a message failed for good, unless it was delivered after all. */
export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'failed', lastError: error })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
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
