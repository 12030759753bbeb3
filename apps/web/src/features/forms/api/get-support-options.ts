/**
 * GET /api/v1/support/options → SupportOptions (signed in; 001 §2 Support dialog): the caller's topics,
 * organizations and whether the dialog asks for an e-mail.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function supportOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['forms', 'support-options'],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/support/options', {
        schema: lazySchema(() => import('@portal/shared/schemas/forms'), 'SupportOptionsSchema'),
        signal,
      }),
  });
}

export function useSupportOptions() {
  return useQuery(supportOptionsQueryOptions());
}
