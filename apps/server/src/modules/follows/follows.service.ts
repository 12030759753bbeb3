/**
 * Following courseware (issue 37 "Follow"): a signed-in person follows an item or a whole course (and
 * everything under it), sees whether they follow an item (or its course), lists what they follow, and
 * chooses how often the digest of changes comes (daily, weekly or never). The digest itself is
 * follow-digest.ts; its one-click unsubscribe is `unsubscribeByToken`.
 */
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import {
  FOLLOW_DIGEST_DEFAULT,
  FOLLOW_DIGEST_PERIOD_MS,
  FOLLOWS_PAGE_SIZE,
  FOLLOWS_PER_ACCOUNT_MAX,
  type FollowDigestFrequency,
} from '@portal/shared/limits';
import type { FollowDigestSettings, FollowList, FollowState } from '@portal/shared/schemas/follows';
import type { PermissionFlags } from '@portal/shared/permissions';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import type { Signer } from '../../lib/signer.js';
import { findContentChain, findOpenableRef, findOpenableRefs } from '../courseware/courseware.service.js';
import * as repo from './follows.repository.js';

/** The caller of a follow route: signed in. */
export interface Follower {
  accountId: string;
  permissions: PermissionFlags;
}

/** The setting whose secret signs the digests' unsubscribe links. */
export const UNSUBSCRIBE_SECRET_SETTING = 'follow-unsubscribe-secret';
/** What an unsubscribe token's signature covers besides the account: its one purpose. */
const UNSUBSCRIBE_PURPOSE = 'follow-digest-unsubscribe';
export const UNSUBSCRIBE_INVALID =
  'This unsubscribe link is not valid. Sign in to change your digest on your account page.';

const notFound = () => new AppError('not_found', 'Content does not exist.');

/** When a digest of `frequency` chosen (or first due) at `now` is next due. */
export function nextDueAt(frequency: FollowDigestFrequency, now: Date): Date {
  return frequency === 'off' ? now : new Date(now.getTime() + FOLLOW_DIGEST_PERIOD_MS[frequency]);
}

/**
 * Whether the caller follows the item, itself or through an item above it.
 * @throws AppError not_found when the caller may not open the item
 */
export async function followStateOf(db: Db, follower: Follower, contentId: string): Promise<FollowState> {
  if (!(await findOpenableRef(db, follower.permissions, contentId))) throw notFound();
  const chain = await findContentChain(db, contentId);
  const followed = new Set(
    await repo.findFollowed(
      db,
      follower.accountId,
      chain.map((c) => c.id),
    ),
  );
  const nearest = chain.find((c) => followed.has(c.id));
  if (!nearest) return { following: false, via: null };
  return { following: true, via: nearest.id === contentId ? null : nearest };
}

/**
 * Follows the item (and everything under it); the first follow starts the person's digest at
 * FOLLOW_DIGEST_DEFAULT. Following again changes nothing.
 * @throws AppError not_found (may not open it), rule_broken (FOLLOWS_PER_ACCOUNT_MAX reached)
 */
export async function followItem(db: Db, follower: Follower, contentId: string): Promise<FollowState> {
  if (!(await findOpenableRef(db, follower.permissions, contentId))) throw notFound();
  await db.transaction(async (tx) => {
    if ((await repo.countFollows(tx, follower.accountId)) >= FOLLOWS_PER_ACCOUNT_MAX) {
      const already = await repo.findFollowed(tx, follower.accountId, [contentId]);
      if (already.length === 0) {
        throw new AppError(
          'rule_broken',
          `You follow ${FOLLOWS_PER_ACCOUNT_MAX} items, the most one person may: unfollow some on your account page first.`,
        );
      }
    }
    await repo.insertFollow(tx, follower.accountId, contentId);
    const now = new Date();
    await repo.insertDigestIfAbsent(tx, {
      accountId: follower.accountId,
      frequency: FOLLOW_DIGEST_DEFAULT,
      dueAt: nextDueAt(FOLLOW_DIGEST_DEFAULT, now),
    });
  });
  return followStateOf(db, follower, contentId);
}

