/**
 * Sign-in rules (001 §2, §4; DESIGN.md "Sign-in"; issue 5): password check with rate limits per account
 * and per address and no account enumeration, access tokens with their role check, refresh,
 * impersonation, and the account menu's messages (sign-on codes: identity-codes.service.ts). Return addresses are checked by `checkRedirect` (packages/shared/src/redirects.ts).
 */
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AppError, MESSAGES } from '@portal/shared/errors';
import {
  LOGIN_ACCOUNT_FAILURES_MAX,
  LOGIN_ACCOUNT_FAILURE_WINDOW_MS,
  LOGIN_ADDRESS_FAILURES_MAX,
  LOGIN_RATE_WINDOW_MS,
  LOGIN_SLOWDOWN_BASE_MS,
  LOGIN_SLOWDOWN_MAX_MS,
} from '@portal/shared/limits';
import { CLAIM, derivePermissions, hasEditorOrAdminRight, type Claim } from '@portal/shared/permissions';
import type { AccountMessage, Actor, TokenAudience, TokenResponse } from '@portal/shared/schemas/identity';
import type { Db } from '../../db/client.js';
import { acceptPendingInvitations } from './course-invitations.service.js';
import { insertMessage, listUnreadMessages, markMessageRead } from './account-messages.repository.js';
import {
  findAccountByEmail,
  findAccountWithClaims,
  insertAccountIfAbsent,
  insertClaims,
  setTokensValidAfter,
  type AccountRow,
} from './accounts.repository.js';
import {
  checkRateLimit,
  clearRateLimit,
  countAttempt,
  findRateLimitBucket,
  holdRateLimit,
  rateLimitKey,
  refusal,
} from '../../lib/rate-limit.js';
import type { Session } from './session.js';
import type { TokenSigner } from './tokens.js';

/** A hash of a password nobody has, so that an unknown e-mail costs as much as a wrong password. */
let decoyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** A random single-use secret for links and codes (256 bits, base64url). */
export const newSecretToken = () => crypto.randomBytes(32).toString('base64url');

const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait a while and try again.';
/** Shown after a right password for an address not yet confirmed. */
export const UNVERIFIED_MESSAGE =
  'Please confirm your e-mail address first: follow the link in the e-mail we sent you.';

/**
 * Checks an e-mail and password.
 * @returns the account id
 * @throws AppError unauthenticated with the same message for an unknown e-mail and a wrong password
 */
export async function checkPassword(db: Db, email: string, password: string): Promise<string> {
  return (await accountOfCredentials(db, email, password)).id;
}

/** The account an e-mail and password belong to (checkPassword, with the row it read). */
async function accountOfCredentials(db: Db, email: string, password: string): Promise<AccountRow> {
  const found = await findAccountByEmail(db, email);
  decoyHash ??= hash(crypto.randomBytes(16).toString('hex'));
  const ok = await verify(found?.passwordHash ?? (await decoyHash), password).catch(() => false);
  if (!found || !found.passwordHash || !ok)
    throw new AppError('unauthenticated', MESSAGES.invalidCredentials);
  return found;
}

/**
 * How long an account stays slowed for a network after its `failures`-th wrong password from there:
 * LOGIN_SLOWDOWN_BASE_MS at LOGIN_ACCOUNT_FAILURES_MAX, doubled for each failure after, at most
 * LOGIN_SLOWDOWN_MAX_MS; nothing below LOGIN_ACCOUNT_FAILURES_MAX.
 */
export function loginSlowdownMs(failures: number): number {
  if (failures < LOGIN_ACCOUNT_FAILURES_MAX) return 0;
  const doublings = Math.min(failures - LOGIN_ACCOUNT_FAILURES_MAX, 30);
  return Math.min(LOGIN_SLOWDOWN_BASE_MS * 2 ** doublings, LOGIN_SLOWDOWN_MAX_MS);
}

