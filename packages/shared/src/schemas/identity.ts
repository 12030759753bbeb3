/**
 * Identity (001 §2–§6, issue 5): sign-in, sign-up, e-mail links, single-sign-on codes, the session with
 * its claims and impersonation, account messages, the users and claims admin, user import and course
 * invitations. Server routes declare these schemas and the web app parses answers with them.
 */
import { z } from 'zod';
import { ROLES } from '../enums.js';
import {
  ADDRESS_MAX,
  CLIENT_ERROR_CODE_MAX,
  CLIENT_ERROR_MESSAGE_MAX,
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  INVITATION_EMAILS_MAX,
  ORGANIZATION_NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USER_IMPORT_ROWS_MAX,
} from '../limits.js';
import { PERMISSIONS } from '../permissions.js';
import { PageTokenSchema, UuidSchema, pageOf } from './common.js';

/** A claim: type, value and optional scopes (001 §3 Claim). */
export const ClaimSchema = z.object({
  type: z.string(),
  value: z.string(),
  scopes: z.array(z.string()).optional(),
});

/** Identity carried by the access token (001 §3). */
export const IdentitySchema = z.object({
  subject: z.string(),
  displayName: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  provider: z.string(),
  exp: z.number().int(),
});
export type Identity = z.infer<typeof IdentitySchema>;

/** The admin acting as the session's user (001 §4 Impersonation). */
export const ActorSchema = z.object({
  subject: z.string(),
  displayName: z.string(),
  email: z.string(),
});
export type Actor = z.infer<typeof ActorSchema>;

export const EmailSchema = z
  .email('Enter a valid e-mail address.')
  .max(EMAIL_MAX, `At most ${EMAIL_MAX} characters.`);
