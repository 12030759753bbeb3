/**
 * Contact, newsletter and support forms (001 §2 Contact page, Newsletter signup, Support dialog; §3; §5).
 * The same schemas validate the route bodies on the server and the forms on the web.
 */
import { z } from 'zod';
import type { BrandVariant } from '../enums.js';
import {
  CONTACT_FIELD_MAX,
  CONTACT_MESSAGE_MAX,
  EMAIL_MAX,
  NEWSLETTER_FIELD_MAX,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
} from '../limits.js';
import { PageTokenSchema, TimestampSchema, UuidSchema, pageOf } from './common.js';

/** 'This field is required.' — what an empty required field says. */
export const REQUIRED_MESSAGE = 'This field is required.';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid e-mail address.';
const tooLong = (max: number) => `Please enter at most ${max} characters.`;

/** A required text field: trimmed, not empty, at most `max` characters. */
function requiredText(max: number) {
  return z.string().trim().min(1, REQUIRED_MESSAGE).max(max, tooLong(max));
}
function requiredEmail(max: number) {
  return z
    .string()
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(max, tooLong(max))
    .pipe(z.email(INVALID_EMAIL_MESSAGE));
}

/**
 * The hidden trap field of the public forms (001 §4): people never see it, so it stays empty; a bot
 * that fills it gets the success answer and nothing is stored or sent.
 */
export const TRAP_FIELD = 'website';
const TrapSchema = z.string().max(NEWSLETTER_FIELD_MAX).optional();

// ---- Contact ----

/** Discussion topics of the contact form per brand variant (001 §2); the state variant has none. */
export const CONTACT_TOPICS: Record<BrandVariant, readonly string[]> = {
  national: [
    'Signup for Cyber Range Services',
    'Request a Demo',
    'Request Estimate',
    'Request Information',
    'Other',
  ],
  state: [],
};
/** The e-mail subject of a contact request, per brand variant (001 §3 Contact request). */
export const CONTACT_MAIL_SUBJECT: Record<BrandVariant, string> = {
  national: 'Contact Us Request',
  state: 'Contact Us Request',
};
/** The office address line under the contact confirmation, per brand variant (001 §2 Contact page). */
export const CONTACT_OFFICE_ADDRESS: Record<BrandVariant, string> = {
  national: 'Cyber Range Portal, Office of Cybersecurity Education',
  state: 'State Cyber Range, Office of Cybersecurity Education',
};
/** The error prefix of the contact form's field messages (001 §4). */
export const CONTACT_ERROR_PREFIX = 'Error: ';
export const CONTACT_TOPIC_QUESTION = 'What would you like to discuss?';
export const CONTACT_CONFIRMATION =
  'We appreciate your inquiry, one of our representatives will contact you shortly.';

/** POST /api/v1/contact (001 §3 Contact request, §5 Contact form). `topic` is checked per brand. */
export const ContactRequestSchema = z.object({
  name: requiredText(CONTACT_FIELD_MAX),
  email: requiredEmail(CONTACT_FIELD_MAX),
  organization: requiredText(CONTACT_FIELD_MAX),
  topic: z.string().max(CONTACT_FIELD_MAX).optional(),
  subject: requiredText(CONTACT_FIELD_MAX),
  message: requiredText(CONTACT_MESSAGE_MAX),
  [TRAP_FIELD]: TrapSchema,
});
export type ContactRequest = z.infer<typeof ContactRequestSchema>;

/** The contact form's schema for a brand: the topic is required exactly when topics are offered. */
export function contactFormSchema(topics: readonly string[]) {
  return ContactRequestSchema.superRefine((value, ctx) => {
    if (topics.length === 0) return;
    if (!value.topic || !topics.includes(value.topic))
      ctx.addIssue({ code: 'custom', path: ['topic'], message: REQUIRED_MESSAGE });
  });
}

/** Every accepted public form answers the same (a trap hit too). */
export const FormAcceptedSchema = z.object({ isAccepted: z.literal(true) });
export type FormAccepted = z.infer<typeof FormAcceptedSchema>;

// ---- Newsletter ----

