/**
 * POST /api/v1/support SupportRequest → SupportResponse { recipients, isSentToSupport } (signed in;
 * 001 §7 course / organization support: both return the recipients).
 */
import { useMutation } from '@tanstack/react-query';
import type { SupportRequest } from '@portal/shared/schemas/forms';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function sendSupportRequest(body: SupportRequest) {
  return apiRequest('/api/v1/support', {
    method: 'POST',
    body,
    schema: lazySchema(() => import('@portal/shared/schemas/forms'), 'SupportResponseSchema'),
  });
}

export function useSendSupportRequest() {
  return useMutation({ mutationFn: sendSupportRequest });
}
