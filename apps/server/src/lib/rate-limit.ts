/**
 * Rate limits kept in the database (table `rate_limit_bucket`), so every instance behind a load balancer
 * counts the same attempts (issues 5, 9, 20). Fixed windows: once a window ends the count starts again.
 * Every per-address limit keys its client by `networkOf` (an IPv6 client by its /64), through
 * `rateLimitKey`: no limit keys a raw `request.ip`.
 */
import { eq, lte, sql } from 'drizzle-orm';
import { AppError } from '@portal/shared/errors';
import { IPV6_PREFIX_BITS } from '@portal/shared/limits';
import type { Db } from '../db/client.js';
import { rateLimitBucket } from '../db/schema/identity.js';
import { normalizeEmail } from './email-address.js';

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

/** A timestamp parameter for raw SQL, typed so both drivers agree. */
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** A refusal until `resetAt`, in whole seconds (at least one). */
export function refusal(message: string, resetAt: Date, now: Date): RateLimitedError {
  return new RateLimitedError(message, Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)));
}

/**
 * Counts an attempt under each key (in order) and refuses once any count passes its limit. A key that
 * refuses stops the counting of the keys after it, so an address already refused does not also use up
 * the account's allowance.
 * @param keys e.g. `signup:address:192.0.2.7`
 * @param cost how much this attempt counts (e.g. the number of addresses invited); default 1
 * @throws RateLimitedError (429) with the seconds until the window ends
 */
export async function hitRateLimits(
  db: Db,
  { keys, now = new Date(), cost = 1 }: { keys: readonly RateLimitKey[]; now?: Date; cost?: number },
): Promise<void> {
  for (const { key, limit, message } of keys) {
    const { count, resetAt } = await countAttempt(db, { key, limit, now, cost });
    if (count > limit.max) throw refusal(message, resetAt, now);
  }
  // Housekeeping now and then: drop windows that ended a day ago.
  if (Math.random() < 0.01) {
    await db
      .delete(rateLimitBucket)
      .where(lte(rateLimitBucket.resetAt, new Date(now.getTime() - 86_400_000)));
  }
}

/**
 * Counts an attempt under `key` and says whether it is still within the limit, without refusing: for
 * what is answered as usual past its limit but not done (e-mails to one address, repeated reports).
 */
export async function isWithinLimit(
  db: Db,
  { key, limit, now = new Date() }: { key: string; limit: RateLimit; now?: Date },
): Promise<boolean> {
  return (await countAttempt(db, { key, limit, now })).count <= limit.max;
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

/**
 * Counts `cost` under a key in its current window (a new window when the last one ended).
 * @returns the count in the current window, and when it ends
 */
export async function countAttempt(
  db: Db,
  { key, limit, now = new Date(), cost = 1 }: { key: string; limit: RateLimit; now?: Date; cost?: number },
): Promise<{ count: number; resetAt: Date }> {
  const windowEnd = new Date(now.getTime() + limit.windowMs);
  const [row] = await db
    .insert(rateLimitBucket)
    .values({ key, count: cost, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitBucket.key,
      set: {
        count: sql`case when ${rateLimitBucket.resetAt} <= ${ts(now)} then ${cost}::int else ${rateLimitBucket.count} + ${cost}::int end`,
        resetAt: sql`case when ${rateLimitBucket.resetAt} <= ${ts(now)} then ${ts(windowEnd)} else ${rateLimitBucket.resetAt} end`,
      },
    })
    .returning({ count: rateLimitBucket.count, resetAt: rateLimitBucket.resetAt });
  return { count: row!.count, resetAt: new Date(row!.resetAt) };
}

/** A key's counter, if any (its window may have ended). */
export async function findRateLimitBucket(
  db: Db,
  key: string,
): Promise<{ count: number; resetAt: Date } | undefined> {
  const [row] = await db
    .select({ count: rateLimitBucket.count, resetAt: rateLimitBucket.resetAt })
    .from(rateLimitBucket)
    .where(eq(rateLimitBucket.key, key));
  return row ? { count: row.count, resetAt: new Date(row.resetAt) } : undefined;
}

/**
 * Holds a key closed until `until` (a later time already set stays): for delays that grow, e.g. an
 * account slowed for one network after too many wrong passwords.
 */
export async function holdRateLimit(db: Db, key: string, until: Date): Promise<void> {
  await db
    .insert(rateLimitBucket)
    .values({ key, count: 1, resetAt: until })
    .onConflictDoUpdate({
      target: rateLimitBucket.key,
      set: { resetAt: sql`greatest(${rateLimitBucket.resetAt}, ${ts(until)})` },
    });
}

/** Forgets a key's count. */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitBucket).where(eq(rateLimitBucket.key, key));
}

/** Forgets every key that starts with `prefix` (e.g. an account's counts from every network). */
export async function clearRateLimitsStartingWith(db: Db, prefix: string): Promise<void> {
  await db.delete(rateLimitBucket).where(sql`starts_with(${rateLimitBucket.key}, ${prefix})`);
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

/**
 * Every key of the portal's limits, normalised: "Ada@Example.edu " and "ada@example.edu" share one
 * count, and a client address counts by its network (`networkOf`).
 */
export const rateLimitKey = {
  loginAddress: (ip: string) => `login:address:${networkOf(ip)}`,
  /** Everything counted for an account's sign-in, from every network (cleared by a password reset). */
  loginAccountPrefix: (email: string) => `login:account:${normalizeEmail(email)}:`,
  /** Wrong passwords for an account from one network. */
  loginAccountFailures: (email: string, ip: string) =>
    `${rateLimitKey.loginAccountPrefix(email)}failures:${networkOf(ip)}`,
  /** Until when an account is slowed for one network. */
  loginAccountSlowed: (email: string, ip: string) =>
    `${rateLimitKey.loginAccountPrefix(email)}slowed:${networkOf(ip)}`,
  tokenAddress: (ip: string) => `token:address:${networkOf(ip)}`,
  resetAddress: (ip: string) => `reset:address:${networkOf(ip)}`,
  resetAccount: (email: string) => `reset:account:${normalizeEmail(email)}`,
  signupAddress: (ip: string) => `signup:address:${networkOf(ip)}`,
  clientErrorAddress: (ip: string) => `client-error:address:${networkOf(ip)}`,
  publicFormAddress: (ip: string) => `form:address:${networkOf(ip)}`,
  unsafeSiteAddress: (ip: string) => `unsafe-site:address:${networkOf(ip)}`,
  /** Searches of signed-out callers from one network (issue 33). */
  searchAddress: (ip: string) => `search:address:${networkOf(ip)}`,
  /** One page reported from one network (the page as its SHA-256, so the key stays short). */
  unsafeSiteReport: (ip: string, pageSha256: string) => `unsafe-site:report:${networkOf(ip)}:${pageSha256}`,
  /** E-mails of one kind to one address, whoever asks. */
  mailRecipient: (kind: string, email: string) => `mail:${kind}:${normalizeEmail(email)}`,
  invitationAccount: (accountId: string) => `invitation:account:${accountId}`,
  feedbackAccount: (accountId: string) => `feedback:account:${accountId}`,
  supportAccount: (accountId: string) => `support:account:${accountId}`,
};
