/**
 * Accounts made and recovered by e-mail (issue 5): sign-up with a confirmation link, a forgotten
 * password, and choosing a password from an invitation. Links are single-use secrets of which only a
 * SHA-256 is stored (table `email_token`); their e-mails go through the outbox. None of the answers
 * tells whether an address has an account.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  INVITE_TOKEN_TTL_S,
  RESET_RATE_MAX,
  RESET_REQUEST_MIN_MS,
  RESET_RATE_WINDOW_MS,
  RESET_TOKEN_TTL_S,
  SIGNUP_RATE_MAX,
  SIGNUP_RATE_WINDOW_MS,
  VERIFY_TOKEN_TTL_S,
} from '@portal/shared/limits';
import { CLAIM } from '@portal/shared/permissions';
import type { SignupCode } from '@portal/shared/schemas/identity';
import type { Db } from '../../db/client.js';
import { enqueueMail, mayMailNotice } from '../mail/mail.service.js';
import { acceptPendingInvitations } from './course-invitations.service.js';
import { alreadyRegisteredMail, passwordResetMail, verificationMail } from './identity.mails.js';
import {
  findAccountByEmail,
  findAccountById,
  insertAccountIfAbsent,
  insertClaims,
  markEmailVerified,
  normalizeEmail,
  setPasswordHash,
  setTokensValidAfter,
} from './accounts.repository.js';
import {
  consumeEmailToken,
  findUsableEmailToken,
  insertEmailToken,
  voidEmailTokens,
  type EmailTokenPurpose,
} from './email-tokens.repository.js';
import { hashPassword, newSecretToken, sha256 } from './identity.service.js';
import { clearRateLimitsStartingWith, hitRateLimits, rateLimitKey } from '../../lib/rate-limit.js';
import { linkTo, siteName, type SiteContext } from './site-links.js';

const TTL_S: Record<EmailTokenPurpose, number> = {
  verify: VERIFY_TOKEN_TTL_S,
  reset: RESET_TOKEN_TTL_S,
  invite: INVITE_TOKEN_TTL_S,
};

/** Makes a single-use link token for an account; only its hash is stored. */
export async function createEmailLinkToken(
  db: Db,
  { accountId, purpose, now = new Date() }: { accountId: string; purpose: EmailTokenPurpose; now?: Date },
): Promise<string> {
  const token = newSecretToken();
  await insertEmailToken(db, {
    tokenHash: sha256(token),
    accountId,
    purpose,
    expiresAt: new Date(now.getTime() + TTL_S[purpose] * 1000),
  });
  return token;
}

/**
 * Sends (another) confirmation link to an account whose address is not confirmed yet, unless the
 * address had its sign-up e-mail within the hour (`mayMailNotice`).
 */
export async function sendVerificationLink(
  db: Db,
  {
    site,
    account,
    redirect,
    now = new Date(),
  }: { site: SiteContext; account: { id: string; email: string }; redirect: string | undefined; now?: Date },
): Promise<void> {
  if (!(await mayMailNotice(db, { kind: 'sign-up', to: account.email, now }))) return;
  const token = await createEmailLinkToken(db, { accountId: account.id, purpose: 'verify', now });
  await enqueueMail(
    db,
    verificationMail(account.email, siteName(site), linkTo.verify(site, token, redirect)),
  );
}

/**
 * After a right password for an unconfirmed address: a new link, unless the address had its sign-up
 * e-mail within the hour (the sign-in limits bound the rest).
 */
export async function resendVerificationLink(
  db: Db,
  {
    site,
    accountId,
    redirect,
    now = new Date(),
  }: { site: SiteContext; accountId: string; redirect: string | undefined; now?: Date },
): Promise<void> {
  const found = await findAccountById(db, accountId);
  if (found) await sendVerificationLink(db, { site, account: found, redirect, now });
}

/**
 * Sign-up (issue 5): a new account with the student role (001 §1: students reach the exercise area
 * only by invitation), unconfirmed, and a confirmation e-mail. An address that has an account gets an
 * e-mail saying so instead; the page shown is the same either way. One address gets one such e-mail
 * an hour, whoever signs it up (`mayMailNotice`, issue 20): beyond that nothing is sent and the answer
 * stays the same (no mail bombing, no enumeration).
 * @throws RateLimitedError 429 when this network address signed up too often
 */
