/**
 * POST /api/v1/content/{id}/feedback { message, screenshot? } → 202 { id } (000 §7 "send content
 * feedback e-mail"; CanSendContentFeedback). The server queues the e-mail to the support team.
 */
import type { ContentFeedbackRequest, ContentFeedbackResponse } from '@portal/shared/schemas/feedback';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function sendFeedback(
  contentId: string,
  body: ContentFeedbackRequest,
): Promise<ContentFeedbackResponse> {
  return apiRequest(`/api/v1/content/${encodeURIComponent(contentId)}/feedback`, {
    method: 'POST',
    body,
    schema: lazySchema(() => import('@portal/shared/schemas/feedback'), 'ContentFeedbackResponseSchema'),
  });
}

/** The bytes of a picked file as base64 (without the data-URL prefix). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
