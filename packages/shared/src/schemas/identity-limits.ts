/**
 * Limits of identity (001 §9; issues 5, 9, 20): passwords, sign-in rates and slow-downs, sessions, e-mail links, user import and invitations.
 * Re-exported by `limits.ts`: import them from `@portal/shared/limits`.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const DISPLAY_NAME_MAX = 256;
/** The window of the per-address sign-in and code-exchange limits. */
export const LOGIN_RATE_WINDOW_MS = 60_000;
/**
 * FAILED sign-ins allowed per network address within LOGIN_RATE_WINDOW_MS (issue 9): a class behind one
 * school address (40 people a minute, some mistyping) signs in; guessing from one address is still
 * slowed, and each account is guarded from each network by LOGIN_ACCOUNT_FAILURES_MAX.
 */
export const LOGIN_ADDRESS_FAILURES_MAX = 30;
/**
 * Wrong passwords for one account (the address typed, known or not) from one network address within
 * LOGIN_ACCOUNT_FAILURE_WINDOW_MS before that account is slowed for that network only (issue 20: a
 * lockout only the guesser feels; its owner signing in from elsewhere is never refused).
 */
export const LOGIN_ACCOUNT_FAILURES_MAX = 10;
export const LOGIN_ACCOUNT_FAILURE_WINDOW_MS = 60 * 60_000;
/**
 * Past LOGIN_ACCOUNT_FAILURES_MAX, each further attempt from that network waits this long, doubled for
 * every further failure (or attempt while waiting), at most LOGIN_SLOWDOWN_MAX_MS.
 */
export const LOGIN_SLOWDOWN_BASE_MS = 30_000;
export const LOGIN_SLOWDOWN_MAX_MS = 15 * 60_000;
/** Sign-on code exchanges allowed per network address within LOGIN_RATE_WINDOW_MS (a class signs in). */
export const TOKEN_EXCHANGE_RATE_MAX = 120;
/** Per-address limits count an IPv6 client by its /64 network (one host holds a whole /64). */

/** Password-reset requests allowed per account and per address within RESET_RATE_WINDOW_MS. */
export const RESET_RATE_MAX = 5;
export const RESET_RATE_WINDOW_MS = 15 * 60_000;
/** Sign-ups allowed per address within SIGNUP_RATE_WINDOW_MS. */
export const SIGNUP_RATE_MAX = 10;
export const SIGNUP_RATE_WINDOW_MS = 60 * 60_000;
/**
 * Content feedback messages allowed per account within FEEDBACK_RATE_WINDOW_MS: each one is an e-mail
 * to the support address, which must not become a way to flood it.
 */
export const FEEDBACK_RATE_MAX = 10;
export const FEEDBACK_RATE_WINDOW_MS = 60 * 60_000;
/** Lifetimes of the single-use e-mail links, in seconds. */
export const VERIFY_TOKEN_TTL_S = 24 * 3600;
export const RESET_TOKEN_TTL_S = 3600;
export const INVITE_TOKEN_TTL_S = 14 * 24 * 3600;
/** Rows one user import may hold. */
export const USER_IMPORT_ROWS_MAX = 1000;
/** Addresses one course invitation may hold. */
export const INVITATION_EMAILS_MAX = 200;
/** Addresses one account may invite to courses within INVITATION_RATE_WINDOW_MS (two full classes). */
export const INVITATION_RATE_MAX = 400;
export const INVITATION_RATE_WINDOW_MS = 60 * 60_000;
/**
 * A password-reset request answers no sooner than this, whether the address has an account or not,
 * so its timing does not tell (the work for a known address stays well under it).
 */
export const RESET_REQUEST_MIN_MS = 400;
/** Users per page of the admin user list. */
export const ADMIN_USERS_PAGE_SIZE = 25;