export async function signUp(
  db: Db,
  {
    site,
    form,
    ip,
    now = new Date(),
  }: {
    site: SiteContext;
    form: { displayName: string; email: string; password: string; redirect?: string; code?: SignupCode };
    ip: string;
    now?: Date;
  },
): Promise<void> {
  await hitRateLimits(db, {
    keys: [
      {
        key: rateLimitKey.signupAddress(ip),
        limit: { max: SIGNUP_RATE_MAX, windowMs: SIGNUP_RATE_WINDOW_MS },
        message: 'Too many sign-ups from your network. Please try again later.',
      },
    ],
    now,
  });
  const passwordHash = await hashPassword(form.password);
  const name = siteName(site, form.code);
  await db.transaction(async (tx) => {
    const created = await insertAccountIfAbsent(tx, {
      email: form.email,
      displayName: form.displayName,
      passwordHash,
    });
    if (created) await insertClaims(tx, created.id, [{ type: CLAIM.role, value: 'student' }]);
    if (!(await mayMailNotice(tx, { kind: 'sign-up', to: form.email, now }))) return;
    if (created) {
      const token = await createEmailLinkToken(tx, { accountId: created.id, purpose: 'verify', now });
      await enqueueMail(tx, verificationMail(created.email, name, linkTo.verify(site, token, form.redirect)));
    } else {
      await enqueueMail(
        tx,
        alreadyRegisteredMail({
          to: normalizeEmail(form.email),
          siteName: name,
          loginUrl: linkTo.login(site, form.redirect),
          resetUrl: linkTo.forgot(site, form.redirect),
        }),
      );
    }
  });
}

/**
 * Confirms an address from its link; pending course invitations to it are taken up.
 * @returns false when the link is unknown, used or expired (nothing changes)
 */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, { tokenHash: sha256(token), purposes: ['verify'], now });
    if (!used) return false;
    await markEmailVerified(tx, used.accountId, now);
    await acceptPendingInvitations(tx, used.accountId, now);
    return true;
  });
}

/**
 * A forgotten password: a reset link if the address has an account; the same answer if not, and no
 * sooner than RESET_REQUEST_MIN_MS either way, so neither the page nor its timing tells (issue 9). One
 * address gets one reset link an hour, whoever asks (`mayMailNotice`, issue 20); a request past that
 * is answered the same and sends nothing.
 * @throws RateLimitedError 429 per address and per account (keyed by the address typed, known or not)
 */
export async function requestPasswordReset(
  db: Db,
  {
    site,
    request,
    now = new Date(),
  }: { site: SiteContext; request: { email: string; ip: string; redirect?: string }; now?: Date },
): Promise<void> {
  const limit = { max: RESET_RATE_MAX, windowMs: RESET_RATE_WINDOW_MS };
  const message = 'Too many requests for a new password. Please wait a few minutes and try again.';
  await hitRateLimits(db, {
    keys: [
      { key: rateLimitKey.resetAddress(request.ip), limit, message },
      { key: rateLimitKey.resetAccount(request.email), limit, message },
    ],
    now,
  });
  const answerAt = Date.now() + RESET_REQUEST_MIN_MS;
  const found = await findAccountByEmail(db, request.email);
  if (found && (await mayMailNotice(db, { kind: 'password-reset', to: found.email, now }))) {
    await db.transaction(async (tx) => {
      const token = await createEmailLinkToken(tx, { accountId: found.id, purpose: 'reset', now });
      await enqueueMail(
        tx,
        passwordResetMail(found.email, siteName(site), linkTo.reset(site, token, request.redirect)),
      );
    });
  }
  await sleep(Math.max(0, answerAt - Date.now()));
}

/** What a reset or invitation link is for, when it can still be used; undefined otherwise. */
export async function checkPasswordLink(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ purpose: EmailTokenPurpose } | undefined> {
  const found = await findUsableEmailToken(db, {
    tokenHash: sha256(token),
    purposes: ['reset', 'invite'],
    now,
  });
  return found ? { purpose: found.purpose } : undefined;
}

/**
 * Sets a password from a reset or invitation link. The address counts as confirmed (the link reached
 * it), other open links of the account end, every session of the account ends (tokens issued before
 * now are refused; issue 9), its sign-in counts from every network are cleared, and pending course
 * invitations are taken up.
 * @returns false when the link is unknown, used or expired (nothing changes)
 */
export async function resetPassword(
  db: Db,
  form: { token: string; password: string },
  now = new Date(),
): Promise<boolean> {
  const passwordHash = await hashPassword(form.password);
  const email = await db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, {
      tokenHash: sha256(form.token),
      purposes: ['reset', 'invite'],
      now,
    });
    if (!used) return undefined;
    await setPasswordHash(tx, { accountId: used.accountId, passwordHash, now });
    await setTokensValidAfter(tx, used.accountId, new Date());
    await voidEmailTokens(tx, { accountId: used.accountId, purposes: ['reset', 'invite', 'verify'], now });
    await acceptPendingInvitations(tx, used.accountId, now);
    return (await findAccountById(tx, used.accountId))?.email ?? '';
  });
  if (email === undefined) return false;
  // The owner chose a new password: the account is no longer slowed from any network.
  if (email) await clearRateLimitsStartingWith(db, rateLimitKey.loginAccountPrefix(email));
  return true;
}
