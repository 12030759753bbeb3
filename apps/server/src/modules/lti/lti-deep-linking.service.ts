/**
 * The deep-linking picker's side of the LTI tool (Deep Linking 2.0 §4.4–4.5; issue 26): the caller's
 * open launch, the signed `LtiDeepLinkingResponse` for the items chosen (the request's `data` echoed
 * unchanged, whatever JSON it is), and the single fetch of that response by the return page.
 */
import { AppError } from '@portal/shared/errors';
import { LTI_ITEM_TEXT_MAX, LTI_RESPONSE_TTL_S } from '@portal/shared/schemas/lti';
import type { LtiDeepLinkingChoice, LtiDeepLinkingLaunch } from '@portal/shared/schemas/lti';
import type { Db } from '../../db/client.js';
import { htmlToText } from '../../lib/html.js';
import { getContent } from '../courseware/courseware.service.js';
import { newSecretToken, sha256 } from '../identity/identity.service.js';
import type { Session } from '../identity/index.js';
import * as launches from './lti-launches.repository.js';
import * as platforms from './lti-platforms.repository.js';
import { signToolJwt } from './lti-keys.service.js';
import { LtiLaunchError } from './lti-errors.js';
import {
  DEEP_LINKING_REQUEST,
  DEEP_LINKING_RESPONSE,
  LTI_CLAIM,
  LTI_PATHS,
  LTI_VERSION,
  START_AGAIN,
  hasData,
  type DeepLinkingSettings,
  type LtiContext,
} from './lti-protocol.js';

/** The caller's own deep-linking launch, still open. @throws AppError not_found otherwise */
async function ownDeepLinkingLaunch(db: Db, session: Session, launchId: string) {
  const found = await launches.findLaunch(db, launchId);
  if (
    !found ||
    found.accountId === null ||
    found.accountId !== session.accountId ||
    session.actor !== null ||
    found.messageType !== DEEP_LINKING_REQUEST ||
    found.expiresAt <= new Date() ||
    found.returnedAt !== null
  )
    throw new AppError(
      'not_found',
      'This choice of courseware has expired. Open the tool again from your course.',
    );
  const platform = await platforms.findPlatform(db, found.platformId);
  if (!platform) throw new AppError('not_found', 'The platform of this launch is no longer registered.');
  return { launch: found, platform, settings: found.settings as DeepLinkingSettings };
}

/** What the picker shows of a launch. @throws AppError not_found unless it is the caller's, open */
export async function getDeepLinkingLaunch(
  db: Db,
  session: Session,
  launchId: string,
): Promise<LtiDeepLinkingLaunch> {
  const { launch: found, platform, settings } = await ownDeepLinkingLaunch(db, session, launchId);
  return {
    id: found.id,
    platformName: platform.name,
    acceptMultiple: settings.acceptMultiple,
    title: settings.title,
    expiresAt: found.expiresAt.toISOString(),
  };
}

/** The portal address of an item, as its page is reached (its URL alias, else its id). */
function itemUrl(publicBaseUrl: string, item: { id: string; urlAlias: string | null }): string {
  const key = item.urlAlias
    ? item.urlAlias
        .split('/')
        .filter((s) => s.length > 0)
        .map(encodeURIComponent)
        .join('/')
    : item.id;
  return `${publicBaseUrl}/courseware/${key}`;
}

/**
 * Signs the `LtiDeepLinkingResponse` (Deep Linking 2.0 §4.5) for the items chosen: one `ltiResourceLink`
 * per item (title, text, its portal address), the request's `data` echoed; kept until the browser
 * fetches it once at /lti/return.
 * @returns the path of that page
 * @throws AppError not_found for a launch not the caller's or an item the caller cannot open;
 *   rule_broken when several items go to a platform that takes one
 */
export async function respondToDeepLinking(
  db: Db,
  ctx: LtiContext,
  args: { session: Session; launchId: string; choice: LtiDeepLinkingChoice },
): Promise<{ returnPath: string }> {
  const { launch: found, platform, settings } = await ownDeepLinkingLaunch(db, args.session, args.launchId);
  if (!settings.acceptMultiple && args.choice.contentIds.length > 1)
    throw new AppError('rule_broken', `${platform.name} takes one item here: choose one.`, {
      field: 'contentIds',
    });
  const items = [];
  for (const id of args.choice.contentIds) {
    const item = await getContent(db, args.session.permissions, id);
    items.push({
      type: 'ltiResourceLink',
      title: item.name,
      text: htmlToText(item.description).slice(0, LTI_ITEM_TEXT_MAX),
      url: itemUrl(ctx.publicBaseUrl, item),
    });
  }
  const jwt = await signToolJwt(
    db,
    ctx.keyring,
    {
      iss: platform.clientId,
      aud: platform.issuer,
      nonce: newSecretToken(),
      [LTI_CLAIM.messageType]: DEEP_LINKING_RESPONSE,
      [LTI_CLAIM.version]: LTI_VERSION,
      [LTI_CLAIM.deploymentId]: found.deploymentId,
      [LTI_CLAIM.contentItems]: items,
      ...(hasData(settings) ? { [LTI_CLAIM.data]: settings.data } : {}),
    },
    LTI_RESPONSE_TTL_S,
  );
  const secret = newSecretToken();
  await launches.setResponse(db, { id: found.id, responseJwt: jwt, returnHash: sha256(secret) });
  return { returnPath: `${LTI_PATHS.returnPage}?t=${secret}` };
}

/**
 * The signed response of a deep-linking launch, once.
 * @throws LtiLaunchError 400 for an unknown, fetched or expired secret
 */
export async function takeDeepLinkingResponse(
  db: Db,
  secret: string | undefined,
): Promise<{ returnUrl: string; jwt: string; platformName: string }> {
  const taken = secret ? await launches.takeResponse(db, sha256(secret), new Date()) : undefined;
  if (!taken || !taken.responseJwt)
    throw new LtiLaunchError(400, 'This choice was already sent or has expired. ' + START_AGAIN);
  const platform = await platforms.findPlatform(db, taken.platformId);
  const settings = taken.settings as DeepLinkingSettings;
  return {
    returnUrl: settings.returnUrl,
    jwt: taken.responseJwt,
    platformName: platform?.name ?? 'your course',
  };
}
