/**
 * The demo accounts of DESIGN.md ("Demo data"): one per role, each with the password `demo`,
 * e-mail verified, and the claims its role grants (ROLE_CLAIMS).
 */
import type { Role } from '@portal/shared/enums';
import { ROLE_CLAIMS } from '@portal/shared/permissions';
import type { Db } from '../../db/client.js';
import { hashPassword } from '../identity/identity.service.js';
import { findAccountIdsByEmail, insertAccountClaims, insertAccounts, lockSeed } from './seed.repository.js';

/** The demo password (DESIGN.md). Shorter than PASSWORD_MIN on purpose: it is set here, never through sign-up. */
export const DEMO_PASSWORD = 'demo';

export const DEMO_ACCOUNTS: readonly { email: string; displayName: string; role: Role }[] = [
  { email: 'admin@example.edu', displayName: 'Ada Admin', role: 'admin' },
  { email: 'curator@example.edu', displayName: 'Carl Curator', role: 'contenteditor' },
  { email: 'faculty@example.edu', displayName: 'Fay Faculty', role: 'faculty' },
  { email: 'student@example.edu', displayName: 'Stu Student', role: 'student' },
];

/**
 * Creates the demo accounts that do not exist yet (by e-mail), with their role's claims, in one transaction.
 * @returns the e-mail addresses created
 */
export async function seedDemoAccounts(db: Db): Promise<string[]> {
  // Hashing is the slow part (argon2); do it before the transaction, all at once.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    await lockSeed(tx);
    const existing = await findAccountIdsByEmail(
      tx,
      DEMO_ACCOUNTS.map((a) => a.email.toLowerCase()),
    );
    const now = new Date();
    const missing = DEMO_ACCOUNTS.map((a, k) => ({
      ...a,
      email: a.email.toLowerCase(),
      passwordHash: hashes[k]!,
    })).filter((a) => !existing.has(a.email));
    const created = await insertAccounts(
      tx,
      missing.map((a) => ({
        email: a.email,
        displayName: a.displayName,
        passwordHash: a.passwordHash,
        emailVerifiedAt: now,
      })),
    );
    const idOf = new Map(created.map((c) => [c.email, c.id]));
    await insertAccountClaims(
      tx,
      missing.flatMap((a) =>
        ROLE_CLAIMS[a.role].map((claim) => ({
          accountId: idOf.get(a.email)!,
          type: claim.type,
          value: claim.value,
          scopes: claim.scopes ?? [],
        })),
      ),
    );
    return created.map((c) => c.email);
  });
}
