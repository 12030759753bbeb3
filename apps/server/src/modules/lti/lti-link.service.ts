/**
 * Who an LTI launch signs in (issue 33). An LMS is another trust domain: its admins, or any user it
 * lets change their own e-mail or enrol as an instructor, could otherwise name any portal account. So:
 *
 * - a launch signs in only the account its (platform, `sub`) is linked to (`lti_identity`);
 * - the first launch of a `sub` whose e-mail names an existing account signs nobody in: the person
 *   proves the account once (its portal password, or a one-time link e-mailed to its address), and the
 *   two are linked;
 * - an instructor the portal does not know gets a new account (faculty, or waiting for an admin's
 *   approval when the platform asks for it; its e-mail not marked confirmed), linked at once;
 * - an account with any editor or admin right is never signed in from a platform, linked or not;
 * - a platform may name the e-mail domains (the school's) it speaks for; a launch outside them is refused.
 */
import { AppError } from '@portal/shared/errors';
import { LTI_LINK_TTL_S, type LtiIdentities } from '@portal/shared/schemas/lti';
import type { Db } from '../../db/client.js';
import {
  createLtiAccount,
  findAccountIdByEmail,
  ltiAccountStanding,
  newSecretToken,
  sha256,
  signIn,
} from '../identity/identity.service.js';
import { siteName, type SiteContext } from '../identity/index.js';
import { enqueueMail, mayMailNotice } from '../mail/mail.service.js';
import * as identities from './lti-identities.repository.js';
import * as launches from './lti-launches.repository.js';
import * as platforms from './lti-platforms.repository.js';
import { ltiLinkMail } from './lti-link.mails.js';
import { LtiLaunchError } from './lti-errors.js';

/** The launching user as the id token names them. */
export interface LaunchingUser {
  subject: string;
  email: string | undefined;
  displayName: string;
  isInstructor: boolean;
}

/** Who a launch signs in: a linked (or new) account, an account to prove first, or nobody. */
export type LaunchAccount =
  | { kind: 'signIn'; accountId: string }
  | { kind: 'prove'; accountId: string; email: string }
  | { kind: 'none' };

const EDITOR_REFUSED =
  'Your portal account has editing or administration rights, which are never signed in from an LMS. Sign in at the portal itself instead.';

/** The domain of an address, lower case. */
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Refuses a launch whose e-mail lies outside the platform's allowed domains (when it has a list).
 * @throws LtiLaunchError 403 naming the domains
 */
export function checkEmailDomain(platform: platforms.LtiPlatformRow, email: string | undefined): void {
  const allowed = platform.allowedEmailDomains;
  if (allowed.length === 0) return;
  if (email && allowed.includes(domainOf(email))) return;
  throw new LtiLaunchError(
    403,
    `${platform.name} may open the portal only for addresses at ${allowed.join(', ')}${
      email ? `, and your LMS sent ${email}` : ', and your LMS sent no e-mail address'
    }. Ask your LMS administrator, or sign in at the portal itself.`,
  );
}

/** @throws LtiLaunchError 403 when the account may not be signed in from a platform */
async function refuseEditors(db: Db, accountId: string): Promise<boolean> {
  const standing = await ltiAccountStanding(db, accountId);
  if (standing === 'refused') throw new LtiLaunchError(403, EDITOR_REFUSED);
  return standing === 'ok';
}

/**
 * Decides who a verified launch signs in (module comment).
 * @throws LtiLaunchError 403 for an account with editor or admin rights
 */
export async function accountOfLaunch(
  db: Db,
  platform: platforms.LtiPlatformRow,
  user: LaunchingUser,
  now = new Date(),
): Promise<LaunchAccount> {
  const linked = await identities.findIdentity(db, { platformId: platform.id, subject: user.subject });
  if (linked && (await refuseEditors(db, linked.accountId))) {
    await identities.touchIdentity(db, linked.id, now);
    return { kind: 'signIn', accountId: linked.accountId };
  }
  if (!user.email) return { kind: 'none' };
  const existing = await findAccountIdByEmail(db, user.email);
  if (existing) {
    await refuseEditors(db, existing.id);
    return { kind: 'prove', accountId: existing.id, email: existing.email };
  }
  if (!user.isInstructor) return { kind: 'none' };
  const made = await createLtiAccount(db, {
    email: user.email,
    displayName: user.displayName,
    needsApproval: platform.newAccountsNeedApproval,
  });
  // Another launch made the account meanwhile: it is someone's now, to be proved like any other.
  if (!made) return accountOfLaunch(db, platform, user, now);
  const accountId = await identities.insertIdentity(db, {
    platformId: platform.id,
    subject: user.subject,
    accountId: made,
    email: user.email,
    now,
  });
  return { kind: 'signIn', accountId };
}

const LINK_EXPIRED =
  'This sign-in has expired or was finished already. Open the link again from your course.';

/** The address of the account a launch waits to link (kept in its settings). */
const emailOf = (launch: launches.LtiLaunchRow) =>
  (launch.settings as { email?: string } | null)?.email ?? '';

/** What the page that asks a person to prove their account shows. */
export interface PendingLink {
  platformName: string;
  email: string;
}

/** The launch waiting for its person to prove the account. @throws LtiLaunchError 400 when none */
async function awaitingLink(db: Db, handoff: string | undefined, now: Date) {
  const found = handoff
    ? await launches.findLaunchAwaitingLink(db, { handoffHash: sha256(handoff) }, now)
    : undefined;
  if (!found?.accountId || !found.subject) throw new LtiLaunchError(400, LINK_EXPIRED);
  const platform = await platforms.findPlatform(db, found.platformId);
  if (!platform) throw new LtiLaunchError(400, LINK_EXPIRED);
  return { launch: found, platform, accountId: found.accountId, subject: found.subject };
}

