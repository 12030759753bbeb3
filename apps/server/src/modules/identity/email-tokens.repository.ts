/**
 * Queries of e-mail link tokens (verify, reset, invite). Each takes a Db or a transaction; no rules
 * live here.
 */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailToken } from '../../db/schema/identity.js';

export type EmailTokenPurpose = 'verify' | 'reset' | 'invite';

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
  { tokenHash, purposes, now }: { tokenHash: string; purposes: readonly EmailTokenPurpose[]; now: Date },
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
  { tokenHash, purposes, now }: { tokenHash: string; purposes: readonly EmailTokenPurpose[]; now: Date },
): Promise<{ accountId: string; purpose: EmailTokenPurpose } | undefined> {
  const [row] = await db
    .update(emailToken)
    .set({ usedAt: now })
    .where(usableEmailToken(tokenHash, purposes, now))
    .returning({ accountId: emailToken.accountId, purpose: emailToken.purpose });
  return row as { accountId: string; purpose: EmailTokenPurpose } | undefined;
}

/** Ends every open link of these purposes for an account (a new password makes older reset links void). */
export async function voidEmailTokens(
  db: Db,
  { accountId, purposes, now }: { accountId: string; purposes: readonly EmailTokenPurpose[]; now: Date },
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
