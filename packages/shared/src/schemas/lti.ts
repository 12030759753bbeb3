/**
 * The LTI 1.3 tool (issue 26; 1EdTech LTI Core 1.3, Deep Linking 2.0): platforms (LMS registrations) an
 * admin keeps, the tool's keys, and the deep-linking picker's calls.
 *
 * Platform addresses are `https:` only. A loopback address over plain `http:` (`127.0.0.1`, `[::1]`,
 * `localhost`) passes this schema so that a test platform or a developer's LMS on the same machine can be
 * entered; the server accepts it only while `LTI_ALLOW_LOOPBACK_HTTP=true` (config.ts), so a production
 * registration is always https.
 */
import { z } from 'zod';
import { PageTokenSchema, UuidSchema, pageOf } from './common.js';

/**
 * Limits of the LTI tool (kept beside its schemas, so the app loads them only with its LTI pages):
 * platforms per admin list page; the longest field of a platform; deployment ids a platform may have; how long an OIDC login's state and nonce wait for the launch; how long a launch
 * may be handed on to the browser and answered (the deep-linking picker); the lifetime of a signed
 * deep-linking response; how long a rotated tool key still verifies (platforms cache JWKS); items one
 * deep-linking response may return; the leeway for the platform's clock.
 */
export const LTI_PLATFORMS_PAGE_SIZE_MAX = 100;
export const LTI_FIELD_MAX = 255;
export const LTI_URL_MAX = 2000;
export const LTI_DEPLOYMENT_IDS_MAX = 50;
export const LTI_LOGIN_STATE_TTL_S = 600;
export const LTI_LAUNCH_TTL_S = 3600;
export const LTI_RESPONSE_TTL_S = 300;
export const LTI_KEY_RETIRE_AFTER_S = 3 * 86_400;
export const LTI_CONTENT_ITEMS_MAX = 50;
export const LTI_CLOCK_TOLERANCE_S = 60;
/** Characters of an item's description a deep-linking content item carries as its `text`. */
export const LTI_ITEM_TEXT_MAX = 500;
/**
 * The oldest id token a launch takes (LTI Core 1.3 §5.1.3: the tool may refuse old tokens); a token
 * dated more than LTI_CLOCK_TOLERANCE_S in the future is refused too.
 */
export const LTI_ID_TOKEN_MAX_AGE_S = 600;
/**
 * How long a launch waits for its person to prove the portal account its e-mail names, and how long
 * the one-time link e-mailed for it works (issue 33).
 */
export const LTI_LINK_TTL_S = 900;
/** E-mail domains one platform may allow. */
export const LTI_EMAIL_DOMAINS_MAX = 50;
/** Fetching a platform's keys (JWKS): the longest wait, and the largest answer read. */
export const LTI_JWKS_TIMEOUT_MS = 5000;
export const LTI_JWKS_BYTES_MAX = 64 * 1024;
/**
 * The cookie that binds a login's state to the browser that started it (`<prefix><hash of the state>`),
 * `SameSite=None; Secure; Partitioned` so a framed tool keeps it where the browser allows (CHIPS).
 */
export const LTI_STATE_COOKIE_PREFIX = 'lti_state_';
/** How often a job worker deletes expired login states, nonces and launches. */
export const LTI_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** The parts of a WHATWG URL these checks read (the package's own lib names neither DOM nor Node). */
declare const URL: new (input: string) => {
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
  readonly hash: string;
};

/** The host names that count as this machine (the only ones allowed over plain http). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Whether an address is plain http to this machine (allowed only with LTI_ALLOW_LOOPBACK_HTTP). */
export function isLoopbackHttp(address: string): boolean {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

/** An https address (or loopback http, see the module comment), without credentials or a fragment. */
const PlatformUrlSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(LTI_URL_MAX)
  .refine((value) => {
    try {
      const url = new URL(value);
      const isAllowedScheme = url.protocol === 'https:' || isLoopbackHttp(value);
      return isAllowedScheme && url.username === '' && url.password === '' && url.hash === '';
    } catch {
      return false;
    }
  }, 'Enter an https:// address');

/** E-mail domains a platform speaks for, lower case, without `@` (e.g. `state.edu`). */
export const LtiEmailDomainsSchema = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .max(LTI_FIELD_MAX)
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/, 'Enter a domain such as school.edu'),
  )
  .max(LTI_EMAIL_DOMAINS_MAX)
  .refine((domains) => new Set(domains).size === domains.length, 'Each domain once');