/** What the proving page shows for a launch's hand-off secret. @throws LtiLaunchError 400 */
export async function getPendingLink(db: Db, handoff: string | undefined): Promise<PendingLink> {
  const { platform, launch } = await awaitingLink(db, handoff, new Date());
  return { platformName: platform.name, email: emailOf(launch) };
}

/** Links the launch's (platform, sub) to its account and frees its hand-off. */
async function link(
  db: Db,
  pending: Awaited<ReturnType<typeof awaitingLink>>,
  email: string | null,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await launches.markLinked(tx, pending.launch.id))) throw new LtiLaunchError(400, LINK_EXPIRED);
    await identities.insertIdentity(tx, {
      platformId: pending.platform.id,
      subject: pending.subject,
      accountId: pending.accountId,
      email,
      now,
    });
  });
}

/**
 * Proves the account by its portal password (the sign-in form's limits and slow-downs apply) and links.
 * @throws LtiLaunchError 400 for an expired launch; AppError unauthenticated for a wrong password;
 *   RateLimitedError 429
 */
export async function proveByPassword(
  db: Db,
  args: { handoff: string | undefined; password: string; ip: string },
): Promise<void> {
  const now = new Date();
  const pending = await awaitingLink(db, args.handoff, now);
  const email = emailOf(pending.launch);
  const signedIn = await signIn(db, { email, password: args.password, ip: args.ip }, now);
  if (signedIn.accountId !== pending.accountId) throw new AppError('unauthenticated', 'Wrong password.');
  if (!(await refuseEditors(db, pending.accountId))) throw new LtiLaunchError(400, LINK_EXPIRED);
  await link(db, pending, email, now);
}

/**
 * E-mails the account's address a one-time link that links it (one such e-mail an hour per address,
 * as every notice; the answer is the same either way).
 * @throws LtiLaunchError 400 for an expired launch
 */
export async function sendLinkMail(
  db: Db,
  args: { handoff: string | undefined; site: SiteContext },
): Promise<{ email: string }> {
  const now = new Date();
  const pending = await awaitingLink(db, args.handoff, now);
  const email = emailOf(pending.launch);
  if (await mayMailNotice(db, { kind: 'lti-link', to: email, now })) {
    const token = newSecretToken();
    await db.transaction(async (tx) => {
      await launches.setLinkToken(tx, { id: pending.launch.id, linkTokenHash: sha256(token) });
      await enqueueMail(
        tx,
        ltiLinkMail({
          to: email,
          siteName: siteName(args.site),
          platformName: pending.platform.name,
          url: `${args.site.publicBaseUrl}/lti/link/confirm?t=${encodeURIComponent(token)}`,
          ttlS: LTI_LINK_TTL_S,
        }),
      );
    });
  }
  return { email };
}

/** What the e-mailed link's page shows before its button is pressed. @throws LtiLaunchError 400 */
export async function getMailedLink(db: Db, token: string | undefined): Promise<PendingLink> {
  const found = token
    ? await launches.findLaunchAwaitingLink(db, { linkTokenHash: sha256(token) }, new Date())
    : undefined;
  if (!found) throw new LtiLaunchError(400, LINK_EXPIRED);
  return getPendingLinkOf(db, found);
}

async function getPendingLinkOf(db: Db, found: launches.LtiLaunchRow): Promise<PendingLink> {
  const platform = await platforms.findPlatform(db, found.platformId);
  if (!platform) throw new LtiLaunchError(400, LINK_EXPIRED);
  return { platformName: platform.name, email: emailOf(found) };
}

/**
 * Links by the e-mailed one-time link (a POST: mail scanners that open links do not link anything).
 * @throws LtiLaunchError 400 for an unknown, used or expired link
 */
export async function confirmMailedLink(db: Db, token: string | undefined): Promise<PendingLink> {
  const now = new Date();
  const found = token
    ? await launches.findLaunchAwaitingLink(db, { linkTokenHash: sha256(token) }, now)
    : undefined;
  if (!found?.accountId || !found.subject) throw new LtiLaunchError(400, LINK_EXPIRED);
  const platform = await platforms.findPlatform(db, found.platformId);
  if (!platform || !(await refuseEditors(db, found.accountId))) throw new LtiLaunchError(400, LINK_EXPIRED);
  const email = emailOf(found);
  await link(db, { launch: found, platform, accountId: found.accountId, subject: found.subject }, email, now);
  return { platformName: platform.name, email };
}

/** The platform users linked to an account (its person's account page, the admin's user dialog). */
export async function listLinkedIdentities(db: Db, accountId: string): Promise<LtiIdentities> {
  const rows = await identities.listIdentitiesOfAccount(db, accountId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      platformName: row.platformName,
      subject: row.subject,
      email: row.email,
      linkedAt: row.linkedAt.toISOString(),
      lastLaunchAt: row.lastLaunchAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Unlinks one platform user from an account: its next launch must prove the account again.
 * @throws AppError not_found when the account has no such link
 */
export async function unlinkIdentity(db: Db, args: { accountId: string; id: string }): Promise<void> {
  if (!(await identities.deleteIdentity(db, args)))
    throw new AppError('not_found', 'This LMS link does not exist (any more).');
}
