/**
 * Queries of the identity area: accounts, claims, single-sign-on codes, e-mail link tokens, account
 * messages, course invitations and signing keys. Each takes a Db or a
 * transaction; no rules live here.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Claim } from '@portal/shared/permissions';
import { effectiveClaims } from '@portal/shared/permissions';
import { UUID_PATTERN } from '@portal/shared/schemas/common';
import type { Db } from '../../db/client.js';
import { normalizeEmail } from '../../lib/email-address.js';
import { content } from '../../db/schema/courseware.js';
import {
  account,
  accountClaim,
  accountMessage,
  courseInvitation,
  emailToken,
  setting,
  signingKey,
  ssoCode,
} from '../../db/schema/identity.js';

export type AccountRow = typeof account.$inferSelect;
export type ClaimRow = typeof accountClaim.$inferSelect;
export type SigningKeyRow = typeof signingKey.$inferSelect;
export type InvitationRow = typeof courseInvitation.$inferSelect;
export type EmailTokenPurpose = 'verify' | 'reset' | 'invite';

const isUuid = (value: string) => UUID_PATTERN.test(value);

/** A timestamp parameter for raw SQL, typed so both drivers agree. */
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** A claim row as a claim (scopes left out when there are none). */
export const toClaim = (c: { type: string; value: string; scopes: string[] }): Claim =>
  c.scopes.length ? { type: c.type, value: c.value, scopes: c.scopes } : { type: c.type, value: c.value };

// Accounts and claims

/** An e-mail address as accounts are stored and looked up: trimmed, lower-case. */
export { normalizeEmail };

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(account)
    .where(eq(account.email, normalizeEmail(email)));
  return row;
}

export async function findAccountById(db: Db, accountId: string): Promise<AccountRow | undefined> {
  if (!isUuid(accountId)) return undefined;
  const [row] = await db.select().from(account).where(eq(account.id, accountId));
  return row;
}

/** The claim rows of an account, oldest first. */
export async function findClaimRows(db: Db, accountId: string): Promise<ClaimRow[]> {
  return db
    .select()
    .from(accountClaim)
    .where(eq(accountClaim.accountId, accountId))
    .orderBy(asc(accountClaim.type), asc(accountClaim.value), asc(accountClaim.id));
}

/**
 * The account and the claims it holds in effect (its rows plus what its roles grant, see
 * `effectiveClaims`), or undefined when the id is unknown (or not a uuid).
 */
export async function findAccountWithClaims(
  db: Db,
  accountId: string,
): Promise<{ account: AccountRow; claims: Claim[] } | undefined> {
  const row = await findAccountById(db, accountId);
  if (!row) return undefined;
  const claims = await findClaimRows(db, accountId);
  return { account: row, claims: effectiveClaims(claims.map(toClaim)) };
}

export async function insertAccount(
  db: Db,
  values: { email: string; displayName: string; passwordHash: string | null; verified: boolean },
): Promise<AccountRow> {
  const [row] = await db
    .insert(account)
    .values({
      email: normalizeEmail(values.email),
      displayName: values.displayName,
      passwordHash: values.passwordHash,
      emailVerifiedAt: values.verified ? new Date() : null,
    })
    .returning();
  return row!;
}

/** Inserts an account unless its e-mail exists; undefined when it did (another request won the race). */
export async function insertAccountIfAbsent(
  db: Db,
  values: { email: string; displayName: string; passwordHash: string | null },
): Promise<AccountRow | undefined> {
  const [row] = await db
    .insert(account)
    .values({
      email: normalizeEmail(values.email),
      displayName: values.displayName,
      passwordHash: values.passwordHash,
    })
    .onConflictDoNothing({ target: account.email })
    .returning();
  return row;
}

export async function insertClaims(db: Db, accountId: string, claims: readonly Claim[]): Promise<void> {
  if (claims.length === 0) return;
  await db
    .insert(accountClaim)
    .values(claims.map((c) => ({ accountId, type: c.type, value: c.value, scopes: c.scopes ?? [] })));
}