export const EMAIL_FORMATS = ['HTML', 'TEXT'] as const;
export type EmailFormat = (typeof EMAIL_FORMATS)[number];
export const NEWSLETTER_STATUSES = ['unconfirmed', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** POST /api/v1/newsletter/subscribers (001 §3 Newsletter subscriber, §5 Newsletter). */
export const NewsletterSignupRequestSchema = z.object({
  emailAddress: requiredEmail(NEWSLETTER_FIELD_MAX),
  firstName: requiredText(NEWSLETTER_FIELD_MAX),
  lastName: requiredText(NEWSLETTER_FIELD_MAX),
  organization: requiredText(NEWSLETTER_FIELD_MAX),
  jobTitle: requiredText(NEWSLETTER_FIELD_MAX),
  emailFormat: z.enum(EMAIL_FORMATS).default('HTML'),
  [TRAP_FIELD]: TrapSchema,
});
export type NewsletterSignupRequest = z.input<typeof NewsletterSignupRequestSchema>;

/** The one general topic a sign-up subscribes to, per brand variant (001 §3 Newsletter subscriber). */
export const NEWSLETTER_TOPICS: Record<BrandVariant, string> = {
  national: 'Cyber Range News',
  state: 'State Cyber Range News',
};
/** Web addresses of the links in newsletter e-mails (they need no sign-in). */
export const NEWSLETTER_CONFIRM_PATH = '/newsletter/confirm';
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';
/** What a used or unknown link says. */
export const NEWSLETTER_LINK_INVALID = 'This link is not valid or has already been used.';

export const NEWSLETTER_CONFIRMATION_TITLE = 'Thank you for signing up!';
export const NEWSLETTER_CONFIRMATION_COMMENT =
  'Please check your inbox: we have sent you an e-mail with a link that confirms your subscription.';

/** The single-use link token of a confirmation or unsubscribe e-mail. */
export const NewsletterTokenRequestSchema = z.object({
  token: z
    .string()
    .min(1, REQUIRED_MESSAGE)
    .max(256)
    .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid.'),
});
export const NewsletterTokenResponseSchema = z.object({ status: z.enum(NEWSLETTER_STATUSES) });

export const NewsletterSubscriberSchema = z.object({
  id: UuidSchema,
  emailAddress: z.string(),
  name: z.string(),
  organization: z.string(),
  jobTitle: z.string(),
  emailFormat: z.enum(EMAIL_FORMATS),
  topic: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  createdAt: TimestampSchema,
  confirmedAt: TimestampSchema.nullable(),
});
export type NewsletterSubscriber = z.infer<typeof NewsletterSubscriberSchema>;
export const NewsletterSubscribersQuerySchema = z.object({
  status: z.enum(NEWSLETTER_STATUSES).optional(),
  pageToken: PageTokenSchema.optional(),
});
export const NewsletterSubscribersResponseSchema = pageOf(NewsletterSubscriberSchema);
export type NewsletterSubscribersResponse = z.infer<typeof NewsletterSubscribersResponseSchema>;
/** Columns of the subscriber CSV export, in order. */
export const NEWSLETTER_CSV_COLUMNS = [
  'E-Mail',
  'First Name',
  'Last Name',
  'Organization',
  'Job Title',
  'Format',
  'Topic',
  'Status',
  'Signed Up',
  'Confirmed',
] as const;

// ---- Support ----

export const SupportTopicSchema = z.object({
  id: z.string(),
  name: z.string(),
  isCourse: z.boolean(),
  isOrganization: z.boolean(),
});
export type SupportTopic = z.infer<typeof SupportTopicSchema>;

/**
 * The topics of the support dialog (001 §3 Support topic): a course topic asks which of the user's
 * courses (its instructors receive the request), an organization topic the user's organization (its
 * admins receive it); any other topic goes to the support address.
 */
export const SUPPORT_TOPICS = [
  { id: 'course', name: 'A course I teach or take', isCourse: true, isOrganization: false },
  { id: 'organization', name: 'My organization', isCourse: false, isOrganization: true },
  { id: 'portal', name: 'The portal or my account', isCourse: false, isOrganization: false },
] as const satisfies readonly SupportTopic[];
export type SupportTopicId = (typeof SUPPORT_TOPICS)[number]['id'];
export const SUPPORT_TOPIC_IDS = SUPPORT_TOPICS.map((t) => t.id) as [SupportTopicId, ...SupportTopicId[]];
/** The topic of an id, or undefined. */
export function supportTopicOf(id: string): SupportTopic | undefined {
  return SUPPORT_TOPICS.find((t) => t.id === id);
}

/** A course or organization the support dialog offers to pick (id and name). */
export const SupportTargetSchema = z.object({ id: UuidSchema, name: z.string() });
export type SupportTarget = z.infer<typeof SupportTargetSchema>;

/**
 * GET /api/v1/support/options: the topics the caller may use, the caller's organizations (an account
 * belongs to at most one) and whether the dialog must ask for an e-mail (the identity has none).
 */
export const SupportOptionsSchema = z.object({
  topics: z.array(SupportTopicSchema),
  organizations: z.array(SupportTargetSchema),
  isEmailRequired: z.boolean(),
});
export type SupportOptions = z.infer<typeof SupportOptionsSchema>;

/** GET /api/v1/support/courses: the courses the caller is on (001 §7 User client), by name. */
export const SupportCoursesQuerySchema = z.object({ pageToken: PageTokenSchema.optional() });
export const SupportCoursesResponseSchema = pageOf(SupportTargetSchema);
export type SupportCoursesResponse = z.infer<typeof SupportCoursesResponseSchema>;

/** Said when the identity has no e-mail and the request carries none. */
export const SUPPORT_EMAIL_NEEDED = 'Please enter your e-mail address.';
/** What the dialog says when a course or organization topic has none of them chosen. */
export const SUPPORT_TARGET_REQUIRED = 'Please choose one.';

/** POST /api/v1/support (001 §3 Support request, §5 Support dialog, §7 course / organization support). */
export const SupportRequestSchema = z
  .object({
    topicId: z.enum(SUPPORT_TOPIC_IDS, REQUIRED_MESSAGE),
    /** The course (course topic) or organization (organization topic) the request is about. */
    targetId: z.union([UuidSchema, z.literal('')]).optional(),
    /** Asked only when the identity has no e-mail. */
    email: requiredEmail(EMAIL_MAX).optional(),
    subject: requiredText(SUPPORT_SUBJECT_MAX),
    message: requiredText(SUPPORT_MESSAGE_MAX),
  })
  .superRefine((value, ctx) => {
    const topic = supportTopicOf(value.topicId);
    if ((topic?.isCourse || topic?.isOrganization) && !value.targetId)
      ctx.addIssue({ code: 'custom', path: ['targetId'], message: SUPPORT_TARGET_REQUIRED });
  });
export type SupportRequest = z.infer<typeof SupportRequestSchema>;

/** The support dialog's schema: the e-mail is required exactly when the identity has none (001 §5). */
export function supportFormSchema(isEmailRequired: boolean) {
  return SupportRequestSchema.superRefine((value, ctx) => {
    if (isEmailRequired && !value.email)
      ctx.addIssue({ code: 'custom', path: ['email'], message: REQUIRED_MESSAGE });
  });
}

/** Who received a support request: a name and space-separated roles (001 §3 Support recipient). */
export const SupportRecipientSchema = z.object({ name: z.string(), role: z.string() });
export type SupportRecipient = z.infer<typeof SupportRecipientSchema>;
/**
 * The answer to a support request: who received it (a course request lists the faculty who invited the
 * caller and the support address); `isSentToSupport` when the course or organization had no one to
 * receive it (or the topic names neither) and it went to the support address alone.
 */
export const SupportResponseSchema = z.object({
  recipients: z.array(SupportRecipientSchema),
  isSentToSupport: z.boolean(),
});
export type SupportResponse = z.infer<typeof SupportResponseSchema>;

/** Readable text of the roles seen in support recipients (001 §6); an unknown role is kept as it is. */
export const SUPPORT_ROLE_LABELS = {
  billingadmin: 'Billing Admin',
  courseadmin: 'Course Admin',
  organizationadmin: 'Organization Admin',
  instructor: 'Instructor',
  ta: 'TA',
  student: 'Student',
  courserequester: 'Course Requester',
  support: 'Support Team',
} as const satisfies Record<string, string>;
/** A role a support recipient may hold (the keys of SUPPORT_ROLE_LABELS). */
export type SupportRole = keyof typeof SUPPORT_ROLE_LABELS;
/** "instructor ta" → "Instructor, TA". */
export function supportRoleText(role: string): string {
  const labels: Record<string, string> = SUPPORT_ROLE_LABELS;
  return role
    .split(/\s+/)
    .filter(Boolean)
    .map((r) => labels[r.toLowerCase()] ?? r)
    .join(', ');
}
