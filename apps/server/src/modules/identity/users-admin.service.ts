/**
 * The users and claims admin (001 §6, issue 5): list users, see one user's roles, claims and the
 * permission flags they give, grant and remove roles and single claims. A role is one claim row that
 * grants its role's set (`effectiveClaims`); rows equal to a held role's set (older accounts were given
 * them one by one) are shown as coming with that role and go when it goes. Any change of an account's
 * roles or claims ends its sessions at once (issue 9): its tokens issued before are refused.
 */
import { ROLES, type Role } from '@portal/shared/enums';
import { AppError } from '@portal/shared/errors';
import { ADMIN_USERS_PAGE_SIZE } from '@portal/shared/limits';
import {
  CLAIM,
  ROLE_CLAIMS,
  claimKey,
  derivePermissions,
  effectiveClaims,
  type Claim,
} from '@portal/shared/permissions';
import type {
  AccountClaim,
  AdminUser,
  AdminUsersResponse,
  GrantClaimRequest,
} from '@portal/shared/schemas/identity';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import type { Session } from './session.js';
import {
  deleteClaimRows,
  findAccountById,
  findClaimRows,
  insertClaims,
  listAccounts,
  setTokensValidAfter,
  toClaim,
} from './accounts.repository.js';

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
const CursorSchema = z.object({ e: z.string() });

/** A page of users by e-mail, optionally matching `q` in the name or e-mail. */
export async function listUsers(
  db: Db,
  query: { q?: string; pageToken?: string },
): Promise<AdminUsersResponse> {
  const after = decodePageToken(query.pageToken, CursorSchema)?.e;
  const rows = await listAccounts(db, { q: query.q || undefined, after, limit: ADMIN_USERS_PAGE_SIZE + 1 });
  const { page, nextPageToken } = keysetPage(rows, ADMIN_USERS_PAGE_SIZE, (last) => ({ e: last.email }));
  return {
    items: page.map((r) => ({
      id: r.id,
      email: r.email,
      displayName: r.displayName,
      roles: r.roles.filter(isRole),
      isEmailVerified: r.emailVerifiedAt !== null,
      hasPassword: r.hasPassword,
      createdAt: isoTimestamp(r.createdAt),
    })),
    nextPageToken,
  };
}

/**
 * One user with roles, claim rows (each marked with the role it comes with, if any), the claims in
 * effect and the permission flags.
 * @throws AppError not_found
 */
export async function getUser(db: Db, accountId: string): Promise<AdminUser> {
  const account = await findAccountById(db, accountId);
  if (!account) throw new AppError('not_found', 'There is no such user.');
  const rows = await findClaimRows(db, accountId);
  const roles = [
    ...new Set(rows.filter((r) => r.type === CLAIM.role && isRole(r.value)).map((r) => r.value as Role)),
  ];
  const grantedBy = (claim: Claim): Role | null =>
    roles.find((role) => ROLE_CLAIMS[role].some((c) => claimKey(c) === claimKey(claim))) ?? null;
  const claims: AccountClaim[] = rows
    .filter((r) => !(r.type === CLAIM.role && isRole(r.value)))
    .map((r) => ({ id: r.id, ...toClaim(r), grantedBy: grantedBy(toClaim(r)) }));
  const effective = effectiveClaims(rows.map(toClaim));
  return {
    id: account.id,
    email: account.email,
    displayName: account.displayName,
    roles: ROLES.filter((r) => roles.includes(r)),
    isEmailVerified: account.emailVerifiedAt !== null,
    hasPassword: account.passwordHash !== null,
    createdAt: isoTimestamp(account.createdAt),
    claims,
    effectiveClaims: effective,
    permissions: derivePermissions(effective, true),
  };
}

/** Grants a role (one row; nothing when held). @throws AppError not_found */
export async function grantRole(db: Db, accountId: string, role: Role): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    if (!(await findAccountById(tx, accountId))) throw new AppError('not_found', 'There is no such user.');
    const rows = await findClaimRows(tx, accountId);
    if (!rows.some((r) => r.type === CLAIM.role && r.value === role)) {
      await insertClaims(tx, accountId, [{ type: CLAIM.role, value: role }]);
      await setTokensValidAfter(tx, accountId, new Date());
    }
  });
  return getUser(db, accountId);
}

/**
 * Removes a role and the rows equal to its set. An admin cannot remove their own admin role (nobody
 * could be left to give it back).
 * @throws AppError not_found; conflict for one's own admin role
 */
export async function removeRole(
  db: Db,
  { session, accountId, role }: { session: Session; accountId: string; role: Role },
): Promise<AdminUser> {
  if (accountId === session.accountId && role === 'admin')
    throw new AppError('conflict', 'You cannot remove your own admin role.');
  await db.transaction(async (tx) => {
    if (!(await findAccountById(tx, accountId))) throw new AppError('not_found', 'There is no such user.');
    const rows = await findClaimRows(tx, accountId);
    const setKeys = new Set(ROLE_CLAIMS[role].map(claimKey));
    const gone = rows.filter(
      (r) => (r.type === CLAIM.role && r.value === role) || setKeys.has(claimKey(toClaim(r))),
    );
    if (
      (await deleteClaimRows(
        tx,
        accountId,
        gone.map((r) => r.id),
      )) > 0
    )
      await setTokensValidAfter(tx, accountId, new Date());
  });
  return getUser(db, accountId);
}

/** Grants a single claim (nothing when the same row exists). @throws AppError not_found */
export async function grantClaim(db: Db, accountId: string, request: GrantClaimRequest): Promise<AdminUser> {
  const claim: Claim = request.scopes?.length
    ? { type: request.type, value: request.value, scopes: [...new Set(request.scopes)] }
    : { type: request.type, value: request.value };
  await db.transaction(async (tx) => {
    if (!(await findAccountById(tx, accountId))) throw new AppError('not_found', 'There is no such user.');
    const rows = await findClaimRows(tx, accountId);
    if (!rows.some((r) => claimKey(toClaim(r)) === claimKey(claim))) {
      await insertClaims(tx, accountId, [claim]);
      await setTokensValidAfter(tx, accountId, new Date());
    }
  });
  return getUser(db, accountId);
}

/**
 * Removes one single claim.
 * @throws AppError not_found; conflict when the row comes with a role (remove the role instead)
 */
export async function removeClaim(db: Db, accountId: string, claimId: string): Promise<AdminUser> {
  const user = await getUser(db, accountId);
  const row = user.claims.find((c) => c.id === claimId);
  if (!row) throw new AppError('not_found', 'This user has no such claim.');
  if (row.grantedBy)
    throw new AppError(
      'conflict',
      `This claim comes with the role ${row.grantedBy}: remove the role instead.`,
    );
  await db.transaction(async (tx) => {
    await deleteClaimRows(tx, accountId, [claimId]);
    await setTokensValidAfter(tx, accountId, new Date());
  });
  return getUser(db, accountId);
}
