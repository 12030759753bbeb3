/**
 * Newsletter sign-up (001 §2 Newsletter signup, §3 Newsletter subscriber, §5), double opt-in: a sign-up
 * stores the subscriber unconfirmed and e-mails a confirmation link; the link confirms. Every newsletter
 * e-mail carries an unsubscribe link that works without signing in, once. The answer is the same whether
 * or not the address was subscribed, and a confirmed subscriber is never turned back to unconfirmed
 * (listmonk #2987: that let anyone unsubscribe an address).
 */
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { NEWSLETTER_ADMIN_PAGE_SIZE } from '@portal/shared/limits';
import type { NewsletterSignupRequestSchema } from '@portal/shared/schemas/forms';
import {
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_CSV_COLUMNS,
  NEWSLETTER_LINK_INVALID,
  NEWSLETTER_TOPICS,
  NEWSLETTER_UNSUBSCRIBE_PATH,
  type EmailFormat,
  type FormAccepted,
  type NewsletterStatus,
  type NewsletterSubscriber,
  type NewsletterSubscribersResponse,
} from '@portal/shared/schemas/forms';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { csvLines } from '../../lib/csv.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import { newSecretToken, sha256 } from '../identity/identity.service.js';
import { siteName, type SiteContext } from '../identity/index.js';
import { enqueueMail, mayMailNotice, oneLine } from '../mail/mail.service.js';
import * as repo from './forms.repository.js';
import { ACCEPTED, admitPublicForm } from './public-form.js';

const linkOf = (site: SiteContext, path: string, token: string) =>
  `${site.publicBaseUrl}${path}?token=${encodeURIComponent(token)}`;

/** The lines every newsletter e-mail ends with: the unsubscribe link, which needs no sign-in. */
export function unsubscribeFooter(site: SiteContext, unsubscribeToken: string): string[] {
  return [
    '',
    '--',
    `To stop receiving these e-mails, unsubscribe here: ${linkOf(site, NEWSLETTER_UNSUBSCRIBE_PATH, unsubscribeToken)}`,
  ];
}

/**
 * Signs up for the newsletter (double opt-in). An address gets one confirmation e-mail an hour
 * (`mayMailNotice`); a sign-up past that is answered the same and changes nothing.
 * @throws RateLimitedError (429) past the per-address limit (trap hits count)
 */
export async function signUpForNewsletter(
  db: Db,
  options: { site: SiteContext; ip: string; request: z.output<typeof NewsletterSignupRequestSchema> },
): Promise<FormAccepted> {
  const { site, request } = options;
  if (!(await admitPublicForm(db, options.ip, request))) return ACCEPTED;
  // One confirmation e-mail an hour to an address, whoever signs it up (issue 20). Past it nothing is
  // written either: a new confirmation token would void the link the address already has.
  if (!(await mayMailNotice(db, { kind: 'newsletter-confirmation', to: request.emailAddress })))
    return ACCEPTED;
  const confirmToken = newSecretToken();
  const unsubscribeToken = newSecretToken();
  await db.transaction(async (tx) => {
    const written = await repo.upsertSubscriber(tx, {
      email: request.emailAddress,
      firstName: request.firstName,
      lastName: request.lastName,
      organization: request.organization,
      jobTitle: request.jobTitle,
      emailFormat: request.emailFormat,
      topic: NEWSLETTER_TOPICS[site.brand],
      confirmTokenHash: sha256(confirmToken),
      unsubscribeTokenHash: sha256(unsubscribeToken),
    });
    // Already confirmed: nothing changes and nothing is sent; the answer stays the same.
    if (!written) return;
    const name = siteName(site);
    await enqueueMail(tx, {
      to: written.email,
      subject: `Please confirm your subscription to the ${name} newsletter`,
      text: [
        `Hello ${oneLine(request.firstName)},`,
        '',
        `Thank you for signing up for the ${name} newsletter. Please confirm your subscription by opening this link:`,
        linkOf(site, NEWSLETTER_CONFIRM_PATH, confirmToken),
        '',
        'If you did not sign up, ignore this e-mail: you will not be subscribed.',
        ...unsubscribeFooter(site, unsubscribeToken),
      ].join('\n'),
    });
  });
  return ACCEPTED;
}

const linkInvalid = () => new AppError('not_found', NEWSLETTER_LINK_INVALID);

/** Confirms a subscription by its link's token. @throws AppError not_found for an unknown or used link */
export async function confirmSubscription(db: Db, token: string): Promise<{ status: NewsletterStatus }> {
  const row = await repo.confirmByToken(db, sha256(token), new Date());
  if (!row) throw linkInvalid();
  return { status: 'confirmed' };
}

/** Unsubscribes by its link's token, once. @throws AppError not_found for an unknown or used link */
export async function unsubscribe(db: Db, token: string): Promise<{ status: NewsletterStatus }> {
  const row = await repo.unsubscribeByToken(db, sha256(token), new Date());
  if (!row) throw linkInvalid();
  return { status: 'unsubscribed' };
}

function toSubscriber(row: repo.SubscriberRow): NewsletterSubscriber {
  return {
    id: row.id,
    emailAddress: row.email,
    name: `${row.firstName} ${row.lastName}`,
    organization: row.organization,
    jobTitle: row.jobTitle,
    emailFormat: row.emailFormat as EmailFormat,
    topic: row.topic,
    status: row.status as NewsletterStatus,
    createdAt: isoTimestamp(row.createdAt),
    confirmedAt: row.confirmedAt ? isoTimestamp(row.confirmedAt) : null,
  };
}

const CursorSchema = z.object({ id: z.uuid() });

/** Subscribers for admins, newest first, NEWSLETTER_ADMIN_PAGE_SIZE a page. */
export async function listNewsletterSubscribers(
  db: Db,
  query: { status?: NewsletterStatus; pageToken?: string },
): Promise<NewsletterSubscribersResponse> {
  const afterId = decodePageToken(query.pageToken, CursorSchema)?.id;
  const rows = await repo.listSubscribers(db, {
    status: query.status,
    afterId,
    limit: NEWSLETTER_ADMIN_PAGE_SIZE + 1,
  });
  const { page, nextPageToken } = keysetPage(rows, NEWSLETTER_ADMIN_PAGE_SIZE, (last) => ({ id: last.id }));
  return { items: page.map(toSubscriber), nextPageToken };
}

/** Rows read per query while exporting. */
const EXPORT_BATCH = 1000;

/** Every subscriber (optionally of one status) as CSV with NEWSLETTER_CSV_COLUMNS, newest first. */
export async function exportNewsletterSubscribers(db: Db, status?: NewsletterStatus): Promise<string> {
  const data: string[][] = [];
  let afterId: string | undefined;
  for (;;) {
    const batch = await repo.listSubscribers(db, { status, afterId, limit: EXPORT_BATCH });
    for (const r of batch) {
      data.push([
        r.email,
        r.firstName,
        r.lastName,
        r.organization,
        r.jobTitle,
        r.emailFormat,
        r.topic,
        r.status,
        isoTimestamp(r.createdAt),
        r.confirmedAt ? isoTimestamp(r.confirmedAt) : '',
      ]);
    }
    if (batch.length < EXPORT_BATCH) break;
    afterId = batch.at(-1)!.id;
  }
  return csvLines([NEWSLETTER_CSV_COLUMNS, ...data]);
}
