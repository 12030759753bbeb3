/**
 * Rate limits kept in the database (table `rate_limit_bucket`), so every instance behind a load balancer
 * counts the same attempts (issue 5: sign-in and reset per account and per address). Fixed windows: once
 * a window ends the count starts again, so an account slowed by someone else's guesses is open to its
 * owner again after at most one window, never locked for good.
 */
import { AppError } from '@portal/shared/errors';
import type { Db } from '../../db/client.js';
import {
  deleteEndedRateLimitBuckets,
  deleteRateLimitBucket,
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

/**
 * Counts an attempt under each key (in order) and refuses once any count passes its limit. A key that
 * refuses stops the counting of the keys after it, so an address already refused does not also use up
 * the account's allowance.
 * @param keys e.g. `login:address:10.0.0.1`, `login:account:ada@example.edu`
 * @throws RateLimitedError (429) with the seconds until the window ends
 */
export async function hitRateLimits(
  db: Db,
  keys: readonly { key: string; limit: RateLimit; message: string }[],
  now = new Date(),
): Promise<void> {
  for (const { key, limit, message } of keys) {
    const { count, resetAt } = await hitRateLimitBucket(
      db,
      key,
      now,
      new Date(now.getTime() + limit.windowMs),
    );
    if (count > limit.max) {
      throw new RateLimitedError(message, Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)));
    }
  }
  // Housekeeping now and then: drop windows that ended a day ago.
  if (Math.random() < 0.01) await deleteEndedRateLimitBuckets(db, new Date(now.getTime() - 86_400_000));
}

/** Forgets a key's count (a successful sign-in clears its account's failures). */
export function clearRateLimit(db: Db, key: string): Promise<void> {
  return deleteRateLimitBucket(db, key);
}

/** Normalised keys, so "Ada@Example.edu " and "ada@example.edu" share one count. */
export const rateLimitKey = {
  loginAddress: (ip: string) => `login:address:${ip}`,
  loginAccount: (email: string) => `login:account:${normalizeEmail(email)}`,
  resetAddress: (ip: string) => `reset:address:${ip}`,
  resetAccount: (email: string) => `reset:account:${normalizeEmail(email)}`,
  signupAddress: (ip: string) => `signup:address:${ip}`,
  signupAccount: (email: string) => `signup:account:${normalizeEmail(email)}`,
  feedbackAccount: (accountId: string) => `feedback:account:${accountId}`,
};
