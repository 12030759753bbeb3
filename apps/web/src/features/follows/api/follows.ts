/**
 * Following courseware (issue 37 "Follow"):
 * - GET/PUT/DELETE /api/v1/content/{id}/follow   whether the caller follows an item (or its course);
 *                                                 follow it; stop following it
 * - GET /api/v1/account/follows                   what the caller follows, paged by nextPageToken
 * - GET/PUT /api/v1/account/follow-digest         how often the digest comes (daily, weekly, off)
 * - POST /api/v1/follows/unsubscribe?token=       a digest's unsubscribe link, no sign-in
 * - POST /api/v1/admin/users/{id}/follow-digest    an admin sends an account's digest now
 */
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowDigestSettings } from '@portal/shared/schemas/follows';
import { apiRequest, lazySchema } from '../../../lib/api-client';

const schemas = () => import('@portal/shared/schemas/follows');
const followPath = (contentId: string) => `/api/v1/content/${encodeURIComponent(contentId)}/follow`;
const FOLLOWS_KEY = ['follows'] as const;
const stateKey = (contentId: string) => [...FOLLOWS_KEY, 'state', contentId] as const;
const listKey = [...FOLLOWS_KEY, 'list'] as const;
const digestKey = [...FOLLOWS_KEY, 'digest'] as const;

function followStateQueryOptions(contentId: string) {
  return queryOptions({
    queryKey: stateKey(contentId),
    queryFn: ({ signal }) =>
      apiRequest(followPath(contentId), { schema: lazySchema(schemas, 'FollowStateSchema'), signal }),
  });
}

/** Whether the signed-in caller follows the item (itself or through its course); `enabled` when signed in. */
export function useFollowState(contentId: string, enabled: boolean) {
  return useQuery({ ...followStateQueryOptions(contentId), enabled });
}

/** Follows (`true`) or stops following (`false`) the item; its state and the caller's list are read again. */
export function useSetFollow(contentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      apiRequest(followPath(contentId), {
        method: follow ? 'PUT' : 'DELETE',
        schema: lazySchema(schemas, 'FollowStateSchema'),
      }),
    onSuccess: (state) => {
      queryClient.setQueryData(stateKey(contentId), state);
      void queryClient.invalidateQueries({ queryKey: FOLLOWS_KEY });
    },
  });
}

/** What the caller follows, page by page (load more with `fetchNextPage`). */
export function useFollows(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: listKey,
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/api/v1/account/follows', {
        query: { pageToken: pageParam },
        schema: lazySchema(schemas, 'FollowListSchema'),
        signal,
      }),
    getNextPageParam: (last) => last.nextPageToken,
  });
}

/** How often the caller's digest comes. */
export function useFollowDigest(enabled: boolean) {
  return useQuery({
    queryKey: digestKey,
    enabled,
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/account/follow-digest', {
        schema: lazySchema(schemas, 'FollowDigestSettingsSchema'),
        signal,
      }),
  });
}

/** Saves how often the caller's digest comes. */
export function useSetFollowDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: FollowDigestSettings) =>
      apiRequest('/api/v1/account/follow-digest', {
        method: 'PUT',
        body: settings,
        schema: lazySchema(schemas, 'FollowDigestSettingsSchema'),
      }),
    onSuccess: (settings) => queryClient.setQueryData(digestKey, settings),
  });
}

/** Stops the digests with a digest's unsubscribe token, signed in or not. */
export function useUnsubscribeFollowDigest() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/api/v1/follows/unsubscribe', {
        method: 'POST',
        query: { token },
        schema: lazySchema(schemas, 'FollowDigestSettingsSchema'),
        withToken: false,
      }),
  });
}

/**
 * Sends the account's digest now, due or not (those who manage users): resolves to what was sent
 * (FollowDigestSent: `sent`, `items`, the account's `frequency`).
 */
export function useSendDigestNow(accountId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/v1/admin/users/${encodeURIComponent(accountId)}/follow-digest`, {
        method: 'POST',
        schema: lazySchema(schemas, 'FollowDigestSentSchema'),
      }),
  });
}
