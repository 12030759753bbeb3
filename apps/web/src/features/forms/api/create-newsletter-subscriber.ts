/**
 * POST /api/v1/newsletter/subscribers NewsletterSignupRequest → 202 { isAccepted } (001 §7 Newsletter
 * client; public). A confirmation e-mail follows (double opt-in).
 */
import { useMutation } from '@tanstack/react-query';
import type { NewsletterSignupRequest } from '@portal/shared/schemas/forms';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function createNewsletterSubscriber(body: NewsletterSignupRequest) {
  return apiRequest('/api/v1/newsletter/subscribers', {
    method: 'POST',
    body,
    schema: lazySchema(() => import('@portal/shared/schemas/forms'), 'FormAcceptedSchema'),
  });
}

export function useCreateNewsletterSubscriber() {
  return useMutation({ mutationFn: createNewsletterSubscriber });
}
