/**
 * GET /api/v1/admin/outbox?to&status&pageToken → outgoing e-mail, newest first (DESIGN.md: the outbox is
 * shown to admins; needs CanManageOrganization).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function outboxQueryOptions(to: string) {
  return infiniteQueryOptions({
    queryKey: ['identity-admin', 'outbox', to],
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/api/v1/admin/outbox', {
        query: { to: to || undefined, pageToken: pageParam ?? undefined },
        schema: lazySchema(() => import('@portal/shared/schemas/mail'), 'OutboxResponseSchema'),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextPageToken,
  });
}

/** The outbox; `enabled` only while the session may read it. */
export function useOutbox(to: string, enabled: boolean) {
  return useInfiniteQuery({ ...outboxQueryOptions(to), enabled });
}
