/**
 * Course invitations (001 §1: "Students reach the exercise area only by faculty invitation"; issues 5
 * and 9). Faculty invite students to a published or unlisted course by e-mail. Every address gets an
 * e-mail (to sign in, or to sign up) and the answer is the same whether it has an account or not: the
 * invitation is pending until the address's owner signs in (or confirms the address, or sets a
 * password from a link), when they get the course's list-courses claim (which opens the exercise area,
 * 001 §6) and a message in the account menu. Inviting the same address to the same course again changes
 * nothing. Each inviter may invite INVITATION_RATE_MAX addresses an INVITATION_RATE_WINDOW_MS, and an
 * address gets one invitation e-mail an hour whoever invites it (the invitations past that still stand
 * and are taken up at sign-in, with a message in the account menu).
 */
import { AppError } from '@portal/shared/errors';
import { INVITATION_RATE_MAX, INVITATION_RATE_WINDOW_MS } from '@portal/shared/limits';
import { claimKey, courseAccessClaim } from '@portal/shared/permissions';
import type { CourseInvitation } from '@portal/shared/schemas/identity';
import { findCourse } from '../courseware/courseware.service.js';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import type { Session } from './session.js';
import { enqueueMail, mayMailNotice } from '../mail/mail.service.js';
import { linkTo, siteName, type SiteContext } from './site-links.js';
import { courseInvitationMail } from './identity.mails.js';
import { hitRateLimits, rateLimitKey } from '../../lib/rate-limit.js';
import { insertMessage } from './account-messages.repository.js';
import {
  findAccountsByEmails,
  findAccountById,
  findClaimRows,
  insertClaims,
  normalizeEmail,
  toClaim,
} from './accounts.repository.js';
import {
  listInvitations,
  listPendingInvitations,
  markInvitationAccepted,
  upsertInvitation,
  type InvitationRow,
} from './course-invitations.repository.js';

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

/** Courses students can be invited to: those they could see (001 §4 content status). */
const INVITABLE_STATUSES: readonly string[] = ['published', 'unlisted'];

/**
 * Invites addresses to a course. The answer does not tell which addresses have an account.
 * @throws AppError not_found when the course does not exist, is not a course, or is hidden from the
 *   caller; conflict when an editor invites to a course students cannot see (unpublished, archived);
 *   RateLimitedError 429 past INVITATION_RATE_MAX addresses a window
 * @returns the invitations of these addresses
 */
export async function inviteStudents(
  db: Db,
  {
    site,
    session,
    courseId,
    emails,
    now = new Date(),
  }: { site: SiteContext; session: Session; courseId: string; emails: readonly string[]; now?: Date },
): Promise<CourseInvitation[]> {
  const course = await findCourse(db, courseId);
  if (!course) throw new AppError('not_found', COURSE_NOT_FOUND);
  if (!INVITABLE_STATUSES.includes(course.status)) {
    if (!session.permissions.CanUpdateContent) throw new AppError('not_found', COURSE_NOT_FOUND);
    throw new AppError('conflict', 'Students cannot see this course: publish it before inviting them.');
  }
  const unique = [...new Set(emails.map(normalizeEmail))];
  await hitRateLimits(db, {
    keys: [
      {
        key: rateLimitKey.invitationAccount(session.accountId!),
        limit: { max: INVITATION_RATE_MAX, windowMs: INVITATION_RATE_WINDOW_MS },
        message: `You can invite at most ${INVITATION_RATE_MAX} addresses an hour. Please try again later.`,
      },
    ],
    now,
    cost: unique.length,
  });
  const me = await findAccountById(db, session.accountId!);
  const inviter = me?.displayName || session.identity!.email;
  return db.transaction(async (tx) => {
    const out: CourseInvitation[] = [];
    const accounts = await findAccountsByEmails(tx, unique);
    for (const email of unique) {
      const { row, isNew } = await upsertInvitation(tx, {
        courseId,
        email,
        invitedBy: session.accountId!,
      });
      // Whether the address has an account changes only the e-mail its owner reads, never the answer.
      out.push(toInvitation(row));
      // One invitation e-mail an hour to an address, whoever invites (issue 20); the invitation stands.
      if (!isNew || !(await mayMailNotice(tx, { kind: 'course-invitation', to: email, now }))) continue;
      const hasAccount = accounts.has(email);
      const url = hasAccount
        ? linkTo.login(site, coursePath(course))
        : linkTo.signup(site, { email, redirect: coursePath(course) });
      await enqueueMail(
        tx,
        courseInvitationMail({
          to: email,
          siteName: siteName(site),
          courseName: course.name,
          inviterName: inviter,
          url,
          hasAccount,
        }),
      );
    }
    return out;
  });
}

const COURSE_NOT_FOUND = 'This course does not exist.';

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
  if (!(await findCourse(db, courseId))) throw new AppError('not_found', COURSE_NOT_FOUND);
  const rows = await listInvitations(db, courseId);
  const all = session.permissions.CanManageOrganization;
  return rows.filter((r) => all || r.invitedBy === session.accountId).map(toInvitation);
}

/**
 * Takes up the pending invitations to an account's address: at sign-in and refresh, and when the
 * address is confirmed or a password is set from a link.
 */
export async function acceptPendingInvitations(db: Db, accountId: string, now = new Date()): Promise<void> {
  const account = await findAccountById(db, accountId);
  if (!account) return;
  for (const invitation of await listPendingInvitations(db, account.email)) {
    const course = await findCourse(db, invitation.courseId);
    if (course && INVITABLE_STATUSES.includes(course.status)) await grantCourse(db, accountId, course);
    await markInvitationAccepted(db, { id: invitation.id, accountId, now });
  }
}
