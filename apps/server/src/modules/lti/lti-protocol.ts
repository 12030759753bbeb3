/**
 * The words of the LTI 1.3 tool that its launch, its launch messages and its deep-linking picker share
 * (1EdTech LTI Core 1.3, Deep Linking 2.0; issue 26): the claims, the version and message types, the
 * portal's paths of the flow, the tool's configuration and the deep-linking settings a launch keeps.
 */
import type { SecretsKeyring } from '../../lib/secrets.js';

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
