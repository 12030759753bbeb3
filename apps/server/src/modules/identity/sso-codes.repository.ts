/**
 * Queries of single-sign-on codes. Each takes a Db or a transaction; no rules live here.
 */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ssoCode } from '../../db/schema/identity.js';

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