/**
 * Stops following the item itself (a course followed above it is still followed: `via` says so).
 * @throws AppError not_found (may not open it)
 */
export async function unfollowItem(db: Db, follower: Follower, contentId: string): Promise<FollowState> {
  if (!(await findOpenableRef(db, follower.permissions, contentId))) throw notFound();
  await repo.deleteFollow(db, follower.accountId, contentId);
  return followStateOf(db, follower, contentId);
}

const CursorSchema = z.object({ t: z.string(), i: z.uuid() });

/**
 * What the caller follows, oldest first, FOLLOWS_PAGE_SIZE a page; an item the caller may no longer open
 * (unpublished, archived, under a hidden course) is left out of the page.
 */
export async function listFollowsOf(db: Db, follower: Follower, pageToken?: string): Promise<FollowList> {
  const after = decodePageToken(pageToken, CursorSchema);
  const found = await repo.listFollows(db, follower.accountId, { after, limit: FOLLOWS_PAGE_SIZE + 1 });
  const { page, nextPageToken } = keysetPage(found, FOLLOWS_PAGE_SIZE, (last) => ({
    t: isoTimestamp(last.createdAt),
    i: last.contentId,
  }));
  const refs = await findOpenableRefs(
    db,
    follower.permissions,
    page.map((row) => row.contentId),
  );
  const items: FollowList['items'] = page.flatMap((row) => {
    const ref = refs.get(row.contentId);
    return ref
      ? [
          {
            contentId: ref.id,
            name: ref.name,
            urlAlias: ref.urlAlias,
            followedAt: isoTimestamp(row.createdAt),
          },
        ]
      : [];
  });
  return { items, nextPageToken };
}

/** The caller's digest frequency (FOLLOW_DIGEST_DEFAULT until they choose or follow). */
export async function digestSettingsOf(db: Db, accountId: string): Promise<FollowDigestSettings> {
  const row = await repo.findDigest(db, accountId);
  return { frequency: (row?.frequency as FollowDigestFrequency | undefined) ?? FOLLOW_DIGEST_DEFAULT };
}

/** Sets the caller's digest frequency; the next digest is due one period from now. */
export async function setDigestSettings(
  db: Db,
  accountId: string,
  settings: FollowDigestSettings,
): Promise<FollowDigestSettings> {
  await repo.upsertDigest(db, {
    accountId,
    frequency: settings.frequency,
    dueAt: nextDueAt(settings.frequency, new Date()),
  });
  return settings;
}

/** The unsubscribe token of an account's digests: `<account id>.<HMAC of purpose and account id>`. */
export function unsubscribeTokenOf(signer: Signer, accountId: string): string {
  return `${accountId}.${signer.sign([UNSUBSCRIBE_PURPOSE, accountId])}`;
}

/**
 * One-click unsubscribe (RFC 8058), without sign-in: turns the token's account's digests off. The token
 * does nothing else (its signature covers its purpose) and may be used again (the result is the same).
 * @throws AppError invalid_input when the token is not one the portal signed
 */
export async function unsubscribeByToken(
  db: Db,
  signer: Signer,
  token: string,
): Promise<FollowDigestSettings> {
  const dot = token.indexOf('.');
  const accountId = token.slice(0, dot);
  const valid =
    dot > 0 &&
    z.uuid().safeParse(accountId).success &&
    signer.verify([UNSUBSCRIBE_PURPOSE, accountId], token.slice(dot + 1));
  if (!valid) throw new AppError('invalid_input', UNSUBSCRIBE_INVALID);
  // An account deleted since has no digest left to stop.
  if (await repo.findDigest(db, accountId)) {
    await repo.upsertDigest(db, { accountId, frequency: 'off', dueAt: new Date() });
  }
  return { frequency: 'off' };
}
