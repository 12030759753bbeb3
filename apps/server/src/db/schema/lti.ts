/**
 * The LTI 1.3 tool (issue 26): registered platforms, the tool's own RSA keys, OIDC login states and
 * launches waiting for the browser.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { account } from './identity.js';

/** A platform (LMS) registered by an admin; one row per issuer and client id. */
export const ltiPlatform = pgTable(
  'lti_platform',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    deploymentIds: text('deployment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authUrl: text('auth_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    /** The e-mail domains (the school's) a launch may name; empty: any. */
    allowedEmailDomains: text('allowed_email_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Accounts made by a launch wait for an admin to make them faculty before they may download. */
    newAccountsNeedApproval: boolean('new_accounts_need_approval').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_platform_issuer_client_key').on(t.issuer, t.clientId),
    index('lti_platform_name_idx').on(t.name, t.id),
  ],
);

/**
 * The tool's RSA key pairs (RS256). `privateKey` is the PKCS #8 PEM, sealed under SECRETS_KEY like the
 * token signing keys (lib/secrets.ts, context `lti_key:<kid>`); `publicJwk` is served in the JWKS. The
 * newest unretired key signs; a rotated key keeps verifying until `retiredAt`.
 */
export const ltiKey = pgTable('lti_key', {
  kid: text('kid').primaryKey(),
  privateKey: text('private_key').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/**
 * An OIDC login initiation waiting for its launch: the state (stored as its SHA-256) and the nonce
 * sent to the platform, each used once.
 */
export const ltiLoginState = pgTable('lti_login_state', {
  stateHash: text('state_hash').primaryKey(),
  nonce: text('nonce').notNull(),
  platformId: uuid('platform_id')
    .notNull()
    .references(() => ltiPlatform.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A verified launch, handed to the browser by a single-use secret (`handoffHash`, its SHA-256) that
 * buys one portal sign-on code; a deep-linking launch keeps what its response needs, and the chosen
 * response until the browser fetches it once (`returnHash`).
 */
export const ltiLaunch = pgTable(
  'lti_launch',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatform.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => account.id, { onDelete: 'cascade' }),
    deploymentId: text('deployment_id').notNull(),
    /** LtiDeepLinkingRequest | LtiResourceLinkRequest */
    messageType: text('message_type').notNull(),
    /** Where the browser goes once signed in: the picker, or the linked item (a portal path). */
    targetPath: text('target_path').notNull(),
    /** Deep linking: `deep_link_return_url`, `data`, `accept_multiple`, `title`. */
    settings: jsonb('settings'),
    /** The platform's `sub` of the launching user. */
    subject: text('subject'),
    /**
     * The launch names an account by e-mail that its (platform, sub) is not linked to yet: the hand-off
     * waits until the person proves the account (password, or the one-time e-mailed link whose hash is
     * `linkTokenHash`).
     */
    needsLink: boolean('needs_link').notNull().default(false),
    linkTokenHash: text('link_token_hash'),
    /** The login state was bound to this browser by its cookie (else the hand-off asks to continue). */
    isBrowserBound: boolean('is_browser_bound').notNull().default(true),
    handoffHash: text('handoff_hash').notNull(),
    handoffUsedAt: timestamp('handoff_used_at', { withTimezone: true }),
    responseJwt: text('response_jwt'),
    returnHash: text('return_hash'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_launch_handoff_key').on(t.handoffHash),
    uniqueIndex('lti_launch_return_key').on(t.returnHash),
    uniqueIndex('lti_launch_link_token_key').on(t.linkTokenHash),
    index('lti_launch_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A platform's user linked to a portal account (issue 33): later launches of the same (platform, sub)
 * sign in without asking again. Made when the person proved the account once, or when the launch made
 * the account.
 */
export const ltiIdentity = pgTable(
  'lti_identity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatform.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    /** The e-mail the platform sent when the link was made, for the person and admins to recognise it. */
    email: text('email'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    lastLaunchAt: timestamp('last_launch_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lti_identity_platform_subject_key').on(t.platformId, t.subject),
    index('lti_identity_account_idx').on(t.accountId),
  ],
);
