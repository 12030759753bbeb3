/**
 * Limits of the site's shell (001 §9): paging, tokens, layout, uploads, addresses, unsafe-site reports and browser error reports.
 * Re-exported by `limits.ts`: import them from `@portal/shared/limits`.
 */

export const NEWS_PAGE_SIZE = 10;
export const EVENTS_PAGE_SIZE = 10;
export const PAGINATION_DEBOUNCE_MS = 500;
export const ANNOUNCE_DELAY_MS = 250;
export const TOKEN_EXPIRY_SKEW_S = 30;
export const TOKEN_REFRESH_BEFORE_S = 60;
export const ACCESS_TOKEN_TTL_S = 3600;
export const SSO_CODE_TTL_S = 60;
/** PKCE code verifier length (RFC 7636 §4.1: 43 to 128 unreserved characters). */
export const PKCE_VERIFIER_MIN = 43;
export const PKCE_VERIFIER_MAX = 128;
export const MAIN_CONTENT_MAX_WIDTH_PX = 1000;
export const ACCOUNT_MENU_WIDTH_PX = 400;
/** Version of the locally stored settings; a stored copy of another version is discarded (001 §9). */
export const LOCAL_STORAGE_VERSION = '1.00';
/** Display filters (001 §9): dates are cut to 10 characters, currency has two decimals. */
export const DISPLAY_DATE_LENGTH = 10;
export const CURRENCY_DECIMALS = 2;
/** Unsafe-site incidents (001 §2 /unsafe_site): the reported address and user agent are cut to this. */
export const UNSAFE_SITE_ADDRESS_MAX = 2048;
export const UNSAFE_SITE_INCIDENTS_PAGE_SIZE = 50;
/** Reports of unsafe sites one network address may send within UNSAFE_SITE_REPORT_RATE_WINDOW_MS. */
export const UNSAFE_SITE_REPORT_RATE_MAX = 10;
export const UNSAFE_SITE_REPORT_RATE_WINDOW_MS = 60_000;
/**
 * A report of the same page from the same network address within this time is answered as usual and
 * stores nothing new (issue 20).
 */
export const UNSAFE_SITE_REPORT_REPEAT_MS = 60 * 60_000;
export const FILE_MAX_BYTES = 104_857_600;
export const IMAGE_MAX_BYTES = 1_048_576;
export const AVATAR_MAX_BYTES = 50_000;
/** Logos are held to the avatar limit (001 §5: "Logo: up to 50 KB"). */
export const LOGO_MAX_BYTES = 50_000;
export const ALT_TEXT_MAX = 1000;
export const EMAIL_MAX = 320;
/** A return address (redirect, referrer) or the address of a page, in characters. */
export const ADDRESS_MAX = 2048;
/** An error report from the browser: its code and message, in characters. */
export const CLIENT_ERROR_CODE_MAX = 64;
export const CLIENT_ERROR_MESSAGE_MAX = 2000;

export const IPV6_PREFIX_BITS = 64;
/** The longest a session lasts from its sign-in, whatever the refreshes (SESSION_MAX_AGE_DAYS default). */
export const SESSION_MAX_AGE_DAYS_DEFAULT = 14;
/** Browser error reports allowed per network address within CLIENT_ERROR_RATE_WINDOW_MS. */
export const CLIENT_ERROR_RATE_MAX = 30;
export const CLIENT_ERROR_RATE_WINDOW_MS = 60_000;
/** The most characters of a browser error report's details that reach the log. */
export const CLIENT_ERROR_DETAILS_LOG_MAX = 4000;
