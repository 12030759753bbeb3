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
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import {
  LTI_CLOCK_TOLERANCE_S,
  LTI_ID_TOKEN_MAX_AGE_S,
  LTI_LOGIN_STATE_TTL_S,
} from '@portal/shared/schemas/lti';
import { checkRedirect, withQuery } from '@portal/shared/redirects';
import type { Db } from '../../db/client.js';
import { sha256, newSecretToken } from '../identity/identity.service.js';
import { issueSsoCode } from '../identity/index.js';
import * as launches from './lti-launches.repository.js';
import * as platforms from './lti-platforms.repository.js';
import { LtiLaunchError } from './lti-errors.js';
import { JwksAddressRefused, platformKeys } from './lti-jwks.js';
import {
  asString,
  deepLinkingLaunch,
  resourceLinkLaunch,
  type LaunchOutcome,
} from './lti-launch-messages.js';
import {
  DEEP_LINKING_REQUEST,
  LTI_CLAIM,
  LTI_PATHS,
  LTI_VERSION,
  RESOURCE_LINK_REQUEST,
  START_AGAIN,
  type LtiContext,
} from './lti-protocol.js';

export { LtiLaunchError };
export * from './lti-protocol.js';
export type { LaunchOutcome };

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
