/**
 * The two kinds of LTI 1.3 launch this tool takes, once the launch's token is verified (lti.service.ts):
 * a deep linking request (Deep Linking 2.0 §4.4: an instructor picks items) and a resource link
 * (LTI Core 1.3 §5.3: open the linked item); both keep the launch with a single-use hand-off secret
 * for the browser (`handOff`).
 */
import crypto from 'node:crypto';
import type { JWTPayload } from 'jose';
import { LTI_LAUNCH_TTL_S, LTI_LINK_TTL_S, isLoopbackHttp } from '@portal/shared/schemas/lti';
import { checkRedirect } from '@portal/shared/redirects';
import type { Db } from '../../db/client.js';
import { newSecretToken, sha256 } from '../identity/identity.service.js';
import * as launches from './lti-launches.repository.js';
import type * as platforms from './lti-platforms.repository.js';
import { LtiLaunchError } from './lti-errors.js';
import {
  accountOfLaunch,
  checkEmailDomain,
  type LaunchAccount,
  type LaunchingUser,
} from './lti-link.service.js';
import { continueLaunchPage } from './lti-pages.js';
import {
  DEEP_LINKING_REQUEST,
  LTI_CLAIM,
  LTI_PATHS,
  RESOURCE_LINK_REQUEST,
  type DeepLinkingSettings,
  type LtiContext,
} from './lti-protocol.js';

/** Roles (LTI Core 1.3 Appendix A) that make a user without an account a new faculty member. */
const INSTRUCTOR_ROLES = new Set([
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Faculty',
]);

/** A claim's value when it is a string. */
export const asString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Where a launch goes next: the app's hand-off page, the page that asks to prove an account, or an item
 * opened without signing in; or a page to show at once (the fallback of a launch not bound to this
 * browser).
 */
export type LaunchOutcome = { redirect: string } | { page: string };

/** A launch whose token was verified. */
export interface VerifiedLaunch {
  platform: platforms.LtiPlatformRow;
  claims: JWTPayload;
  deploymentId: string;
  isBrowserBound: boolean;
}

/** Who the launch names: the platform's `sub`, e-mail, display name, whether an instructor. */
function launchingUser(claims: JWTPayload): LaunchingUser {
  const email = asString(claims.email)?.trim().toLowerCase() || undefined;
  const roles = Array.isArray(claims[LTI_CLAIM.roles]) ? (claims[LTI_CLAIM.roles] as unknown[]) : [];
  const name =
    asString(claims.name) ??
    ([asString(claims.given_name), asString(claims.family_name)].filter(Boolean).join(' ') || email);
  return {
    subject: claims.sub!,
    email,
    displayName: name ?? '',
    isInstructor: roles.some((r) => typeof r === 'string' && INSTRUCTOR_ROLES.has(r)),
  };
}

/**
 * Keeps a launch and tells the browser where to go: the app's hand-off page; the page that asks the
 * person to prove the account first (`prove`); or, for a launch not bound to this browser by its
 * cookie, a page that asks before signing in.
 */
async function handOff(
  db: Db,
  launch: VerifiedLaunch,
  values: {
    id?: string;
    account: Extract<LaunchAccount, { kind: 'signIn' | 'prove' }>;
    user: LaunchingUser;
    messageType: string;
    targetPath: string;
    settings: DeepLinkingSettings | null;
  },
): Promise<LaunchOutcome> {
  const handoff = newSecretToken();
  const needsLink = values.account.kind === 'prove';
  await launches.insertLaunch(db, {
    id: values.id,
    platformId: launch.platform.id,
    accountId: values.account.accountId,
    deploymentId: launch.deploymentId,
    messageType: values.messageType,
    targetPath: values.targetPath,
    subject: values.user.subject,
    needsLink,
    isBrowserBound: launch.isBrowserBound,
    settings:
      values.account.kind === 'prove'
        ? { ...(values.settings ?? {}), email: values.account.email }
        : values.settings,
    handoffHash: sha256(handoff),
    expiresAt: new Date(Date.now() + (needsLink ? LTI_LINK_TTL_S : LTI_LAUNCH_TTL_S) * 1000),
  });
  if (needsLink) return { redirect: `${LTI_PATHS.link}?launch=${handoff}` };
  const next = `${LTI_PATHS.start}?launch=${handoff}`;
  if (launch.isBrowserBound) return { redirect: next };
  return {
    page: continueLaunchPage({
      platformName: launch.platform.name,
      displayName: values.user.displayName || values.user.email || 'your LMS user',
      next,
    }),
  };
}

