/**
 * POST /api/v1/contact ContactRequest → 202 { isAccepted } (001 §2 Contact page; public). The server
 * stores the request and e-mails it to the team.
 */
import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '@portal/shared/schemas/forms';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function sendContactRequest(body: ContactRequest) {
  return apiRequest('/api/v1/contact', {
    method: 'POST',
    body,
    schema: lazySchema(() => import('@portal/shared/schemas/forms'), 'FormAcceptedSchema'),
  });
}

export function useSendContactRequest() {
  return useMutation({ mutationFn: sendContactRequest });
}
