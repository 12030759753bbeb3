/** Accounts, their claims and single-sign-on codes (001 §3 Identity, Claim; §4 Session). */
import { sql } from 'drizzle-orm';
import { organization } from './organizations.js';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const account = pgTable(
  'account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash'),
    picture: text('picture'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Tokens issued before this moment are refused (ASVS 7.4; issue 9): logout, a password reset and a
     * change of roles or claims move it forward. Null: every token of the account counts.
     */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true, precision: 3 }),
    /** The business unit (organization) the account belongs to, at most one (DESIGN.md). */
    organizationId: uuid('organization_id').references(() => organization.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_email_key').on(t.email)],
);

export const accountClaim = pgTable(
  'account_claim',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    value: text('value').notNull(),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [index('account_claim_account_idx').on(t.accountId)],
);

/**
 * Single-use sign-on codes; only a SHA-256 of the code is stored. `audience` says who may exchange it
 * (`portal`, or `exercise-area` for codes sent to the range UI); `signedInAt` is when the password was
 * checked, carried into the token so that refreshing cannot outlive the session's absolute lifetime.
 */
export const ssoCode = pgTable('sso_code', {
  codeHash: text('code_hash').primaryKey(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => account.id, { onDelete: 'cascade' }),
  audience: text('audience').notNull().default('portal'),
  signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /**
   * The PKCE challenge the code was minted for (RFC 7636, S256: base64url of the verifier's SHA-256);
   * a portal code is exchanged only with its verifier. Null for exercise-area codes.
   */
  codeChallenge: text('code_challenge'),
});

/** Key-value settings the server keeps, such as the token signing key. */
export const setting = pgTable('setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Single-use e-mail tokens: address verification, password reset, invitations. Only a hash is stored. */
export const emailToken = pgTable(
  'email_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    /** verify | reset | invite */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_token_account_idx').on(t.accountId, t.purpose)],
);

/** Messages of the account menu (001 §3 Message: id, message, link). */
export const accountMessage = pgTable(
  'account_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('account_message_account_idx').on(t.accountId, t.createdAt)],
);

/** Faculty invite students to a course (content id) by e-mail; accepting grants the scoped list-courses claim. */
export const courseInvitation = pgTable(
  'course_invitation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id').notNull(),
    email: text('email').notNull(),
    invitedBy: uuid('invited_by').notNull(),
    accountId: uuid('account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('course_invitation_course_email_key').on(t.courseId, t.email)],
);

/** Access-token signing keys by key id; old keys verify until they retire, so rotation signs no one out. */
export const signingKey = pgTable('signing_key', {
  kid: text('kid').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/** Counters of rate limits shared by every instance (sign-in and reset per account and per address). */
export const rateLimitBucket = pgTable('rate_limit_bucket', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