const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters.`);
/** Where to go back to after a sign-in page (`redirect`, `referrer`). */
export const ReturnAddressSchema = z.string().max(ADDRESS_MAX).optional();

/**
 * The sign-up code of a brand variant: the state variant's /signup adds `code` (001 §2), which the
 * sign-up page uses to show that variant's name.
 */
export const SignupCodeSchema = z.enum(['state']);
export type SignupCode = z.infer<typeof SignupCodeSchema>;

/** The sign-up form at /auth/signup (issue 5). */
export const SignupFormSchema = z
  .object({
    displayName: z
      .string()
      .trim()
      .min(1, 'Enter your name.')
      .max(DISPLAY_NAME_MAX, `At most ${DISPLAY_NAME_MAX} characters.`),
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
    redirect: ReturnAddressSchema,
    code: SignupCodeSchema.optional().catch(undefined),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'The two passwords are not the same.',
    path: ['confirmPassword'],
  });
export type SignupForm = z.infer<typeof SignupFormSchema>;

/** Asking for a password-reset link. */
export const ForgotPasswordFormSchema = z.object({ email: EmailSchema, redirect: ReturnAddressSchema });

/** A single-use e-mail link token (verification, reset, invitation). */
export const EmailLinkTokenSchema = z
  .string()
  .min(16)
  .max(256)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Choosing a new password from a reset or invitation link. */
export const ResetPasswordFormSchema = z
  .object({
    token: EmailLinkTokenSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
    redirect: ReturnAddressSchema,
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'The two passwords are not the same.',
    path: ['confirmPassword'],
  });

/**
 * Who an access token is for (issue 9): this portal's API, or the exercise area (range UI). A code and
 * a token are accepted only by their own audience.
 */
export const TOKEN_AUDIENCES = ['portal', 'exercise-area'] as const;
export const TokenAudienceSchema = z.enum(TOKEN_AUDIENCES);
export type TokenAudience = z.infer<typeof TokenAudienceSchema>;

/**
 * An access token. `expiresIn` (seconds from now) lets the browser time its refresh by its own clock,
 * whatever the difference between its clock and the server's.
 */
export const TokenResponseSchema = z.object({
  accessToken: z.string(),
  /** Expiry, seconds since the epoch (the token's exp). */
  expiresAt: z.number().int(),
  /** Seconds the token is valid from now. */
  expiresIn: z.number().int(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** A single-sign-on code for the exercise area (001 §2 /exercises, §7 "Get a single-sign-on token"). */
export const SsoCodeResponseSchema = z.object({ code: z.string() });
export type SsoCodeResponse = z.infer<typeof SsoCodeResponseSchema>;

/** The session's identity, claims and derived flags; `impersonator` is set while an admin acts as the user. */
export const SessionResponseSchema = z.object({
  identity: IdentitySchema,
  claims: z.array(ClaimSchema),
  permissions: z.record(z.enum(PERMISSIONS), z.boolean()),
  impersonator: ActorSchema.nullable().optional(),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** The entitlement endpoint (001 §7 "List claims"). */
export const ClaimsResponseSchema = z.object({ claims: z.array(ClaimSchema) });
export type ClaimsResponse = z.infer<typeof ClaimsResponseSchema>;

/** A message of the account menu (001 §3 Message). */
export const AccountMessageSchema = z.object({
  id: z.string(),
  message: z.string(),
  link: z.string().nullable(),
});
export type AccountMessage = z.infer<typeof AccountMessageSchema>;
export const AccountMessagesResponseSchema = z.object({ items: z.array(AccountMessageSchema) });
export type AccountMessagesResponse = z.infer<typeof AccountMessagesResponseSchema>;

/** Act as another user (001 §4 Impersonation, §7 "Authenticate with … optional target user id"). */
export const ImpersonateRequestSchema = z.object({ accountId: UuidSchema });

/** What the browser reports to the error tracker (001 §8: "every other API error is reported"). */
export const ClientErrorReportSchema = z.object({
  code: z.string().max(CLIENT_ERROR_CODE_MAX),
  message: z.string().max(CLIENT_ERROR_MESSAGE_MAX),
  details: z.unknown().optional(),
  /** The page the error happened on. */
  url: z.string().max(ADDRESS_MAX),
  status: z.number().int().optional(),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;

// Users and claims admin (001 §6, issue 5).

export const RoleSchema = z.enum(ROLES);

/** One row of the admin user list. */
export const AdminUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(RoleSchema),
  isEmailVerified: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummarySchema>;

export const AdminUsersQuerySchema = z.object({
  /** Part of a name or e-mail address. */
  q: z.string().trim().max(EMAIL_MAX).optional(),
  pageToken: PageTokenSchema.optional(),
});
export const AdminUsersResponseSchema = pageOf(AdminUserSummarySchema);
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>;

/**
 * A claim row of an account. `grantedBy` names the role whose set includes it (removed with the
 * role), or is null for a single claim an admin granted (removable by itself).
 */
export const AccountClaimSchema = ClaimSchema.extend({
  id: z.string(),
  grantedBy: RoleSchema.nullable(),
});
export type AccountClaim = z.infer<typeof AccountClaimSchema>;

/** One user with roles, claim rows, the claims in effect and the permission flags they give. */
export const AdminUserSchema = AdminUserSummarySchema.extend({
  claims: z.array(AccountClaimSchema),
  effectiveClaims: z.array(ClaimSchema),
  permissions: z.record(z.enum(PERMISSIONS), z.boolean()),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** Claim types an admin may grant one by one (roles go through the role endpoints). */
export const GRANTABLE_CLAIM_TYPES = [
  'api',
  'scoped-file',
  'product',
  'view-archived-content',
  'manage-organization',
  'submit-abstract',
] as const;

/** Grant a single claim. */
export const GrantClaimRequestSchema = z.object({
  type: z.enum(GRANTABLE_CLAIM_TYPES, { message: 'Pick a claim type from the list.' }),
  value: z
    .string()
    .trim()
    .min(1, 'Enter a value.')
    .max(200)
    .regex(/^[A-Za-z0-9:._-]+$/, 'Letters, digits and : . _ - only.'),
  scopes: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(200)
        .regex(/^[A-Za-z0-9:._-]+$/, 'Letters, digits and : . _ - only.'),
    )
    .max(20)
    .optional(),
});
export type GrantClaimRequest = z.infer<typeof GrantClaimRequestSchema>;

// User import (001 §2, §3, §5).

/** Roles as written in a CSV: the value or its label, any case ("Content editor", "contenteditor"). */
export function parseRoleText(text: string): (typeof ROLES)[number] | undefined {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  return (ROLES as readonly string[]).includes(key) ? (key as (typeof ROLES)[number]) : undefined;
}

/**
 * One CSV row as read (001 §3 User import row: name, e-mail and role; issue 13: an optional business
 * unit, the name of an organization in any case); checked by the server.
 */
export const UserImportRowSchema = z.object({
  name: z.string().max(DISPLAY_NAME_MAX * 2),
  email: z.string().max(EMAIL_MAX * 2),
  role: z.string().max(64),
  businessUnit: z
    .string()
    .max(ORGANIZATION_NAME_MAX * 2)
    .optional(),
});
export type UserImportRow = z.infer<typeof UserImportRowSchema>;

/** A checked row: the same row with its problems, which the preview shows (001 §5). */
export const ValidUserImportRowSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'The name is missing.')
    .max(DISPLAY_NAME_MAX, `The name is longer than ${DISPLAY_NAME_MAX} characters.`),
  email: z.string().trim().pipe(z.email('The e-mail address is not valid.').max(EMAIL_MAX)),
  role: z.string().transform((text, ctx) => {
    const role = parseRoleText(text);
    if (!role) {
      ctx.addIssue({
        code: 'custom',
        message: `The role must be one of: ${ROLES.join(', ')}.`,
      });
      return z.NEVER;
    }
    return role;
  }),
  businessUnit: z
    .string()
    .trim()
    .max(ORGANIZATION_NAME_MAX, `The business unit is longer than ${ORGANIZATION_NAME_MAX} characters.`)
    .optional(),
});

export const UserImportRequestSchema = z.object({
  rows: z
    .array(UserImportRowSchema)
    .min(1, 'The file has no rows.')
    .max(USER_IMPORT_ROWS_MAX, `At most ${USER_IMPORT_ROWS_MAX} rows per import.`),
});
export type UserImportRequest = z.infer<typeof UserImportRequestSchema>;

/** What importing a row does: create an account, add a role to one, nothing, or it cannot (invalid). */
export const USER_IMPORT_ACTIONS = ['create', 'addRole', 'unchanged', 'invalid'] as const;
export const UserImportPlanRowSchema = z.object({
  /** 1-based line of the data row (the header is line 1, so the first row is 2). */
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  /** The business unit as stored ('' for none); `isNewBusinessUnit` when the import creates it. */
  businessUnit: z.string(),
  isNewBusinessUnit: z.boolean(),
  action: z.enum(USER_IMPORT_ACTIONS),
  errors: z.array(z.string()),
});
export type UserImportPlanRow = z.infer<typeof UserImportPlanRowSchema>;
export const UserImportPlanSchema = z.object({
  rows: z.array(UserImportPlanRowSchema),
  isValid: z.boolean(),
  counts: z.object({ create: z.number(), addRole: z.number(), unchanged: z.number(), invalid: z.number() }),
});
export type UserImportPlan = z.infer<typeof UserImportPlanSchema>;

// Course invitations (issue 5: students reach the exercise area only by faculty invitation).

export const CourseInvitationRequestSchema = z.object({
  emails: z
    .array(EmailSchema)
    .min(1, 'Enter at least one e-mail address.')
    .max(INVITATION_EMAILS_MAX, `At most ${INVITATION_EMAILS_MAX} addresses at once.`),
});
export type CourseInvitationRequest = z.infer<typeof CourseInvitationRequestSchema>;

export const CourseInvitationSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  email: z.string(),
  createdAt: z.string(),
  /** When the student got the course (at once for an existing account, else on sign-up). */
  acceptedAt: z.string().nullable(),
});
export type CourseInvitation = z.infer<typeof CourseInvitationSchema>;
export const CourseInvitationsResponseSchema = z.object({ items: z.array(CourseInvitationSchema) });
export type CourseInvitationsResponse = z.infer<typeof CourseInvitationsResponseSchema>;
