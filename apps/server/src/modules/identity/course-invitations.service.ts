/**
 * Course invitations (001 §1: "Students reach the exercise area only by faculty invitation"; issue 5).
 * Faculty invite students to a course by e-mail. An address with an account gets the course's
 * list-courses claim at once (which opens the exercise area, 001 §6), a message in its account menu and
 * an e-mail; any other address gets an e-mail inviting it to sign up, and the claim follows when that
 * address is confirmed. Inviting the same address to the same course again changes nothing.
 */
import { AppError } from '@portal/shared/errors';
import { claimKey, courseAccessClaim } from '@portal/shared/permissions';
import type { CourseInvitation } from '@portal/shared/schemas/identity';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import type { Session } from '../../plugins/auth.js';
import { enqueueMail } from '../mail/mail.service.js';
import { linkTo, siteName, type SiteContext } from './account-links.service.js';
import { courseInvitationMail } from './identity.mails.js';
import {
  findAccountsByEmails,
  findAccountById,
  findClaimRows,
  findCourse,
  insertClaims,
  insertMessage,
  listInvitations,
  listPendingInvitations,
  markInvitationAccepted,
  normalizeEmail,
  toClaim,
  upsertInvitation,
  type InvitationRow,
} from './identity.repository.js';

const coursePath = (course: { id: string; urlAlias: string }) =>
  `/courseware/${course.urlAlias || course.id}`;

function toInvitation(row: InvitationRow): CourseInvitation {
  return {
    id: row.id,
    courseId: row.courseId,
    email: row.email,
    createdAt: isoTimestamp(row.createdAt),
    acceptedAt: row.acceptedAt ? isoTimestamp(row.acceptedAt) : null,
  };
}

/** Gives an account a course (its scoped list-courses claim) unless it has it, with a menu message. */
async function grantCourse(
  db: Db,
  accountId: string,
  course: { id: string; name: string; urlAlias: string },
): Promise<void> {
  const claim = courseAccessClaim(course.id);
  const rows = await findClaimRows(db, accountId);
  if (!rows.some((r) => claimKey(toClaim(r)) === claimKey(claim))) {
    await insertClaims(db, accountId, [claim]);
  }
  await insertMessage(db, {
    accountId,
    message: `You were invited to the course ${course.name}.`,
    link: coursePath(course),
  });
}

/**
 * Invites addresses to a course.
 * @throws AppError not_found when the course does not exist (or is not a course)
 * @returns the invitations of these addresses
 */
export async function inviteStudents(
  db: Db,
  site: SiteContext,
  session: Session,
  courseId: string,
  emails: readonly string[],
  now = new Date(),
): Promise<CourseInvitation[]> {
  const course = await findCourse(db, courseId);
  if (!course) throw new AppError('not_found', 'This course does not exist.');
  const me = await findAccountById(db, session.accountId!);
  const inviter = me?.displayName || session.identity!.email;
  const unique = [...new Set(emails.map(normalizeEmail))];
  return db.transaction(async (tx) => {
    const out: CourseInvitation[] = [];
    const accounts = await findAccountsByEmails(tx, unique);
    for (const email of unique) {
      const { row, isNew } = await upsertInvitation(tx, {
        courseId,
        email,
        invitedBy: session.accountId!,
      });
      if (!isNew) {
        out.push(toInvitation(row));
        continue;
      }
      const account = accounts.get(email);
      if (account) {
        await grantCourse(tx, account.id, course);
        await markInvitationAccepted(tx, row.id, account.id, now);
      }
      const url = account
        ? `${site.publicBaseUrl}${coursePath(course)}`
        : linkTo.signup(site, { email, redirect: coursePath(course) });
      await enqueueMail(
        tx,
        courseInvitationMail(email, siteName(site), course.name, inviter, url, Boolean(account)),
      );
      out.push(toInvitation(account ? { ...row, accountId: account.id, acceptedAt: now } : row));
    }
    return out;
  });
}

/**
 * The invitations to a course: those the caller sent, or all of them for those who manage the
 * organization (addresses of students are not shown to every faculty member).
 * @throws AppError not_found when the course does not exist
 */
export async function listCourseInvitations(
  db: Db,
  session: Session,
  courseId: string,
): Promise<CourseInvitation[]> {
  if (!(await findCourse(db, courseId))) throw new AppError('not_found', 'This course does not exist.');
  const rows = await listInvitations(db, courseId);
  const all = session.permissions.CanManageOrganization;
  return rows.filter((r) => all || r.invitedBy === session.accountId).map(toInvitation);
}

/** Takes up the pending invitations to an account's address (after it is confirmed). */
export async function acceptPendingInvitations(db: Db, accountId: string, now = new Date()): Promise<void> {
  const account = await findAccountById(db, accountId);
  if (!account) return;
  for (const invitation of await listPendingInvitations(db, account.email)) {
    const course = await findCourse(db, invitation.courseId);
    if (course) await grantCourse(db, accountId, course);
    await markInvitationAccepted(db, invitation.id, accountId, now);
  }
}
