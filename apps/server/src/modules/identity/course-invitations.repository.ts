/**
 * Queries of course invitations (the course they invite to is courseware's `findCourse`). Each takes a Db or a transaction;
 * no rules live here.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { normalizeEmail } from '../../lib/email-address.js';
import { courseInvitation } from '../../db/schema/identity.js';

export type InvitationRow = typeof courseInvitation.$inferSelect;

/** Inserts an invitation or returns the one that exists for the course and address. */
export async function upsertInvitation(
  db: Db,
  values: { courseId: string; email: string; invitedBy: string },
): Promise<{ row: InvitationRow; isNew: boolean }> {
  const [inserted] = await db.insert(courseInvitation).values(values).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, isNew: true };
  const [existing] = await db
    .select()
    .from(courseInvitation)
    .where(and(eq(courseInvitation.courseId, values.courseId), eq(courseInvitation.email, values.email)));
  return { row: existing!, isNew: false };
}

export async function markInvitationAccepted(
  db: Db,
  { id, accountId, now }: { id: string; accountId: string; now: Date },
): Promise<void> {
  await db
    .update(courseInvitation)
    .set({ accountId, acceptedAt: now })
    .where(and(eq(courseInvitation.id, id), isNull(courseInvitation.acceptedAt)));
}

export async function listInvitations(db: Db, courseId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(courseInvitation)
    .where(eq(courseInvitation.courseId, courseId))
    .orderBy(desc(courseInvitation.createdAt), asc(courseInvitation.email));
}

/** Invitations to an address that no account has taken up yet. */
export async function listPendingInvitations(db: Db, email: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(courseInvitation)
    .where(and(eq(courseInvitation.email, normalizeEmail(email)), isNull(courseInvitation.acceptedAt)));
}
