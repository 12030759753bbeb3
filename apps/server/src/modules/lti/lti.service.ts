/**
 * The LTI 1.3 tool (issue 26; 1EdTech LTI Core 1.3 §5.1 "OpenID Connect launch flow", Deep Linking 2.0):
 *
 * 1. login initiation (`/lti/login`): the platform names itself (`iss`, `client_id`); the tool keeps a
 *    single-use state and nonce and sends the browser to the platform's OIDC authorization endpoint;
 * 2. launch (`/lti/launch`): the platform posts back `id_token` and `state`; the token is verified with
 *    `jose` against the platform's JWKS (signature, `iss`, `aud`, `azp`, `exp`/`iat`, the nonce of the
 *    state, a registered deployment, the message type and version);
 * 3. hand-off: the verified launch is kept with a single-use secret; the app (`/lti/start`) makes its
 *    PKCE verifier and trades the secret at `/lti/sign-on` for the portal's ordinary sign-on code `?s=`
 *    (identity's code hand-off), landing on the picker or the linked item;
 * 4. deep linking: the picker posts the chosen items; the tool signs an `LtiDeepLinkingResponse` with its
 *    key (lti-keys.service.ts) echoing the request's `data`; the browser fetches it once at
 *    `/lti/return`, a page whose form posts `JWT` to the platform's `deep_link_return_url`.
 *
 * Every failure of steps 1–3 is an `LtiLaunchError`: a status and a message a person can act on.
 */
import crypto from 'node:crypto';
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import {
  LTI_CLOCK_TOLERANCE_S,
  LTI_ID_TOKEN_MAX_AGE_S,
  LTI_LAUNCH_TTL_S,
  LTI_LINK_TTL_S,
  LTI_LOGIN_STATE_TTL_S,
} from '@portal/shared/schemas/lti';
import { checkRedirect, withQuery } from '@portal/shared/redirects';
import { isLoopbackHttp } from '@portal/shared/schemas/lti';
import type { Db } from '../../db/client.js';
import type { SecretsKeyring } from '../../lib/secrets.js';
import { issueSsoCode, sha256, newSecretToken } from '../identity/identity.service.js';
import * as launches from './lti-launches.repository.js';
import * as platforms from './lti-platforms.repository.js';
import { LtiLaunchError } from './lti-errors.js';
import { JwksAddressRefused, platformKeys } from './lti-jwks.js';
import {
  accountOfLaunch,
  checkEmailDomain,
  type LaunchAccount,
  type LaunchingUser,
} from './lti-link.service.js';
import { continueLaunchPage } from './lti-pages.js';

export { LtiLaunchError };

/** The claims of LTI Core 1.3 §5.3–5.4 and Deep Linking 2.0 §4.4 this tool reads and writes. */
export const LTI_CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  data: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
} as const;
export const LTI_VERSION = '1.3.0';
export const DEEP_LINKING_REQUEST = 'LtiDeepLinkingRequest';
export const DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';
export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';
/** Roles (LTI Core 1.3 Appendix A) that make a user without an account a new faculty member. */
const INSTRUCTOR_ROLES = new Set([
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Faculty',
]);
/** The portal's paths of the LTI flow (lti.routes.ts and the app's /lti pages). */
export const LTI_PATHS = {
  login: '/lti/login',
  launch: '/lti/launch',
  start: '/lti/start',
  signOn: '/lti/sign-on',
  returnPage: '/lti/return',
  picker: (launchId: string) => `/lti/deep-linking/${launchId}`,
  link: '/lti/link',
} as const;

/** What the tool needs of its configuration. */
export interface LtiContext {
  publicBaseUrl: string;
  keyring: SecretsKeyring;
  allowLoopbackHttp: boolean;
}

export const START_AGAIN = 'Open the link again from your course.';

/** The request of a login initiation (LTI Core 1.3 §5.1.1.1), from the query or the form. */
export interface LoginInitiation {
  iss?: string;
  login_hint?: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  client_id?: string;
  lti_deployment_id?: string;
}

/**
 * Starts a launch: stores a single-use state and nonce for LTI_LOGIN_STATE_TTL_S seconds.
 * @returns the platform's authorization address to send the browser to (response_mode form_post back
 *   to /lti/launch), and the state, which the route binds to the browser with a cookie
 * @throws LtiLaunchError 400 for a missing parameter, an unknown issuer or client id, a deployment the
 *   platform does not have, or a target outside the portal
 */
