/**
 * Limits of following courseware (issue 37 "Follow"): how often digests go out, how much one holds,
 * how many items one person may follow.
 */

/** How often a person's digest of followed changes goes out; `off` sends none (issue 37). */
export const FOLLOW_DIGEST_FREQUENCIES = ['daily', 'weekly', 'off'] as const;
export type FollowDigestFrequency = (typeof FOLLOW_DIGEST_FREQUENCIES)[number];
/** A new follower's digest until they choose another. */
export const FOLLOW_DIGEST_DEFAULT: FollowDigestFrequency = 'weekly';
/** Milliseconds between two digests of each frequency that sends one. */
export const FOLLOW_DIGEST_PERIOD_MS: Record<Exclude<FollowDigestFrequency, 'off'>, number> = {
  daily: 24 * 60 * 60 * 1000,
  weekly: 7 * 24 * 60 * 60 * 1000,
};
/** How often a job worker looks for digests that are due (milliseconds). */
export const FOLLOW_DIGEST_SWEEP_INTERVAL_MS = 15 * 60 * 1000;
/** Changed items listed in one digest; the rest are counted with a link to the person's follows. */
export const FOLLOW_DIGEST_ITEMS_MAX = 50;
/** Items (or courses) one person may follow. */
export const FOLLOWS_PER_ACCOUNT_MAX = 1000;
/** Follows on one page of the account's list. */
export const FOLLOWS_PAGE_SIZE = 50;