/**
 * A sign-in attempt (issues 9 and 20: a class behind one address signs in, guessing does not, and a
 * lockout is felt only by the one guessing). The network address is refused once it has
 * LOGIN_ADDRESS_FAILURES_MAX failed attempts in LOGIN_RATE_WINDOW_MS, whatever the accounts. Wrong
 * passwords are also counted per account (the address typed, known or not, so the limit reveals
 * nothing) and network: past LOGIN_ACCOUNT_FAILURES_MAX that account is slowed for that network only,
 * each further attempt waiting `loginSlowdownMs` (a refused attempt counts as a failure, so hammering
 * makes the wait grow). The account's owner signing in from another network is never refused. A right
 * password clears the account's count for that network.
 * @returns the account id and whether its e-mail address is confirmed
 * @throws RateLimitedError 429 with the seconds to wait; AppError unauthenticated (same answer for an
 *   unknown e-mail and a wrong password)
 */
export async function signIn(
  db: Db,
  attempt: { email: string; password: string; ip: string },
  now = new Date(),
): Promise<{ accountId: string; isVerified: boolean }> {
  const addressFailures = {
    key: rateLimitKey.loginAddress(attempt.ip),
    limit: { max: LOGIN_ADDRESS_FAILURES_MAX, windowMs: LOGIN_RATE_WINDOW_MS },
    message: TOO_MANY_SIGN_INS,
  };
  await checkRateLimit(db, addressFailures, now);
  const failuresKey = rateLimitKey.loginAccountFailures(attempt.email, attempt.ip);
  const slowedKey = rateLimitKey.loginAccountSlowed(attempt.email, attempt.ip);
  /** Counts a failure for the account from this network; past the limit, slows it for longer. */
  const countFailure = async (): Promise<Date | undefined> => {
    const { count } = await countAttempt(db, {
      key: failuresKey,
      limit: { max: LOGIN_ACCOUNT_FAILURES_MAX, windowMs: LOGIN_ACCOUNT_FAILURE_WINDOW_MS },
      now,
    });
    const delayMs = loginSlowdownMs(count);
    if (delayMs === 0) return undefined;
    const until = new Date(now.getTime() + delayMs);
    await holdRateLimit(db, slowedKey, until);
    return until;
  };
  const slowed = await findRateLimitBucket(db, slowedKey);
  if (slowed && slowed.resetAt > now) {
    // Not checked: a guess while slowed only makes the wait longer.
    const until = await countFailure();
    throw refusal(TOO_MANY_SIGN_INS, until ?? slowed.resetAt, now);
  }
  let found: AccountRow;
  try {
    found = await accountOfCredentials(db, attempt.email, attempt.password);
  } catch (error) {
    // Counted after the fact: the refusal is for the attempts that follow.
    await countAttempt(db, { key: addressFailures.key, limit: addressFailures.limit, now });
    await countFailure();
    throw error;
  }
  await clearRateLimit(db, failuresKey);
  await clearRateLimit(db, slowedKey);
  return { accountId: found.id, isVerified: found.emailVerifiedAt !== null };
}

const NO_ROLE = 'Your account has no role yet. Please contact support.';

/** What a token is signed for besides its account (see TokenSigner.sign). */
interface TokenGrant {
  actor?: Actor | null;
  audience?: TokenAudience;
  /** Seconds; default now. */
  signedInAt?: number;
}

/**
 * Signs an access token for an account. Login needs the user-role claim (001 §4 Session).
 * @throws AppError unauthenticated when the account is gone or has no role claim
 */
export async function issueToken(
  db: Db,
  { tokens, accountId, grant = {} }: { tokens: TokenSigner; accountId: string; grant?: TokenGrant },
): Promise<TokenResponse> {
  const found = await findAccountWithClaims(db, accountId);
  if (!found) throw new AppError('unauthenticated', MESSAGES.accountNotFound);
  if (!found.claims.some((c) => c.type === CLAIM.role)) throw new AppError('unauthenticated', NO_ROLE);
  return signFor(tokens, found.account, grant);
}