export async function initiateLogin(
  db: Db,
  ctx: LtiContext,
  request: LoginInitiation,
): Promise<{ url: string; state: string }> {
  if (!request.iss || !request.login_hint || !request.target_link_uri)
    throw new LtiLaunchError(
      400,
      'The platform started the launch without iss, login_hint or target_link_uri. ' + START_AGAIN,
    );
  const known = await platforms.findPlatformsByIssuer(db, request.iss);
  const candidates = request.client_id ? known.filter((p) => p.clientId === request.client_id) : known;
  if (known.length === 0)
    throw new LtiLaunchError(
      400,
      `The platform ${request.iss} is not registered with this portal. Ask the portal's administrator to register it.`,
    );
  const platform = candidates.length === 1 ? candidates[0] : undefined;
  if (!platform)
    throw new LtiLaunchError(
      400,
      "This tool is not registered at the portal with the client id the platform sent. Ask the portal's administrator to check the registration.",
    );
  if (request.lti_deployment_id && !platform.deploymentIds.includes(request.lti_deployment_id))
    throw unknownDeployment();
  if (checkRedirect(request.target_link_uri, { publicBaseUrl: ctx.publicBaseUrl })?.destination !== 'portal')
    throw new LtiLaunchError(400, 'The launch asks for an address outside this portal.');
  const state = newSecretToken();
  const nonce = newSecretToken();
  const now = new Date();
  await launches.insertLoginState(db, {
    stateHash: sha256(state),
    nonce,
    platformId: platform.id,
    expiresAt: new Date(now.getTime() + LTI_LOGIN_STATE_TTL_S * 1000),
  });
  const url = new URL(platform.authUrl);
  const query: Record<string, string | undefined> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: `${ctx.publicBaseUrl}${LTI_PATHS.launch}`,
    login_hint: request.login_hint,
    lti_message_hint: request.lti_message_hint,
    state,
    nonce,
  };
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value);
  return { url: url.href, state };
}

/**
 * Deletes login states (with their nonces) and launches past their time: the tool's scheduled sweep
 * (LTI_SWEEP_INTERVAL_MS, on job workers). @returns how many of each went
 */
export function sweepExpiredLaunches(
  db: Db,
  now = new Date(),
): Promise<{ states: number; launches: number }> {
  return launches.deleteExpired(db, now);
}

const unknownDeployment = () =>
  new LtiLaunchError(
    403,
    "This deployment of the tool is not registered with the portal. Ask the portal's administrator to add its deployment id.",
  );

/** Why jose refused a token, in words for the person launching. */
function refusalOf(error: unknown): LtiLaunchError {
  if (error instanceof JwksAddressRefused)
    return new LtiLaunchError(
      401,
      `The platform's keys could not be read to check the launch: ${error.message} Ask the portal's administrator to check the registration.`,
    );
  if (error instanceof joseErrors.JWTExpired)
    return new LtiLaunchError(401, 'The launch has expired. ' + START_AGAIN);
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'aud')
      return new LtiLaunchError(
        401,
        "The launch was meant for another tool (its audience is not this tool's client id).",
      );
    if (error.claim === 'iss')
      return new LtiLaunchError(401, 'The launch was signed by another platform than the one it started at.');
    if (error.claim === 'iat' || error.claim === 'nbf')
      return new LtiLaunchError(401, "The launch is dated in the future: check the platform's clock.");
    return new LtiLaunchError(401, `The launch lacks a valid ${error.claim} claim.`);
  }
  if (
    error instanceof joseErrors.JWSSignatureVerificationFailed ||
    error instanceof joseErrors.JWKSNoMatchingKey ||
    error instanceof joseErrors.JWSInvalid ||
    error instanceof joseErrors.JWTInvalid ||
    error instanceof joseErrors.JOSEAlgNotAllowed
  )
    return new LtiLaunchError(401, "The launch's signature does not match the platform's keys.");
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JOSEError)
    return new LtiLaunchError(
      401,
      "The platform's keys could not be read to check the launch. Try again later.",
    );
  throw error;
}

/**
 * The deep-linking settings kept with a launch. `data` is whatever JSON the platform sent (Deep Linking
 * 2.0 §4.4.1: returned unchanged), present exactly when `hasData`.
 */
export interface DeepLinkingSettings {
  returnUrl: string;
  hasData: boolean;
  data: unknown;
  acceptMultiple: boolean;
  title: string | null;
  /** The account's address while the launch waits for its person to prove it (lti-link.service.ts). */
  email?: string;
}

/** Launches kept before `hasData`: a string or null `data`. */
export const hasData = (settings: DeepLinkingSettings) =>
  settings.hasData ?? (settings.data !== null && settings.data !== undefined);

const asString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Where a launch goes next: the app's hand-off page, the page that asks to prove an account, or an item
 * opened without signing in; or a page to show at once (the fallback of a launch not bound to this
 * browser).
 */
export type LaunchOutcome = { redirect: string } | { page: string };

/**
 * Verifies a launch (LTI Core 1.3 §5.1.3 "Authentication response validation") and keeps it for the
 * browser.
 * @returns the portal path to send the browser to
 * @throws LtiLaunchError 400 unknown or used state, a message type or version this tool does not take,
 *   deep-linking settings missing; 401 bad signature, wrong audience or issuer, expired, replayed nonce;
 *   403 unknown deployment, a learner without an account, an account a platform may not sign in
 */
