/** Queries of accounts, claims and single-sign-on codes. Each takes a Db or a transaction. */
import { and, eq, isNull, gt } from 'drizzle-orm';
import type { Claim } from '@portal/shared/permissions';
import type { Db } from '../../db/client.js';
import { account, accountClaim, ssoCode } from '../../db/schema/identity.js';

export type AccountRow = typeof account.$inferSelect;

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(account).where(eq(account.email, email.toLowerCase()));
  return row;
}

/** The account and its claims, or undefined when the id is unknown (or not a uuid). */
export async function findAccountWithClaims(
  db: Db,
  accountId: string,
): Promise<{ account: AccountRow; claims: Claim[] } | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(accountId)) return undefined;
  const [row] = await db.select().from(account).where(eq(account.id, accountId));
  if (!row) return undefined;
  const claims = await db
    .select({ type: accountClaim.type, value: accountClaim.value, scopes: accountClaim.scopes })
    .from(accountClaim)
    .where(eq(accountClaim.accountId, accountId));
  return {
    account: row,
    claims: claims.map((c) =>
      c.scopes.length ? { type: c.type, value: c.value, scopes: c.scopes } : { type: c.type, value: c.value },
    ),
  };
}

export async function insertAccount(
  db: Db,
  values: { email: string; displayName: string; passwordHash: string; verified: boolean },
): Promise<AccountRow> {
  const [row] = await db
    .insert(account)
    .values({
      email: values.email.toLowerCase(),
      displayName: values.displayName,
      passwordHash: values.passwordHash,
      emailVerifiedAt: values.verified ? new Date() : null,
    })
    .returning();
  return row!;
}

export async function insertClaims(db: Db, accountId: string, claims: readonly Claim[]): Promise<void> {
  if (claims.length === 0) return;
  await db
    .insert(accountClaim)
    .values(claims.map((c) => ({ accountId, type: c.type, value: c.value, scopes: c.scopes ?? [] })));
}

export async function insertSsoCode(
  db: Db,
  codeHash: string,
  accountId: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(ssoCode).values({ codeHash, accountId, expiresAt });
}

/** Marks a code used and returns its account id, atomically; undefined if unknown, used or expired. */
export async function consumeSsoCode(db: Db, codeHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(ssoCode)
    .set({ usedAt: now })
    .where(and(eq(ssoCode.codeHash, codeHash), isNull(ssoCode.usedAt), gt(ssoCode.expiresAt, now)))
    .returning({ accountId: ssoCode.accountId });
  return row?.accountId;
}
