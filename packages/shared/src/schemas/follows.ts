/**
 * Following courseware (issue 37 "Follow"): a signed-in person follows an item or a whole course (and
 * everything under it); changes are gathered into a daily or weekly e-mail digest, each digest with a
 * one-click unsubscribe (RFC 8058).
 */
import { z } from 'zod';
import { FOLLOW_DIGEST_FREQUENCIES } from './follows-limits.js';
import { pageOf, TimestampSchema, UuidSchema } from './common.js';

export const FollowDigestFrequencySchema = z.enum(FOLLOW_DIGEST_FREQUENCIES, {
  message: `Choose one of: ${FOLLOW_DIGEST_FREQUENCIES.join(', ')}.`,
});

/**
 * Whether the caller follows an item (GET/PUT/DELETE /content/{id}/follow): `following` when they follow
 * it or an item above it; `via` names that ancestor (the course they follow), null when they follow the
 * item itself or nothing.
 */
export const FollowStateSchema = z.object({
  following: z.boolean(),
  via: z.object({ id: UuidSchema, name: z.string(), urlAlias: z.string() }).nullable(),
});
export type FollowState = z.infer<typeof FollowStateSchema>;

/** One followed item of the account's list (GET /account/follows). */
export const FollowedItemSchema = z.object({
  contentId: UuidSchema,
  name: z.string(),
  urlAlias: z.string(),
  followedAt: TimestampSchema,
});
export type FollowedItem = z.infer<typeof FollowedItemSchema>;

export const FollowListSchema = pageOf(FollowedItemSchema);
export type FollowList = z.infer<typeof FollowListSchema>;

/** The account's digest choice (GET/PUT /account/follow-digest). */
export const FollowDigestSettingsSchema = z.object({ frequency: FollowDigestFrequencySchema });
export type FollowDigestSettings = z.infer<typeof FollowDigestSettingsSchema>;

/**
 * What sending an account's digest now did (an admin's POST /admin/users/{id}/follow-digest): `items`
 * changed items in the e-mail sent, 0 (and `sent` false) when nothing changed since its last digest or
 * its digests are off (`frequency`).
 */
export const FollowDigestSentSchema = z.object({
  sent: z.boolean(),
  items: z.number().int().min(0),
  frequency: FollowDigestFrequencySchema,
});
export type FollowDigestSent = z.infer<typeof FollowDigestSentSchema>;

/**
 * The digest's one-click unsubscribe (POST /follows/unsubscribe?token=…, RFC 8058): the token is
 * single-purpose, naming the account whose digests stop.
 */
export const FollowUnsubscribeQuerySchema = z.object({
  token: z
    .string()
    .max(512)
    .regex(/^[A-Za-z0-9_.-]+$/, 'This unsubscribe link is not valid.'),
});
