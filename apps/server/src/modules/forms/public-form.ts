/**
 * What the public forms (contact, newsletter) share: the per-address limit kept in the database, which
 * trap-field hits count toward too (issue 12), and the one answer every accepted submission gets.
 */
import { PUBLIC_FORM_RATE_MAX, PUBLIC_FORM_RATE_WINDOW_MS } from '@portal/shared/limits';
import { TRAP_FIELD, type FormAccepted } from '@portal/shared/schemas/forms';
import type { Db } from '../../db/client.js';
import { hitRateLimits, rateLimitKey } from '../../lib/rate-limit.js';

export const TOO_MANY_FORMS =
  'You have sent this form many times in a short time. Please wait a while before sending it again.';

export const ACCEPTED: FormAccepted = { isAccepted: true };

/**
 * Counts a submission from `ip` (by its network: an IPv6 client by its /64) and says whether it is a
 * trap hit (then nothing may be stored or sent).
 * @throws RateLimitedError (429) past PUBLIC_FORM_RATE_MAX submissions per network address and window
 */
export async function admitPublicForm(db: Db, ip: string, body: { [TRAP_FIELD]?: string }): Promise<boolean> {
  await hitRateLimits(db, {
    keys: [
      {
        key: rateLimitKey.publicFormAddress(ip),
        limit: { max: PUBLIC_FORM_RATE_MAX, windowMs: PUBLIC_FORM_RATE_WINDOW_MS },
        message: TOO_MANY_FORMS,
      },
    ],
  });
  return !body[TRAP_FIELD];
}
