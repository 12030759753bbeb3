/**
 * The support dialog (001 §2 Support dialog, §3 Support request / topic / recipient, §5, §7 course and
 * organization support): a signed-in user writes about one of their courses (the faculty who invited
 * them to it receive it, with the support address), their organization (its admins receive it) or the
 * portal. When no one is named, the support address receives it. The request is stored and one e-mail
 * per recipient queued, in one transaction; the e-mail is plain text, so what a user typed never
 * becomes HTML in an inbox.
 */
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { SUPPORT_COURSES_PAGE_SIZE, SUPPORT_RATE_MAX, SUPPORT_RATE_WINDOW_MS } from '@portal/shared/limits';
import {
  SUPPORT_EMAIL_NEEDED,
  SUPPORT_TOPICS,
  supportTopicOf,
  type SupportCoursesResponse,
  type SupportOptions,
  type SupportRecipient,
  type SupportRequest,
  type SupportResponse,
  type SupportRole,
  type SupportTopic,
} from '@portal/shared/schemas/forms';
import type { Db } from '../../db/client.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import type { Session } from '../identity/index.js';
import { hitRateLimits, rateLimitKey } from '../../lib/rate-limit.js';
import { enqueueMail, oneLine } from '../mail/mail.service.js';
import * as repo from './forms.repository.js';

const CursorSchema = z.object({ name: z.string(), id: z.uuid() });

/** Said past SUPPORT_RATE_MAX requests an account and window. */
export const TOO_MANY_SUPPORT_REQUESTS =
  'You have sent many support requests in a short time. Please wait a while before sending more.';
const COURSE_NOT_FOUND = 'This course is not one of yours.';
const ORGANIZATION_NOT_FOUND = 'This organization is not yours.';

/** The roles of the recipients of each kind of topic (001 §3 Support recipient, §6 role names). */
const INSTRUCTOR_ROLE: SupportRole = 'instructor';
const ORGANIZATION_ADMIN_ROLE: SupportRole = 'organizationadmin';

/** Whether the caller may use a topic: course and organization topics need their permission (001 §6). */
function mayUse(session: Session, topic: SupportTopic): boolean {
  if (topic.isCourse) return session.permissions.CanRequestCourseSupport;
  if (topic.isOrganization) return session.permissions.CanRequestOrganizationSupport;
  return session.permissions.IsLogin;
}

/** The caller's topics, organizations and whether the dialog asks for an e-mail. */
export async function getSupportOptions(db: Db, session: Session): Promise<SupportOptions> {
  const organization = await repo.findOrganizationOfAccount(db, session.accountId!);
  return {
    topics: SUPPORT_TOPICS.filter((topic) => mayUse(session, topic)),
    organizations: organization ? [organization] : [],
    isEmailRequired: !session.identity?.email,
  };
}

/** The courses the caller is on, by name, paged. @throws AppError invalid_input for a foreign token */
export async function listSupportCourses(
  db: Db,
  session: Session,
  pageToken: string | undefined,
): Promise<SupportCoursesResponse> {
  const after = decodePageToken(pageToken, CursorSchema);
  const found = await repo.listCoursesOfAccount(db, {
    accountId: session.accountId!,
    after,
    limit: SUPPORT_COURSES_PAGE_SIZE + 1,
  });
  const { page, nextPageToken } = keysetPage(found, SUPPORT_COURSES_PAGE_SIZE, (last) => ({
    name: last.name,
    id: last.id,
  }));
  return { items: page, nextPageToken };
}