/** A platform as an admin registers it (1EdTech LTI Core 1.3 §3.1.3 "Tool deployment"). */
export const LtiPlatformRequestSchema = z.object({
  /** A name for admins and faculty ("Canvas of State University"). */
  name: z.string().trim().min(1, 'Name is required').max(LTI_FIELD_MAX),
  /** The platform's `iss`, exactly as it signs its id tokens (Canvas: https://canvas.instructure.com). */
  issuer: PlatformUrlSchema,
  /** The client id the platform gave this tool (the `aud` of its id tokens). */
  clientId: z.string().trim().min(1, 'Client id is required').max(LTI_FIELD_MAX),
  /** The deployment ids of this tool at the platform; a launch of any other is refused. */
  deploymentIds: z
    .array(z.string().trim().min(1).max(LTI_FIELD_MAX))
    .min(1, 'Enter at least one deployment id')
    .max(LTI_DEPLOYMENT_IDS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'Each deployment id once'),
  /** The platform's OIDC authorization endpoint, where a login initiation is sent. */
  authUrl: PlatformUrlSchema,
  /** The platform's OAuth 2 token endpoint (LTI Advantage services). */
  tokenUrl: PlatformUrlSchema,
  /** Where the platform publishes its public keys (JWKS). */
  jwksUrl: PlatformUrlSchema,
  /**
   * The e-mail domains (the school's) whose people may launch the tool, lower case, without `@`; a
   * launch naming another domain is refused. Empty: any domain.
   */
  allowedEmailDomains: LtiEmailDomainsSchema.default([]),
  /** Accounts a launch makes wait for an admin to make them faculty before they may download. */
  newAccountsNeedApproval: z.boolean().default(false),
});
export type LtiPlatformRequest = z.infer<typeof LtiPlatformRequestSchema>;
export type LtiPlatformRequestInput = z.input<typeof LtiPlatformRequestSchema>;

export const LtiPlatformSchema = LtiPlatformRequestSchema.extend({
  id: UuidSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LtiPlatform = z.infer<typeof LtiPlatformSchema>;

/** The admin list of platforms, by name, paged by nextPageToken. */
export const ListLtiPlatformsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LTI_PLATFORMS_PAGE_SIZE_MAX).default(LTI_PLATFORMS_PAGE_SIZE_MAX),
  nextPageToken: PageTokenSchema.optional(),
});
export type ListLtiPlatformsQuery = z.infer<typeof ListLtiPlatformsQuerySchema>;

export const LtiPlatformPageSchema = pageOf(LtiPlatformSchema);
export type LtiPlatformPage = z.infer<typeof LtiPlatformPageSchema>;

/** A tool key as admins see it (the public half is in /.well-known/jwks.json). */
export const LtiToolKeySchema = z.object({
  kid: z.string(),
  createdAt: z.string(),
  /** When a rotated key stops verifying; null while it signs. */
  retiresAt: z.string().nullable(),
  isSigning: z.boolean(),
});
export type LtiToolKey = z.infer<typeof LtiToolKeySchema>;
export const LtiToolKeysSchema = z.object({ items: z.array(LtiToolKeySchema) });
export type LtiToolKeys = z.infer<typeof LtiToolKeysSchema>;

/** What the picker shows of a deep-linking launch (Deep Linking 2.0 §4.4.1 settings). */
export const LtiDeepLinkingLaunchSchema = z.object({
  id: UuidSchema,
  platformName: z.string(),
  /** Whether the platform takes more than one item back. */
  acceptMultiple: z.boolean(),
  /** The platform's own title for what is being chosen, when it gave one. */
  title: z.string().nullable(),
  expiresAt: z.string(),
});
export type LtiDeepLinkingLaunch = z.infer<typeof LtiDeepLinkingLaunchSchema>;

/** The items chosen in the picker, in order (ids of courseware items). */
export const LtiDeepLinkingChoiceSchema = z.object({
  contentIds: z
    .array(UuidSchema)
    .min(1, 'Choose at least one item')
    .max(LTI_CONTENT_ITEMS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'Each item once'),
});
export type LtiDeepLinkingChoice = z.infer<typeof LtiDeepLinkingChoiceSchema>;

/** Where the browser goes to hand the signed response back to the platform (a portal path). */
export const LtiDeepLinkingReturnSchema = z.object({ returnPath: z.string() });
export type LtiDeepLinkingReturn = z.infer<typeof LtiDeepLinkingReturnSchema>;

/** A platform's user linked to a portal account (issue 33), as its person and admins see it. */
export const LtiIdentitySchema = z.object({
  id: UuidSchema,
  platformName: z.string(),
  /** The platform's id of the user (`sub`). */
  subject: z.string(),
  /** The e-mail the platform sent when the link was made. */
  email: z.string().nullable(),
  linkedAt: z.string(),
  lastLaunchAt: z.string().nullable(),
});
export type LtiIdentity = z.infer<typeof LtiIdentitySchema>;
export const LtiIdentitiesSchema = z.object({ items: z.array(LtiIdentitySchema) });
export type LtiIdentities = z.infer<typeof LtiIdentitiesSchema>;