export async function setPasswordHash(
  db: Db,
  accountId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .update(account)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${account.emailVerifiedAt}, ${ts(now)})` })
    .where(eq(account.id, accountId));
}

export async function markEmailVerified(db: Db, accountId: string, now: Date): Promise<void> {
  await db
    .update(account)
    .set({ emailVerifiedAt: sql`coalesce(${account.emailVerifiedAt}, ${ts(now)})` })
    .where(eq(account.id, accountId));
}

/**
 * Ends every token of an account issued before `at` (logout, password reset, a change of roles or
 * claims): the auth plugin compares each token's issue time with it.
 */
export async function setTokensValidAfter(db: Db, accountId: string, at: Date): Promise<void> {
  // Only ever forward (instances' clocks may differ a little).
  await db
    .update(account)
    .set({ tokensValidAfter: sql`greatest(${account.tokensValidAfter}, ${ts(at)})` })
    .where(eq(account.id, accountId));
}

/** Deletes claim rows by id (of one account); returns how many went. */
export async function deleteClaimRows(db: Db, accountId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await db
    .delete(accountClaim)
    .where(and(eq(accountClaim.accountId, accountId), inArray(accountClaim.id, [...ids])))
    .returning({ id: accountClaim.id });
  return gone.length;
}

export interface AccountListRow {
  id: string;
  email: string;
  displayName: string;
  roles: string[];
  emailVerifiedAt: Date | null;
  hasPassword: boolean;
  createdAt: Date;
}

/**
 * A page of accounts ordered by e-mail, matching `q` in the name or e-mail (case-insensitive), after
 * the e-mail `after` (keyset).
 */
export async function listAccounts(
  db: Db,
  options: { q?: string; after?: string; limit: number },
): Promise<AccountListRow[]> {
  const conditions = [];
  if (options.q) {
    const pattern = `%${options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(sql`${account.email} like ${pattern}`, sql`lower(${account.displayName}) like ${pattern}`),
    );
  }
  if (options.after !== undefined) conditions.push(gt(account.email, options.after));
  const rows = await db
    .select({
      id: account.id,
      email: account.email,
      displayName: account.displayName,
      emailVerifiedAt: account.emailVerifiedAt,
      hasPassword: sql<boolean>`${account.passwordHash} is not null`,
      createdAt: account.createdAt,
      // Spelled out: inside the subquery an unqualified "id" would be the claim's.
      roles: sql<string[]>`coalesce((select array_agg(c.value order by c.value) from ${accountClaim} c
        where c.account_id = "account"."id" and c.type = 'role'), '{}'::text[])`,
    })
    .from(account)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(account.email))
    .limit(options.limit);
  return rows.map((r) => ({ ...r, hasPassword: Boolean(r.hasPassword), roles: r.roles ?? [] }));
}

// Single-sign-on codes

export async function insertSsoCode(
  db: Db,
  values: {
    codeHash: string;
    accountId: string;
    audience: string;
    signedInAt: Date;
    expiresAt: Date;
    codeChallenge: string | null;
  },
): Promise<void> {
  await db.insert(ssoCode).values(values);
}

/**
 * Marks a code used and returns its account, audience, sign-in time and PKCE challenge, atomically;
 * undefined if unknown, used or expired.
 */
export async function consumeSsoCode(
  db: Db,
  codeHash: string,
  now: Date,
): Promise<
  { accountId: string; audience: string; signedInAt: Date; codeChallenge: string | null } | undefined
> {
  const [row] = await db
    .update(ssoCode)
    .set({ usedAt: now })
    .where(and(eq(ssoCode.codeHash, codeHash), isNull(ssoCode.usedAt), gt(ssoCode.expiresAt, now)))
    .returning({
      accountId: ssoCode.accountId,
      audience: ssoCode.audience,
      signedInAt: ssoCode.signedInAt,
      codeChallenge: ssoCode.codeChallenge,
    });
  return row ? { ...row, signedInAt: new Date(row.signedInAt) } : undefined;
}

/** Removes codes that can no longer be used (housekeeping). */
export async function deleteExpiredSsoCodes(db: Db, before: Date): Promise<void> {
  await db.delete(ssoCode).where(lte(ssoCode.expiresAt, before));
}

// E-mail link tokens

export async function insertEmailToken(
  db: Db,
  values: { tokenHash: string; accountId: string; purpose: EmailTokenPurpose; expiresAt: Date },
): Promise<void> {
  await db.insert(emailToken).values(values);
}

/** The condition of a usable token: this hash, one of the purposes, unused, not expired at `now`. */
function usableEmailToken(tokenHash: string, purposes: readonly EmailTokenPurpose[], now: Date) {
  return and(
    eq(emailToken.tokenHash, tokenHash),
    inArray(emailToken.purpose, [...purposes]),
    isNull(emailToken.usedAt),
    gt(emailToken.expiresAt, now),
  );
}

/** A usable token (unused, not expired, of one of the purposes), without using it. */
export async function findUsableEmailToken(
  db: Db,
  tokenHash: string,
  purposes: readonly EmailTokenPurpose[],
  now: Date,
): Promise<{ accountId: string; purpose: EmailTokenPurpose } | undefined> {
  const [row] = await db
    .select({ accountId: emailToken.accountId, purpose: emailToken.purpose })
    .from(emailToken)
    .where(usableEmailToken(tokenHash, purposes, now));
  return row as { accountId: string; purpose: EmailTokenPurpose } | undefined;
}

/** Uses a token atomically; undefined when unknown, used, expired or of another purpose. */
export async function consumeEmailToken(
  db: Db,
  tokenHash: string,
  purposes: readonly EmailTokenPurpose[],
  now: Date,
): Promise<{ accountId: string; purpose: EmailTokenPurpose } | undefined> {
  const [row] = await db
    .update(emailToken)
    .set({ usedAt: now })
    .where(usableEmailToken(tokenHash, purposes, now))
    .returning({ accountId: emailToken.accountId, purpose: emailToken.purpose });
  return row as { accountId: string; purpose: EmailTokenPurpose } | undefined;
}

