/**
 * GET /api/v1/auth/messages → { items: [{ id, message, link }] }: the account menu's unread messages
 * (001 §2 Header, §3 Message). POST /api/v1/auth/messages/:id/read marks one read.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { useAccessToken } from '../../../lib/session';

/** Query options of the messages of one session (the key carries the token, like the session's). */
export function messagesQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['messages', token],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/auth/messages', {
        schema: lazySchema(() => import('@portal/shared/schemas/identity'), 'AccountMessagesResponseSchema'),
        signal,
      }),
  });
}

/** The signed-in user's unread messages; none when signed out. */
export function useMessages() {
  const token = useAccessToken();
  return useQuery({ ...messagesQueryOptions(token ?? ''), enabled: token !== null });
}

/** Marks a message read and drops it from the list. */
export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/v1/auth/messages/${encodeURIComponent(id)}/read`, {
        method: 'POST',
        schema: lazySchema(() => import('@portal/shared/schemas/common'), 'NoContentSchema'),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}
