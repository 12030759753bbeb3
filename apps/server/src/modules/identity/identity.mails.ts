/**
 * The e-mails of the identity area, as plain text with a simple HTML twin. Each is written to the
 * outbox (modules/mail) in the caller's transaction and delivered by the outbox worker.
 */
import { INVITE_TOKEN_TTL_S, RESET_TOKEN_TTL_S, VERIFY_TOKEN_TTL_S } from '@portal/shared/limits';
import { oneLine, type OutgoingMail } from '../mail/mail.service.js';
import { escapeHtml } from '../../lib/html.js';

/** A mail of paragraphs and an optional action link, as plain text with its HTML twin. */
export function mail(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): OutgoingMail {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(action ? [`<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`] : []),
  ].join('\n');
  return { to, subject, text: `${text}\n`, html } satisfies OutgoingMail;
}

const IGNORE = 'If you did not ask for this, you can ignore this e-mail.';

export function verificationMail(to: string, siteName: string, url: string): OutgoingMail {
  return mail(
    to,
    `Confirm your e-mail address for ${siteName}`,
    [
      `Welcome to ${siteName}.`,
      `Please confirm your e-mail address to finish signing up. The link works once, for ${lifetimeText(VERIFY_TOKEN_TTL_S)}.`,
      IGNORE,
    ],
    { label: 'Confirm my e-mail address', url },
  );
}

/** Sent instead of a verification link when someone signs up with an address that has an account. */
export function alreadyRegisteredMail({
  to,
  siteName,
  loginUrl,
  resetUrl,
}: {
  to: string;
  siteName: string;
  loginUrl: string;
  resetUrl: string;
}) {
  return mail(
    to,
    `Someone tried to sign up for ${siteName} with your address`,
    [
      `Someone (perhaps you) tried to sign up for ${siteName} with this e-mail address, which already has an account.`,
      `To sign in, go to ${loginUrl}. If you forgot your password, you can choose a new one.`,
      IGNORE,
    ],
    { label: 'Choose a new password', url: resetUrl },
  );
}

export function passwordResetMail(to: string, siteName: string, url: string): OutgoingMail {
  return mail(
    to,
    `Choose a new password for ${siteName}`,
    [
      `We got a request to choose a new password for your ${siteName} account.`,
      `The link works once, for ${lifetimeText(RESET_TOKEN_TTL_S)}.`,
      IGNORE,
    ],
    { label: 'Choose a new password', url },
  );
}

/** The invitation of a user created by an import (001 §5 User import). */
export function importInvitationMail({
  to,
  siteName,
  name,
  roleLabel,
  url,
}: {
  to: string;
  siteName: string;
  name: string;
  roleLabel: string;
  url: string;
}): OutgoingMail {
  return mail(
    to,
    `You are invited to ${siteName}`,
    [
      `Hello ${oneLine(name)},`,
      `An administrator created a ${siteName} account for you, as ${roleLabel}.`,
      `Choose a password to start. The link works once, for ${lifetimeText(INVITE_TOKEN_TTL_S)}.`,
    ],
    { label: 'Choose my password', url },
  );
}

/** A student invited to a course: with an account the course is theirs already; otherwise they sign up. */
export function courseInvitationMail({
  to,
  siteName,
  courseName,
  inviterName,
  url,
  hasAccount,
}: {
  to: string;
  siteName: string;
  courseName: string;
  inviterName: string;
  url: string;
  hasAccount: boolean;
}): OutgoingMail {
  // Both were typed by someone: each stays on its line (issue 20).
  inviterName = oneLine(inviterName);
  courseName = oneLine(courseName);
  return mail(
    to,
    `${inviterName} invited you to the course ${courseName}`,
    [
      `${inviterName} invited you to the course "${courseName}" on ${siteName}.`,
      hasAccount
        ? 'Sign in with this e-mail address to open the course and its exercise area.'
        : 'Sign up with this e-mail address to open the course and its exercise area.',
    ],
    { label: hasAccount ? 'Sign in' : 'Sign up', url },
  );
}

/**
 * A link lifetime in words for the e-mails and pages: whole days from two days up ("14 days"), else
 * whole hours ("one hour", "24 hours"), else minutes.
 */
export function lifetimeText(seconds: number): string {
  const days = seconds / 86_400;
  const hours = seconds / 3600;
  const [count, unit] =
    Number.isInteger(days) && days >= 2
      ? [days, 'days']
      : Number.isInteger(hours)
        ? [hours, 'hours']
        : [Math.round(seconds / 60), 'minutes'];
  return count === 1 ? `one ${unit.slice(0, -1)}` : `${count} ${unit}`;
}