/** Accounts by e-mail (lower-cased) with their role values, for an import plan. */
export async function findAccountsByEmails(
  db: Db,
  emails: readonly string[],
): Promise<Map<string, { id: string; roles: string[]; organizationId: string | null }>> {
  const out = new Map<string, { id: string; roles: string[]; organizationId: string | null }>();
  if (emails.length === 0) return out;
  const found = await db
    .select({
      id: account.id,
      email: account.email,
      organizationId: account.organizationId,
      type: accountClaim.type,
      value: accountClaim.value,
    })
    .from(account)
    .leftJoin(accountClaim, and(eq(accountClaim.accountId, account.id), eq(accountClaim.type, 'role')))
    .where(inArray(account.email, [...emails]));
  for (const row of found) {
    const entry = out.get(row.email) ?? { id: row.id, roles: [], organizationId: row.organizationId };
    if (row.value) entry.roles.push(row.value);
    out.set(row.email, entry);
  }
  return out;
}

/** Ends every open link of these purposes for an account (a new password makes older reset links void). */
export async function voidEmailTokens(
  db: Db,
  accountId: string,
  purposes: readonly EmailTokenPurpose[],
  now: Date,
): Promise<void> {
  await db
    .update(emailToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailToken.accountId, accountId),
        inArray(emailToken.purpose, [...purposes]),
        isNull(emailToken.usedAt),
      ),
    );
}

// Account messages

export async function listUnreadMessages(
  db: Db,
  accountId: string,
  limit: number,
): Promise<{ id: string; message: string; link: string | null }[]> {
  return db
    .select({ id: accountMessage.id, message: accountMessage.message, link: accountMessage.link })
    .from(accountMessage)
    .where(and(eq(accountMessage.accountId, accountId), isNull(accountMessage.readAt)))
    .orderBy(desc(accountMessage.createdAt), desc(accountMessage.id))
    .limit(limit);
}

export async function insertMessage(
  db: Db,
  values: { accountId: string; message: string; link: string | null },
): Promise<string> {
  const [row] = await db.insert(accountMessage).values(values).returning({ id: accountMessage.id });
  return row!.id;
}

/** Marks one of the account's messages read; false when it is not theirs or unknown. */
export async function markMessageRead(db: Db, accountId: string, id: string, now: Date): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(accountMessage)
    .set({ readAt: now })
    .where(and(eq(accountMessage.id, id), eq(accountMessage.accountId, accountId)))
    .returning({ id: accountMessage.id });
  return rows.length > 0;
}

// Course invitations

/** A course: a content item whose categories include `course`. */
export async function findCourse(
  db: Db,
  courseId: string,
): Promise<{ id: string; name: string; urlAlias: string; status: string } | undefined> {
  if (!isUuid(courseId)) return undefined;
  const [row] = await db
    .select({ id: content.id, name: content.name, urlAlias: content.urlAlias, status: content.status })
    .from(content)
    .where(and(eq(content.id, courseId), sql`'course' = any(${content.categories})`));
  return row;
}

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
  id: string,
  accountId: string,
  now: Date,
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

// Signing keys

/** Keys that still verify at `now` (not retired, or retiring later). */
export async function listUsableSigningKeys(db: Db, now: Date): Promise<SigningKeyRow[]> {
  return db
    .select()
    .from(signingKey)
    .where(or(isNull(signingKey.retiredAt), gt(signingKey.retiredAt, now)))
    .orderBy(desc(signingKey.createdAt));
}

export async function insertSigningKey(
  db: Db,
  values: { kid: string; secret: string },
  now = new Date(),
): Promise<void> {
  await db
    .insert(signingKey)
    .values({ ...values, createdAt: now })
    .onConflictDoNothing();
}

/** Every stored signing key, retired ones included (to seal them again). */
export async function listSigningKeys(db: Db): Promise<SigningKeyRow[]> {
  return db.select().from(signingKey);
}

/**
 * Replaces a key's stored secret while it still holds `from` (another instance may have done it).
 * @returns whether the row was changed
 */
export async function updateSigningKeySecret(
  db: Db,
  args: { kid: string; from: string; to: string },
): Promise<boolean> {
  const changed = await db
    .update(signingKey)
    .set({ secret: args.to })
    .where(and(eq(signingKey.kid, args.kid), eq(signingKey.secret, args.from)))
    .returning({ kid: signingKey.kid });
  return changed.length > 0;
}

/** Sets the retirement of every active key (they stop signing now and verify until `at`). */
export async function retireSigningKeys(db: Db, at: Date): Promise<void> {
  await db.update(signingKey).set({ retiredAt: at }).where(isNull(signingKey.retiredAt));
}

export async function deleteRetiredSigningKeys(db: Db, now: Date): Promise<void> {
  await db.delete(signingKey).where(lte(signingKey.retiredAt, now));
}

/** The key the first version kept in `setting` (adopted as the legacy key). */
export async function findLegacyJwtSecret(db: Db): Promise<string | undefined> {
  const [row] = await db.select().from(setting).where(eq(setting.key, 'jwt-secret'));
  return row?.value;
}