/** Deep Linking 2.0 §4.4: a faculty member (linked, proved or made) picks items to return. */
export async function deepLinkingLaunch(
  db: Db,
  ctx: LtiContext,
  launch: VerifiedLaunch,
): Promise<LaunchOutcome> {
  const settings = launch.claims[LTI_CLAIM.deepLinkingSettings] as Record<string, unknown> | undefined;
  const returnUrl = asString(settings?.deep_link_return_url);
  if (!settings || !returnUrl || !isReturnUrl(returnUrl, ctx.allowLoopbackHttp))
    throw new LtiLaunchError(400, 'The deep linking request has no valid deep_link_return_url.');
  const acceptTypes = settings.accept_types;
  if (Array.isArray(acceptTypes) && !acceptTypes.includes('ltiResourceLink'))
    throw new LtiLaunchError(
      400,
      'This placement does not take links (ltiResourceLink), the only kind this tool returns.',
    );
  const user = launchingUser(launch.claims);
  checkEmailDomain(launch.platform, user.email);
  const account = await accountOfLaunch(db, launch.platform, user);
  if (account.kind === 'none')
    throw new LtiLaunchError(
      403,
      user.email
        ? 'Only instructors can choose courseware here, and you have no account at the portal. Ask your instructor, or sign up at the portal first.'
        : 'The platform did not share your e-mail address, which the portal needs to sign you in. Ask your LMS administrator to share it with this tool (in Canvas: privacy level "Public").',
    );
  const launchId = crypto.randomUUID();
  return handOff(db, launch, {
    id: launchId,
    account,
    user,
    targetPath: LTI_PATHS.picker(launchId),
    messageType: DEEP_LINKING_REQUEST,
    settings: {
      returnUrl,
      hasData: 'data' in settings,
      data: settings.data ?? null,
      acceptMultiple: settings.accept_multiple !== false,
      title: asString(settings.title) ?? null,
    },
  });
}

/** The return address must be https (or loopback http where allowed): the response JWT is posted there. */
function isReturnUrl(address: string, allowLoopbackHttp: boolean): boolean {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || (allowLoopbackHttp && isLoopbackHttp(address));
  } catch {
    return false;
  }
}

/**
 * LTI Core 1.3 §5.3: a resource link opens the item its target link names (a courseware page of the
 * portal, checked by `checkRedirect`). A user with an account (or an instructor, made faculty) is signed
 * in on the way; anyone else sees the item as a visitor does.
 */
export async function resourceLinkLaunch(
  db: Db,
  ctx: LtiContext,
  launch: VerifiedLaunch,
): Promise<LaunchOutcome> {
  const link = launch.claims[LTI_CLAIM.resourceLink] as { id?: unknown } | undefined;
  if (!link || typeof link.id !== 'string')
    throw new LtiLaunchError(400, 'The launch names no resource link.');
  const target = checkRedirect(launch.claims[LTI_CLAIM.targetLinkUri], { publicBaseUrl: ctx.publicBaseUrl });
  const targetPath =
    target?.destination === 'portal' && /^\/courseware\/[^/?#]/.test(target.href)
      ? target.href
      : '/courseware';
  const user = launchingUser(launch.claims);
  checkEmailDomain(launch.platform, user.email);
  const account = await accountOfLaunch(db, launch.platform, user);
  if (account.kind === 'none') return { redirect: targetPath };
  return handOff(db, launch, {
    account,
    user,
    messageType: RESOURCE_LINK_REQUEST,
    targetPath,
    settings: null,
  });
}
