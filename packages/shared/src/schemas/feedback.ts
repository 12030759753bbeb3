/**
 * Content feedback (000 §2 feedback dialog, §3 Feedback e-mail, §5, §7 "send content feedback e-mail"):
 * a message about one content item, with an optional screenshot, e-mailed to the support team.
 */
import { z } from 'zod';
import {
  FEEDBACK_MESSAGE_MAX,
  FILE_NAME_MAX,
  SCREENSHOT_EXTENSIONS,
  SCREENSHOT_MAX_BYTES,
} from '../limits.js';
import { UuidSchema } from './common.js';

/** "Choose a .jpg, .jpeg, .png or .gif image." (000 §8: the file picker's type error). */
export const SCREENSHOT_TYPE_MESSAGE = `Choose a ${SCREENSHOT_EXTENSIONS.slice(0, -1).join(', ')} or ${SCREENSHOT_EXTENSIONS.at(-1)} image.`;
/** The hint under the picker: accepted types and the maximum size in MB (001 §5). */
export const SCREENSHOT_HINT = `Optional: ${SCREENSHOT_EXTENSIONS.join(', ')}, up to ${SCREENSHOT_MAX_BYTES / 1_000_000} MB.`;

/** True when a file name ends in one of the accepted screenshot extensions (case-insensitive). */
export function hasScreenshotExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return SCREENSHOT_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * The screenshot as sent: its file name and the bytes in base64. The size (at most 1,000,000 bytes) is
 * checked by the server on the decoded bytes (413) and by the form on the picked file.
 */
export const ScreenshotSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'The screenshot needs a file name.')
    .max(FILE_NAME_MAX, `File name may be at most ${FILE_NAME_MAX} characters.`)
    .refine(hasScreenshotExtension, SCREENSHOT_TYPE_MESSAGE),
  base64: z
    .string()
    .min(1, 'The screenshot is empty.')
    .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'Not base64 data.'),
});
export type Screenshot = z.infer<typeof ScreenshotSchema>;

/** POST /content/:id/feedback: message required, at most 1000 (000 §5); screenshot optional. */
export const ContentFeedbackRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Message is required.')
    .max(FEEDBACK_MESSAGE_MAX, `Message may be at most ${FEEDBACK_MESSAGE_MAX} characters.`),
  screenshot: ScreenshotSchema.optional(),
});
export type ContentFeedbackRequest = z.infer<typeof ContentFeedbackRequestSchema>;

/** The feedback is stored in the outbox (id) and delivered by the mail worker. */
export const ContentFeedbackResponseSchema = z.object({ id: UuidSchema });
export type ContentFeedbackResponse = z.infer<typeof ContentFeedbackResponseSchema>;
