/**
 * Rate limits kept in the database (table `rate_limit_bucket`), so every instance behind a load balancer
 * counts the same attempts (issue 5: sign-in and reset per account and per address). Fixed windows: once
 * a window ends the count starts again, so an account slowed by someone else's guesses is open to its
 * owner again after at most one window, never locked for good.
 */
import { AppError } from '@portal/shared/errors';
import { IPV6_PREFIX_BITS } from '@portal/shared/limits';
import type { Db } from '../../db/client.js';
import {
  deleteEndedRateLimitBuckets,
  deleteRateLimitBucket,
  findRateLimitBucket,
  hitRateLimitBucket,
  normalizeEmail,
} from './identity.repository.js';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Thrown when a limit is reached; `retryAfterS` goes into the Retry-After header. */
export class RateLimitedError extends AppError {
  readonly retryAfterS: number;
  constructor(message: string, retryAfterS: number) {
    super('rate_limited', message, { retryAfterSeconds: retryAfterS });
    this.retryAfterS = retryAfterS;
  }
}

/** A limit on one key, and what a refusal says. */
export interface RateLimitKey {
  key: string;
  limit: RateLimit;
  message: string;
}

function refusal(message: string, resetAt: Date, now: Date): RateLimitedError {
  return new RateLimitedError(message, Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)));
}

/**
 * Counts an attempt under each key (in order) and refuses once any count passes its limit. A key that
 * refuses stops the counting of the keys after it, so an address already refused does not also use up
 * the account's allowance.
 * @param keys e.g. `login:account:ada@example.edu`
 * @param cost how much this attempt counts (e.g. the number of addresses invited); default 1
 * @throws RateLimitedError (429) with the seconds until the window ends
 */
export async function hitRateLimits(
  db: Db,
  keys: readonly RateLimitKey[],
  now = new Date(),
  cost = 1,
): Promise<void> {
  for (const { key, limit, message } of keys) {
    const { count, resetAt } = await countAttempt(db, key, limit, now, cost);
    if (count > limit.max) throw refusal(message, resetAt, now);
  }
  // Housekeeping now and then: drop windows that ended a day ago.
  if (Math.random() < 0.01) await deleteEndedRateLimitBuckets(db, new Date(now.getTime() - 86_400_000));
}

/**
 * Refuses when a key's count has reached its limit in the current window, without counting (for limits
 * that count only some outcomes, e.g. failed sign-ins per address).
 * @throws RateLimitedError (429)
 */
export async function checkRateLimit(db: Db, { key, limit, message }: RateLimitKey, now = new Date()) {
  const bucket = await findRateLimitBucket(db, key);
  if (bucket && bucket.resetAt > now && bucket.count >= limit.max)
    throw refusal(message, bucket.resetAt, now);
}

/** Counts `cost` under a key in its current window (a new window when the last one ended). */
export function countAttempt(
  db: Db,
  key: string,
  limit: RateLimit,
  now = new Date(),
  cost = 1,
): Promise<{ count: number; resetAt: Date }> {
  return hitRateLimitBucket(db, key, now, new Date(now.getTime() + limit.windowMs), cost);
}

/** Forgets a key's count (a successful sign-in clears its account's failures). */
export function clearRateLimit(db: Db, key: string): Promise<void> {
  return deleteRateLimitBucket(db, key);
}

/**
 * The network a client address stands for in per-address limits: an IPv4 address as it is, an IPv6
 * address by its /64 (IPV6_PREFIX_BITS; one host may hold a whole /64), an IPv4-mapped IPv6 address as
 * its IPv4 address.
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  const prefix = groups.slice(0, IPV6_PREFIX_BITS / 16).map((g) => (parseInt(g, 16) || 0).toString(16));
  return `${prefix.join(':')}::/${IPV6_PREFIX_BITS}`;
}

/** Normalised keys, so "Ada@Example.edu " and "ada@example.edu" share one count, and an IPv6 /64 one. */
export const rateLimitKey = {
  loginAddress: (ip: string) => `login:address:${networkOf(ip)}`,
  loginAccount: (email: string) => `login:account:${normalizeEmail(email)}`,
  tokenAddress: (ip: string) => `token:address:${networkOf(ip)}`,
  resetAddress: (ip: string) => `reset:address:${networkOf(ip)}`,
  resetAccount: (email: string) => `reset:account:${normalizeEmail(email)}`,
  signupAddress: (ip: string) => `signup:address:${networkOf(ip)}`,
  signupAccount: (email: string) => `signup:account:${normalizeEmail(email)}`,
  clientErrorAddress: (ip: string) => `client-error:address:${networkOf(ip)}`,
  invitationAccount: (accountId: string) => `invitation:account:${accountId}`,
  feedbackAccount: (accountId: string) => `feedback:account:${accountId}`,
  supportAccount: (accountId: string) => `support:account:${accountId}`,
};