/** Signs an access token for an account already read and checked. */
async function signFor(tokens: TokenSigner, account: AccountRow, grant: TokenGrant): Promise<TokenResponse> {
  const nowS = Math.floor(Date.now() / 1000);
  const { token, exp } = await tokens.sign(
    {
      subject: account.id,
      displayName: account.displayName,
      email: account.email,
      picture: account.picture,
    },
    undefined,
    grant,
  );
  return { accessToken: token, expiresAt: exp, expiresIn: exp - nowS };
}

/** Course invitations to the account's address wait for its owner to sign in (or refresh). */
export function takeUpInvitations(db: Db, accountId: string): Promise<void> {
  return db.transaction((tx) => acceptPendingInvitations(tx, accountId));
}

/**
 * A fresh token for the caller's valid one (001 §4: the timer re-logs in before expiry). The role claim
 * is checked again, and while impersonating, that the admin may still act as others. The new token
 * keeps the session's sign-in time, so refreshing never extends the session past its absolute lifetime
 * (SESSION_MAX_AGE_DAYS): the token's expiry is capped there, and after it the old token is refused.
 * @throws AppError unauthenticated when signed out, or the role (or the admin's right) is gone
 */
export async function refreshToken(db: Db, tokens: TokenSigner, session: Session): Promise<TokenResponse> {
  if (!session.identity || !session.accountId || session.signedInAt === null)
    throw new AppError('unauthenticated', 'Please log in to continue.');
  if (!session.actor) await takeUpInvitations(db, session.accountId);
  return issueToken(db, {
    tokens,
    accountId: session.accountId,
    grant: {
      actor: session.actor,
      signedInAt: session.signedInAt,
    },
  });
}

/**
 * Ends every session of the caller's account at once (POST /auth/logout; issue 9): tokens issued
 * before now are refused from the next request on, in every browser. While impersonating, it is the
 * admin's sessions that end (and with them the impersonation), never the other user's.
 */
export async function logout(db: Db, session: Session, now = new Date()): Promise<void> {
  const accountId = session.actor?.subject ?? session.accountId;
  if (!accountId) throw new AppError('unauthenticated', 'Please log in to continue.');
  await setTokensValidAfter(db, accountId, now);
}

/**
 * An admin starts acting as another user (001 §4 Impersonation): a token of that user that names the
 * admin in `act`. Not as oneself, not from inside an impersonation, and not as someone who may
 * impersonate too (an admin gains nothing that way, and it would hide who acted).
 * @throws AppError not_found, conflict, or unauthenticated when the user has no role (cannot log in)
 */
export async function impersonate(
  db: Db,
  { tokens, session, targetId }: { tokens: TokenSigner; session: Session; targetId: string },
): Promise<TokenResponse> {
  if (session.actor) throw new AppError('conflict', 'You are already acting as another user.');
  if (targetId === session.accountId) throw new AppError('conflict', 'You cannot act as yourself.');
  const target = await findAccountWithClaims(db, targetId);
  if (!target) throw new AppError('not_found', 'There is no such user.');
  if (derivePermissions(target.claims, true).CanImpersonate)
    throw new AppError('conflict', 'You cannot act as another user who may act as others.');
  if (!target.claims.some((c) => c.type === CLAIM.role))
    throw new AppError('conflict', 'This user has no role, so they cannot sign in.');
  const identity = session.identity!;
  return signFor(tokens, target.account, {
    actor: { subject: session.accountId!, displayName: identity.displayName, email: identity.email },
    signedInAt: session.signedInAt ?? undefined,
  });
}

/** Unread messages of the account menu (001 §2 Header, §3 Message), newest first. */
export async function listMessages(db: Db, accountId: string): Promise<AccountMessage[]> {
  return listUnreadMessages(db, accountId, 50);
}

