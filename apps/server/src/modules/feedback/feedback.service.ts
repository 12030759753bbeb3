/**
 * Content feedback (000 §2 feedback dialog, §3 Feedback e-mail, §5, §7): a signed-in user's message
 * about one content item, with an optional screenshot, e-mailed to the support address through the
 * outbox (stored first, delivered by the mail worker, retried on failure).
 */
import { fileTypeFromBuffer } from 'file-type';
import { AppError, MESSAGES } from '@portal/shared/errors';
import { FEEDBACK_RATE_MAX, FEEDBACK_RATE_WINDOW_MS, SCREENSHOT_MAX_BYTES } from '@portal/shared/limits';
import type { PermissionFlags } from '@portal/shared/permissions';
import {
  SCREENSHOT_TYPE_MESSAGE,
  type ContentFeedbackRequest,
  type ContentFeedbackResponse,
} from '@portal/shared/schemas/feedback';
import type { Identity } from '@portal/shared/schemas/identity';
import type { Db } from '../../db/client.js';
import { findOpenableRef } from '../courseware/courseware.service.js';
import { hitRateLimits, rateLimitKey } from '../../lib/rate-limit.js';
import { enqueueMail, oneLine, type MailAttachment } from '../mail/mail.service.js';

/** Said when an account has sent FEEDBACK_RATE_MAX messages within the window. */
export const TOO_MUCH_FEEDBACK =
  'You have sent a lot of feedback in a short time. Please wait a while before sending more.';

/** The image types a screenshot may be, by their detected content (000 §5: jpg, jpeg, png, gif). */
const SCREENSHOT_MIME_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);

function screenshotError(code: 'invalid_input' | 'too_large', message: string): AppError {
  return new AppError(code, message, { issues: [{ field: 'body.screenshot', message }] });
}

/** A file name safe to put in a mail header: no path parts or control characters. */
function safeFileName(name: string): string {
  return name.replace(/[\\/\p{Cc}]/gu, '_');
}

/**
 * Checks a screenshot's decoded size and its bytes (not only its name) and makes the attachment.
 * @throws AppError too_large over SCREENSHOT_MAX_BYTES, invalid_input when it is not such an image
 */
async function screenshotAttachment(screenshot: NonNullable<ContentFeedbackRequest['screenshot']>) {
  const bytes = Buffer.from(screenshot.base64, 'base64');
  if (bytes.length > SCREENSHOT_MAX_BYTES) throw screenshotError('too_large', MESSAGES.uploadTooLarge);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !SCREENSHOT_MIME_TYPES.has(detected.mime)) {
    throw screenshotError('invalid_input', SCREENSHOT_TYPE_MESSAGE);
  }
  return {
    filename: safeFileName(screenshot.name),
    contentType: detected.mime,
    base64: bytes.toString('base64'),
  } satisfies MailAttachment;
}

/**
 * Queues the feedback e-mail to the support address.
 * @param options.supportEmail where feedback goes (SUPPORT_EMAIL)
 * @param options.publicBaseUrl the portal's address, for the link to the item
 * @throws AppError not_found when the caller may not see the item; too_large / invalid_input for the
 *   screenshot; RateLimitedError (429) past FEEDBACK_RATE_MAX messages per account and window
 */
export async function sendContentFeedback(
  db: Db,
  options: {
    identity: Identity;
    permissions: PermissionFlags;
    contentId: string;
    request: ContentFeedbackRequest;
    supportEmail: string;
    publicBaseUrl: string;
  },
): Promise<ContentFeedbackResponse> {
  const item = await findOpenableRef(db, options.permissions, options.contentId);
  if (!item) {
    throw new AppError('not_found', MESSAGES.contentNotFound);
  }
  const attachments = options.request.screenshot
    ? [await screenshotAttachment(options.request.screenshot)]
    : [];
  const { identity } = options;
  // Only a message that would be sent counts towards the limit.
  await hitRateLimits(db, {
    keys: [
      {
        key: rateLimitKey.feedbackAccount(identity.subject),
        limit: { max: FEEDBACK_RATE_MAX, windowMs: FEEDBACK_RATE_WINDOW_MS },
        message: TOO_MUCH_FEEDBACK,
      },
    ],
  });
  const address = `${options.publicBaseUrl}/courseware/${item.urlAlias
    .split('/')
    .map(encodeURIComponent)
    .join('/')}`;
  const text = [
    `Feedback about the courseware "${item.name}"`,
    `Address: ${address}`,
    `Content id: ${item.id}`,
    `From: ${oneLine(identity.displayName)}${identity.email ? ` <${oneLine(identity.email)}>` : ''}`,
    '',
    options.request.message,
    ...(attachments.length > 0 ? ['', `Screenshot attached: ${attachments[0]!.filename}`] : []),
  ].join('\n');
  const id = await enqueueMail(db, {
    to: options.supportEmail,
    subject: `Courseware feedback: ${item.name}`,
    text,
    attachments,
  });
  return { id };
}
