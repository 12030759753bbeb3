/**
 * The digest of followed changes (issue 37 "Follow"): on a schedule, a job worker takes the digests that
 * are due and, in one pass, reads every change under every followed item since each follower's last
 * digest (one query for all of them), writes one e-mail per follower who has changes through the mail
 * queue (a few statements for all of them), and moves each digest on by its period. Every digest
 * carries RFC 8058's one-click unsubscribe (`List-Unsubscribe` and `List-Unsubscribe-Post`) and a link
 * to the account page.
 */
import { AppError } from '@portal/shared/errors';
import { FOLLOW_DIGEST_ITEMS_MAX, FOLLOW_DIGEST_PERIOD_MS } from '@portal/shared/limits';
import type { FollowDigestSent } from '@portal/shared/schemas/follows';
import { encodeSegments } from '@portal/shared/path-segments';
import type { Db } from '../../db/client.js';
import { escapeHtml } from '../../lib/html.js';
import type { Signer } from '../../lib/signer.js';
import { findChangesUnder, type ContentChangeRow } from '../courseware/courseware.service.js';
import { findAccountContacts } from '../identity/identity.service.js';
import { enqueueMails, MAILS_PER_BATCH, type OutgoingMail } from '../mail/mail.service.js';
import * as repo from './follows.repository.js';
import { digestSettingsOf, unsubscribeTokenOf } from './follows.service.js';

/** Digests taken in one pass; the sweep runs passes until none is due. */
export const DIGESTS_PER_PASS = 10_000;

/** What a field's key in a revision is called in a digest. */
const FIELD_NAMES: Record<string, string> = {
  name: 'name',
  description: 'description',
  status: 'status',
  files: 'files',
  sections: 'sections',
  knowledge: 'alignments',
  contributorIds: 'contributors',
};

export interface DigestContext {
  db: Db;
  signer: Signer;
  /** PUBLIC_BASE_URL, no trailing slash. */
  publicBaseUrl: string;
  now?: Date;
}

/** One line of a digest: an item, when it last changed and what. */
function describeChange(change: ContentChangeRow): string {
  if (change.fields.length === 0) return 'added';
  const named = [...new Set(change.fields.map((f) => FIELD_NAMES[f] ?? f))].sort();
  return `changed: ${named.join(', ')}`;
}