/** Who receives a request: the named people with their role and addresses, or none. */
async function recipientsOf(
  db: Db,
  session: Session,
  topic: SupportTopic,
  targetId: string | undefined,
): Promise<{ about?: string; named: SupportRecipient[]; addresses: string[] }> {
  if (topic.isCourse) {
    const course = targetId ? await repo.findCourseOfAccount(db, session.accountId!, targetId) : undefined;
    if (!course) throw new AppError('not_found', COURSE_NOT_FOUND);
    // Only those who invited this caller to this course: a faculty member who invited others to it
    // does not read this caller's requests (issue 20).
    const instructors = await repo.listInvitersOfAccount(db, course.id, session.accountId!);
    return {
      about: `Course: ${course.name}`,
      named: instructors.map((r) => ({ name: r.name, role: INSTRUCTOR_ROLE })),
      addresses: instructors.map((r) => r.email),
    };
  }
  if (topic.isOrganization) {
    const organization = await repo.findOrganizationOfAccount(db, session.accountId!);
    if (!organization || organization.id !== targetId) {
      throw new AppError('not_found', ORGANIZATION_NOT_FOUND);
    }
    const admins = await repo.listOrganizationAdmins(db, organization.id);
    return {
      about: `Organization: ${organization.name}`,
      named: admins.map((r) => ({ name: r.name, role: ORGANIZATION_ADMIN_ROLE })),
      addresses: admins.map((r) => r.email),
    };
  }
  return { named: [], addresses: [] };
}

/**
 * Sends a support request: about a course, to the faculty who invited the caller to it and to the
 * support address (issue 20: nobody else); about an organization, to its admins, or the support address
 * when it has none; about the portal, to the support address.
 * @param options.supportEmail the support address (SUPPORT_EMAIL)
 * @throws AppError forbidden for a topic the caller may not use; not_found for a course the caller is
 *   not on or an organization that is not the caller's; invalid_input naming body.email when the
 *   identity has no e-mail and none was given; RateLimitedError (429) past SUPPORT_RATE_MAX a window
 */
export async function sendSupportRequest(
  db: Db,
  options: { session: Session; supportEmail: string; request: SupportRequest },
): Promise<SupportResponse> {
  const { session, request } = options;
  const identity = session.identity!;
  const topic = supportTopicOf(request.topicId)!;
  if (!mayUse(session, topic)) {
    throw new AppError('forbidden', 'You may not request support on this topic.');
  }
  const replyTo = identity.email || request.email;
  if (!replyTo) {
    throw new AppError('invalid_input', `Invalid body.email: ${SUPPORT_EMAIL_NEEDED}`, {
      issues: [{ field: 'body.email', message: SUPPORT_EMAIL_NEEDED }],
    });
  }
  const targetId = request.targetId || undefined;
  const { about, named, addresses } = await recipientsOf(db, session, topic, targetId);
  const isSentToSupport = addresses.length === 0;
  const support = { name: options.supportEmail, role: '' };
  // A course request also reaches the support address; any other reaches it when no one is named.
  const isSupportCopied = topic.isCourse || isSentToSupport;
  const recipients = [...named, ...(isSupportCopied ? [support] : [])];
  const to = [...new Set([...addresses, ...(isSupportCopied ? [options.supportEmail] : [])])];

  await hitRateLimits(db, {
    keys: [
      {
        key: rateLimitKey.supportAccount(session.accountId!),
        limit: { max: SUPPORT_RATE_MAX, windowMs: SUPPORT_RATE_WINDOW_MS },
        message: TOO_MANY_SUPPORT_REQUESTS,
      },
    ],
  });
  const text = [
    `Support request: ${topic.name}`,
    '',
    `From: ${oneLine(identity.displayName)} <${oneLine(replyTo)}>`,
    ...(about ? [about] : []),
    `Subject: ${oneLine(request.subject)}`,
    '',
    request.message,
  ].join('\n');
  await db.transaction(async (tx) => {
    await repo.insertSupportRequest(tx, {
      accountId: session.accountId!,
      topicId: topic.id,
      targetId: targetId ?? null,
      email: replyTo,
      subject: request.subject,
      message: request.message,
    });
    for (const address of to) {
      await enqueueMail(tx, { to: address, subject: `Support request: ${request.subject}`, text });
    }
  });
  return { recipients, isSentToSupport };
}
