/**
 * Limits of the contact, newsletter and support forms and their mail (001 §5, §9).
 * Re-exported by `limits.ts`: import them from `@portal/shared/limits`.
 */

/** Contact form: name, e-mail, organization and subject each at most this long. */
export const CONTACT_FIELD_MAX = 100;
export const CONTACT_MESSAGE_MAX = 10_000;
/** Newsletter form: every field at most this long. */
export const NEWSLETTER_FIELD_MAX = 256;
export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 10_000;
/**
 * Public form submissions (contact, newsletter) allowed per client address within the window, counted
 * in the database; trap-field hits count too (issue 12).
 */
export const PUBLIC_FORM_RATE_MAX = 10;
export const PUBLIC_FORM_RATE_WINDOW_MS = 60 * 60_000;
/**
 * Confirmation and notice e-mails of one kind (sign-up, reset, newsletter confirmation, invitation) that
 * one address receives within MAIL_NOTICE_WINDOW_MS, whoever asks (issue 20: no mail bombing). Past it
 * the request is answered as usual and nothing is sent, so the answer tells nothing either.
 */
export const MAIL_NOTICES_PER_RECIPIENT_MAX = 1;
export const MAIL_NOTICE_WINDOW_MS = 60 * 60_000;
/** Support requests allowed per account within the window (each is e-mail to several people). */
export const SUPPORT_RATE_MAX = 10;
export const SUPPORT_RATE_WINDOW_MS = 60 * 60_000;
/** Courses per page of the support dialog's course list (001 §7 User client). */
export const SUPPORT_COURSES_PAGE_SIZE = 50;
/** Newsletter subscribers per page of the admin list. */
export const NEWSLETTER_ADMIN_PAGE_SIZE = 50;