export async function launch(
  db: Db,
  ctx: LtiContext,
  form: { id_token?: string; state?: string },
  stateCookie: string | undefined,
): Promise<LaunchOutcome> {
  if (!form.id_token || !form.state)
    throw new LtiLaunchError(400, 'The platform sent no id_token or state. ' + START_AGAIN);
  // The state is bound to the browser that started the login by a cookie where the browser keeps one;
  // one that came back with another value is someone else's launch. Without it, see continueLaunchPage.
  if (stateCookie !== undefined && stateCookie !== form.state)
    throw new LtiLaunchError(400, 'This launch was started in another browser. ' + START_AGAIN);
  const isBrowserBound = stateCookie !== undefined;
  const now = new Date();
  const state = await launches.takeLoginState(db, sha256(form.state), now);
  if (!state) throw new LtiLaunchError(400, 'This launch has expired or was already used. ' + START_AGAIN);
  const platform = await platforms.findPlatform(db, state.platformId);
  if (!platform) throw new LtiLaunchError(400, 'The platform of this launch is no longer registered.');
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(
      form.id_token,
      platformKeys(platform.jwksUrl, ctx.allowLoopbackHttp),
      {
        issuer: platform.issuer,
        audience: platform.clientId,
        algorithms: ['RS256'],
        clockTolerance: LTI_CLOCK_TOLERANCE_S,
        maxTokenAge: LTI_ID_TOKEN_MAX_AGE_S,
        requiredClaims: ['iat', 'exp', 'nonce', 'sub'],
      },
    ));
  } catch (error) {
    throw refusalOf(error);
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== platform.clientId)
    throw new LtiLaunchError(
      401,
      'The launch names several audiences but not this tool as its authorized party (azp).',
    );
  if (claims.nonce !== state.nonce)
    throw new LtiLaunchError(401, 'This launch was already used (its nonce does not match). ' + START_AGAIN);
  const deploymentId = asString(claims[LTI_CLAIM.deploymentId]);
  if (!deploymentId || !platform.deploymentIds.includes(deploymentId)) throw unknownDeployment();
  if (claims[LTI_CLAIM.version] !== LTI_VERSION)
    throw new LtiLaunchError(400, `This tool takes LTI ${LTI_VERSION} launches only.`);
  const messageType = claims[LTI_CLAIM.messageType];
  const verified = { platform, claims, deploymentId, isBrowserBound };
  if (messageType === DEEP_LINKING_REQUEST) return deepLinkingLaunch(db, ctx, verified);
  if (messageType === RESOURCE_LINK_REQUEST) return resourceLinkLaunch(db, ctx, verified);
  throw new LtiLaunchError(400, 'This tool takes resource link and deep linking launches only.');
}

/** A launch whose token was verified. */
interface VerifiedLaunch {
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
async function deepLinkingLaunch(db: Db, ctx: LtiContext, launch: VerifiedLaunch): Promise<LaunchOutcome> {
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
async function resourceLinkLaunch(db: Db, ctx: LtiContext, launch: VerifiedLaunch): Promise<LaunchOutcome> {
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

/**
 * Trades a launch's hand-off secret for the portal's sign-on code bound to the app's PKCE challenge
 * (identity's code hand-off: the app's entry guard exchanges `?s=` with its verifier).
 * @returns the portal path of the launch's target with `s`
 * @throws LtiLaunchError 400 for an unknown, used or expired hand-off or a missing challenge
 */
export async function signOnLaunch(
  db: Db,
  ctx: LtiContext,
  request: { launch?: string; code_challenge?: string; code_challenge_method?: string },
): Promise<string> {
  if (!request.launch || !request.code_challenge || request.code_challenge_method !== 'S256')
    throw new LtiLaunchError(400, 'The sign-in of this launch is incomplete. ' + START_AGAIN);
  const taken = await launches.takeHandoff(db, sha256(request.launch), new Date());
  if (!taken || !taken.accountId)
    throw new LtiLaunchError(400, 'This launch has expired or was already used. ' + START_AGAIN);
  const code = await issueSsoCode(db, {
    accountId: taken.accountId,
    audience: 'portal',
    codeChallenge: request.code_challenge,
  });
  const target = withQuery(
    checkRedirect(taken.targetPath, { publicBaseUrl: ctx.publicBaseUrl })!,
    { s: code },
    {
      publicBaseUrl: ctx.publicBaseUrl,
    },
  );
  if (!target) throw new LtiLaunchError(400, 'The launch leads outside this portal.');
  return target.href;
}

/** The origins that may frame the tool's pages: every registered platform's issuer and login page. */
export async function platformOrigins(db: Db): Promise<string[]> {
  const origins = new Set<string>();
  for (const row of await platforms.listPlatformAddresses(db)) {
    for (const address of [row.issuer, row.authUrl]) {
      try {
        origins.add(new URL(address).origin);
      } catch {
        // a stored address is always a URL (the schema), but a bad one must not break every page
      }
    }
  }
  return [...origins];
}
