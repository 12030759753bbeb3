/**
 * Queries of accounts and their claims. Each takes a Db or a transaction; no rules live here.
 */
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Claim } from '@portal/shared/permissions';
import { effectiveClaims } from '@portal/shared/permissions';
import { UUID_PATTERN } from '@portal/shared/schemas/common';
import type { Db } from '../../db/client.js';
import { normalizeEmail } from '../../lib/email-address.js';
import { account, accountClaim } from '../../db/schema/identity.js';

export type AccountRow = typeof account.$inferSelect;
export type ClaimRow = typeof accountClaim.$inferSelect;

const isUuid = (value: string) => UUID_PATTERN.test(value);

/** A timestamp parameter for raw SQL, typed so both drivers agree. */
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** A claim row as a claim (scopes left out when there are none). */
export const toClaim = (c: { type: string; value: string; scopes: string[] }): Claim =>
  c.scopes.length ? { type: c.type, value: c.value, scopes: c.scopes } : { type: c.type, value: c.value };

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
  { accountId, passwordHash, now }: { accountId: string; passwordHash: string; now: Date },
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

/** The display name and e-mail address of each of `ids` that exists, in one query (a digest's recipients). */
export async function findAccountContacts(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; displayName: string; email: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: account.id, displayName: account.displayName, email: account.email })
    .from(account)
    .where(inArray(account.id, [...ids]));
}
