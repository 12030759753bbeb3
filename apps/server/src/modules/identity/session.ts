/**
 * The caller of a request (001 §4 Session, Impersonation; §6): who the bearer token names, the claims
 * the account holds now, and the permission flags they give. Every service that needs to know who
 * asks takes it as `session: Session`.
 *
 * `loadSession` is the whole check of a token, run on every request by the auth plugin: signature, key,
 * audience and expiry (`tokens.verify`), the account still existing, the token issued after the
 * account's "tokens valid after" time (logout, password reset, a change of roles or claims end every
 * earlier token at once; issue 9), and while impersonating, the admin still allowed to act as others.
 */
import { AppError } from '@portal/shared/errors';
import {
  VISITOR_PERMISSIONS,
  derivePermissions,
  type Claim,
  type PermissionFlags,
} from '@portal/shared/permissions';
import type { Actor, Identity } from '@portal/shared/schemas/identity';
import type { Db } from '../../db/client.js';
import { findAccountWithClaims } from './accounts.repository.js';
import type { TokenSigner } from './tokens.js';

export interface Session {
  identity: Identity | null;
  accountId: string | null;
  claims: Claim[];
  permissions: PermissionFlags;
  /** The admin acting as this user (001 §4 Impersonation), else null. */
  actor: Actor | null;
  /** When the session's sign-in happened (seconds since the epoch), or null when signed out. */
  signedInAt: number | null;
}

/** The session of a request without a token. */
export const VISITOR_SESSION: Session = {
  identity: null,
  accountId: null,
  claims: [],
  permissions: VISITOR_PERMISSIONS,
  actor: null,
  signedInAt: null,
};

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * The session of an Authorization header.
 * @param header the header's value, or undefined (a visitor)
 * @throws AppError unauthenticated (401) for a header that is not "Bearer <token>", a bad or ended token,
 *   a gone account, or an impersonation whose admin may no longer act as others
 */
export async function loadSession(db: Db, tokens: TokenSigner, header: string | undefined): Promise<Session> {
  if (!header) return VISITOR_SESSION;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
  if (!match) throw new AppError('unauthenticated', 'The Authorization header must be "Bearer <token>".');
  const { actor, audience: _audience, signedInAt, issuedAtMs, ...identity } = await tokens.verify(match[1]!);
  const found = await findAccountWithClaims(db, identity.subject);
  if (!found) throw new AppError('unauthenticated', 'Your account could not be found.');
  const validAfter = found.account.tokensValidAfter;
  if (validAfter && issuedAtMs < validAfter.getTime()) throw new AppError('unauthenticated', SESSION_ENDED);
  if (actor && !(await mayStillImpersonate(db, actor.subject, issuedAtMs))) {
    throw new AppError('unauthenticated', 'The admin acting as this user may no longer do so.');
  }
  return {
    identity,
    accountId: found.account.id,
    claims: found.claims,
    permissions: derivePermissions(found.claims, true),
    actor,
    signedInAt,
  };
}

/**
 * Whether the admin named in an impersonated token may still act as others: the right is still held,
 * and the admin's own sessions have not ended since the token was issued (`issuedAtMs`).
 */
export async function mayStillImpersonate(db: Db, actorId: string, issuedAtMs: number): Promise<boolean> {
  const admin = await findAccountWithClaims(db, actorId);
  if (!admin || !derivePermissions(admin.claims, true).CanImpersonate) return false;
  const validAfter = admin.account.tokensValidAfter;
  return !validAfter || issuedAtMs >= validAfter.getTime();
}