/** Marks a message read. @throws AppError not_found when it is not the caller's */
export async function readMessage(db: Db, accountId: string, id: string): Promise<void> {
  if (!(await markMessageRead(db, { accountId, id, now: new Date() })))
    throw new AppError('not_found', 'This message does not exist.');
}

/**
 * Adds a message to an account's menu (e.g. "You were invited to a course"). Other areas may call it.
 * @param link a path in the portal, or null
 */
export function addAccountMessage(
  db: Db,
  message: { accountId: string; message: string; link: string | null },
): Promise<string> {
  return insertMessage(db, message);
}

/** The caller's claims in effect (001 §7 Entitlement client "List claims"). */
export function listClaims(session: Session): { claims: Claim[] } {
  if (!session.identity) throw new AppError('unauthenticated', 'Please log in to continue.');
  return { claims: session.claims };
}

/**
 * The name and address of an account, for records that keep who did something (the download data point,
 * 001 §3); undefined when the account is gone.
 */
export async function findAccountContact(
  db: Db,
  accountId: string,
): Promise<{ id: string; displayName: string; email: string } | undefined> {
  const found = await findAccountWithClaims(db, accountId);
  if (!found) return undefined;
  return { id: found.account.id, displayName: found.account.displayName, email: found.account.email };
}

/**
 * Whether an LTI platform may sign this account in (issues 26 and 33): it exists, holds a role, and
 * holds none of the editor and admin rights (PLATFORM_FORBIDDEN_PERMISSIONS). An LMS is another trust
 * domain, so it never reaches a curator's or an admin's rights, linked or not.
 * @returns `ok`, `refused` (editor, admin, or no role), or `missing` (no such account)
 */
export async function ltiAccountStanding(db: Db, accountId: string): Promise<'ok' | 'refused' | 'missing'> {
  const found = await findAccountWithClaims(db, accountId);
  if (!found) return 'missing';
  if (!found.claims.some((c) => c.type === CLAIM.role)) return 'refused';
  return hasEditorOrAdminRight(derivePermissions(found.claims, true)) ? 'refused' : 'ok';
}

/** The id and address of the account of an e-mail address, if any (an LTI launch's match). */
export async function findAccountIdByEmail(
  db: Db,
  email: string,
): Promise<{ id: string; email: string } | undefined> {
  const found = await findAccountByEmail(db, email);
  return found && { id: found.id, email: found.email };
}

/**
 * Makes the account of an instructor an LTI launch names (issue 33): no password (it signs in through
 * its platform, or sets one by "forgot password"), its e-mail not marked confirmed (the platform's word
 * is not a confirmation), and the role `faculty`, or `student` while the platform's new accounts wait for
 * an admin's approval (an admin makes them faculty in the users page; a message tells the person).
 * @returns the new account's id; undefined when the address has an account already (a race)
 */
export async function createLtiAccount(
  db: Db,
  user: { email: string; displayName: string; needsApproval: boolean },
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const made = await insertAccountIfAbsent(tx, {
      email: user.email,
      displayName: user.displayName,
      passwordHash: null,
    });
    if (!made) return undefined;
    await insertClaims(tx, made.id, [
      { type: CLAIM.role, value: user.needsApproval ? 'student' : 'faculty' },
    ]);
    if (user.needsApproval)
      await insertMessage(tx, { accountId: made.id, message: LTI_APPROVAL_MESSAGE, link: null });
    return made.id;
  });
}

/** What a person whose account a launch made reads while an admin has not approved it. */
export const LTI_APPROVAL_MESSAGE =
  "Your account was made from your course's LMS and waits for the portal's administrator to approve it. Until then you can browse courseware but not download its files.";

/**
 * The display name and e-mail of each of the accounts that exists, in one query (issue 37: a digest's
 * recipients); an unknown id is left out.
 */
export { findAccountContacts } from './accounts.repository.js';