/** The text and HTML of one digest. */
function composeDigest(
  context: DigestContext,
  { displayName, changes, token }: { displayName: string; changes: ContentChangeRow[]; token: string },
) {
  const base = context.publicBaseUrl;
  const shown = changes.slice(0, FOLLOW_DIGEST_ITEMS_MAX);
  const more = changes.length - shown.length;
  const linkOf = (c: ContentChangeRow) => `${base}/courseware/${encodeSegments(c.urlAlias)}?history=1`;
  const unsubscribeUrl = `${base}/follows/unsubscribe?token=${encodeURIComponent(token)}`;
  const accountUrl = `${base}/account`;
  const moreLine = more > 0 ? `…and ${more} more: see what you follow on your account page.` : '';
  const text = [
    `Hello ${displayName},`,
    '',
    'Courseware you follow has changed:',
    '',
    ...shown.map((c) => `- ${c.name} (${describeChange(c)}): ${linkOf(c)}`),
    ...(moreLine ? ['', moreLine] : []),
    '',
    `Choose how often this digest comes, or stop following, on your account page: ${accountUrl}`,
    `Stop these digests: ${unsubscribeUrl}`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(displayName)},</p>`,
    '<p>Courseware you follow has changed:</p>',
    '<ul>',
    ...shown.map(
      (c) =>
        `<li><a href="${escapeHtml(linkOf(c))}">${escapeHtml(c.name)}</a> (${escapeHtml(describeChange(c))})</li>`,
    ),
    '</ul>',
    ...(moreLine ? [`<p>${escapeHtml(moreLine)}</p>`] : []),
    `<p>Choose how often this digest comes, or stop following, on <a href="${escapeHtml(accountUrl)}">your account page</a>.`,
    ` <a href="${escapeHtml(unsubscribeUrl)}">Stop these digests</a>.</p>`,
  ].join('\n');
  return { text, html };
}

/**
 * Sends the digests due at `now`, DIGESTS_PER_PASS at most, in one transaction: the due rows are locked
 * (another worker's pass skips them), the changes of all their follows read in one query, one e-mail
 * queued per follower with changes, every taken digest moved on by its period.
 * @param accountId only this account's digest, due or not (an admin's "send now")
 * @returns how many digests were taken, how many e-mails queued and the changed items they name
 */
export async function sendDueDigests(
  context: DigestContext,
  accountId?: string,
): Promise<{ taken: number; sent: number; items: number }> {
  const now = context.now ?? new Date();
  return context.db.transaction(async (tx) => {
    const { due, follows } = await repo.claimDueDigests(tx, now, DIGESTS_PER_PASS, accountId);
    if (due.length === 0) return { taken: 0, sent: 0, items: 0 };
    const sentThrough = new Map(due.map((d) => [d.accountId, d.sentThrough]));
    // One root per distinct (item, since): followers of a course since the same digest share it.
    const roots = new Map<string, { contentId: string; since: Date; accounts: string[] }>();
    for (const f of follows) {
      const digestFrom = sentThrough.get(f.accountId)!;
      const since = f.createdAt > digestFrom ? f.createdAt : digestFrom;
      const key = `${f.contentId}@${since.toISOString()}`;
      const root = roots.get(key) ?? { contentId: f.contentId, since, accounts: [] };
      root.accounts.push(f.accountId);
      roots.set(key, root);
    }
    const rootList = [...roots.values()];
    const changes = await findChangesUnder(tx, rootList);
    const byAccount = new Map<string, Map<string, ContentChangeRow>>();
    for (const change of changes) {
      const root = rootList[change.rootIndex]!;
      for (const accountId of root.accounts) {
        const items = byAccount.get(accountId) ?? new Map<string, ContentChangeRow>();
        const seen = items.get(change.contentId);
        if (!seen || seen.changedAt < change.changedAt) {
          items.set(
            change.contentId,
            seen ? { ...change, fields: [...seen.fields, ...change.fields] } : change,
          );
        }
        byAccount.set(accountId, items);
      }
    }
    const contacts = await findAccountContacts(tx, [...byAccount.keys()]);
    let itemsSent = 0;
    const mails: OutgoingMail[] = [];
    for (const contact of contacts) {
      const items = [...byAccount.get(contact.id)!.values()].sort(
        (a, b) => b.changedAt.getTime() - a.changedAt.getTime() || a.name.localeCompare(b.name),
      );
      const token = unsubscribeTokenOf(context.signer, contact.id);
      const { text, html } = composeDigest(context, {
        displayName: contact.displayName,
        changes: items,
        token,
      });
      itemsSent += items.length;
      mails.push({
        to: contact.email,
        subject: `Courseware you follow: ${items.length} ${items.length === 1 ? 'item' : 'items'} changed`,
        text,
        html,
        headers: {
          'List-Unsubscribe': `<${context.publicBaseUrl}/api/v1/follows/unsubscribe?token=${encodeURIComponent(token)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      if (mails.length === MAILS_PER_BATCH) await enqueueMails(tx, mails.splice(0));
    }
    await enqueueMails(tx, mails);
    await repo.markDigestsSent(
      tx,
      due.map((d) => d.accountId),
      { through: now, periodsMs: FOLLOW_DIGEST_PERIOD_MS },
    );
    return { taken: due.length, sent: contacts.length, items: itemsSent };
  });
}

/**
 * Sends `accountId`'s digest now, due or not (an admin's "send now", for a person who asks where their
 * digest is): the changes since its last one, and its next one a period later. Nothing is sent when
 * nothing changed or the account's digests are off.
 * @throws AppError not_found when there is no such account
 */
export async function sendDigestNow(context: DigestContext, accountId: string): Promise<FollowDigestSent> {
  const [contact] = await findAccountContacts(context.db, [accountId]);
  if (!contact) throw new AppError('not_found', 'There is no such user.');
  const pass = await sendDueDigests(context, accountId);
  const { frequency } = await digestSettingsOf(context.db, accountId);
  return { sent: pass.sent > 0, items: pass.items, frequency };
}

/** Runs passes of `sendDueDigests` until no digest is due. */
export async function sweepDigests(context: DigestContext): Promise<number> {
  let sent = 0;
  for (;;) {
    const pass = await sendDueDigests(context);
    sent += pass.sent;
    if (pass.taken < DIGESTS_PER_PASS) return sent;
  }
}
