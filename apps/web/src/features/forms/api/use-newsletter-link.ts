/**
 * POST /api/v1/newsletter/confirm { token } and POST /api/v1/newsletter/unsubscribe { token } →
 * { status } (public; 404 when the link is unknown or was used): the two links of newsletter e-mails.
 */
import { useMutation } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export type NewsletterLinkAction = 'confirm' | 'unsubscribe';

export function useNewsletterLink(action: NewsletterLinkAction) {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(`/api/v1/newsletter/${action}`, {
        method: 'POST',
        body: { token },
        schema: lazySchema(() => import('@portal/shared/schemas/forms'), 'NewsletterTokenResponseSchema'),
        withToken: false,
      }),
  });
}
