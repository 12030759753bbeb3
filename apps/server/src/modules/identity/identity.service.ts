/** Sign-in rules: password check, single-use sign-on codes, token issue (001 §2, §4; DESIGN.md "Sign-in"). */
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AppError, MESSAGES } from '@portal/shared/errors';
import { SSO_CODE_TTL_S } from '@portal/shared/limits';
import { CLAIM } from '@portal/shared/permissions';
import type { Db } from '../../db/client.js';
import {
  consumeSsoCode,
  findAccountByEmail,
  findAccountWithClaims,
  insertSsoCode,
} from './identity.repository.js';
import type { TokenSigner } from './tokens.js';

/** A hash of a password nobody has, so that an unknown e-mail costs as much as a wrong password. */
let decoyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * Checks an e-mail and password.
 * @returns the account id
 * @throws AppError unauthenticated with the same message for an unknown e-mail and a wrong password
 */
export async function checkPassword(db: Db, email: string, password: string): Promise<string> {
  const found = await findAccountByEmail(db, email);
  decoyHash ??= hash(crypto.randomBytes(16).toString('hex'));
  const ok = await verify(found?.passwordHash ?? (await decoyHash), password).catch(() => false);
  if (!found || !found.passwordHash || !ok)
    throw new AppError('unauthenticated', MESSAGES.invalidCredentials);
  return found.id;
}

/** Issues a single-use sign-on code for an account, valid SSO_CODE_TTL_S seconds. */
export async function issueSsoCode(db: Db, accountId: string, now = new Date()): Promise<string> {
  const code = crypto.randomBytes(32).toString('base64url');
  await insertSsoCode(db, sha256(code), accountId, new Date(now.getTime() + SSO_CODE_TTL_S * 1000));
  return code;
}

/**
 * Exchanges a sign-on code for an access token. Login needs the user-role claim (001 §4 Session).
 * @throws AppError unauthenticated when the code is unknown, used or expired, or the account has no role
 */
export async function exchangeSsoCode(
  db: Db,
  tokens: TokenSigner,
  code: string,
): Promise<{ accessToken: string; expiresAt: number }> {
  const accountId = await consumeSsoCode(db, sha256(code), new Date());
  if (!accountId)
    throw new AppError(
      'unauthenticated',
      'This sign-in link has expired or was already used. Please log in again.',
    );
  const found = await findAccountWithClaims(db, accountId);
  if (!found) throw new AppError('unauthenticated', MESSAGES.accountNotFound);
  if (!found.claims.some((c) => c.type === CLAIM.role)) {
    throw new AppError('unauthenticated', 'Your account has no role yet. Please contact support.');
  }
  const { token, exp } = await tokens.sign({
    subject: found.account.id,
    displayName: found.account.displayName,
    email: found.account.email,
    picture: found.account.picture,
  });
  return { accessToken: token, expiresAt: exp };
}

/**
 * The address to return to after sign-in: only this site's own addresses (no open redirect).
 * @param target `redirect` from the query; relative paths or absolute URLs under publicBaseUrl
 */
export function safeRedirect(target: string | undefined, publicBaseUrl: string): string {
  if (!target) return '/';
  if (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) return target;
  try {
    const url = new URL(target);
    const base = new URL(publicBaseUrl);
    if (url.origin === base.origin) return url.pathname + url.search + url.hash;
  } catch {
    // not a URL
  }
  return '/';
}
