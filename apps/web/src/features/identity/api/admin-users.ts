/**
 * The users and claims admin (001 §6; needs CanManageOrganization):
 * - GET    /api/v1/admin/users?q&pageToken          a page of users
 * - GET    /api/v1/admin/users/:id                  one user: roles, claim rows, claims in effect, flags
 * - PUT    /api/v1/admin/users/:id/roles/:role      grant a role; DELETE removes it
 * - POST   /api/v1/admin/users/:id/claims           grant a single claim; DELETE …/claims/:claimId removes it
 * Each mutation answers the user as it is now, which replaces the cached one.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Role } from '@portal/shared/enums';
import type { AdminUser, GrantClaimRequest } from '@portal/shared/schemas/identity';
import { apiRequest, lazySchema } from '../../../lib/api-client';

const base = '/api/v1/admin/users';
const userPath = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** Pages of users matching `q`. */
export function usersQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: ['identity-admin', 'users', q],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(base, {
        query: { q: q || undefined, pageToken: pageParam ?? undefined },
        schema: lazySchema(() => import('@portal/shared/schemas/identity'), 'AdminUsersResponseSchema'),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextPageToken,
  });
}

/**
 * Pages of users; `enabled` only while the session may manage users (after a change of session, such as
 * impersonation, a refused request would end the new session, 001 §8).
 */
export function useUsers(q: string, enabled: boolean) {
  return useInfiniteQuery({ ...usersQueryOptions(q), enabled });
}

export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['identity-admin', 'user', id],
    queryFn: ({ signal }) =>
      apiRequest(userPath(id), {
        schema: lazySchema(() => import('@portal/shared/schemas/identity'), 'AdminUserSchema'),
        signal,
      }),
  });
}

export function useUser(id: string | null, enabled: boolean) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: enabled && id !== null });
}

export type UserChange =
  | { kind: 'grantRole'; role: Role }
  | { kind: 'removeRole'; role: Role }
  | { kind: 'grantClaim'; claim: GrantClaimRequest }
  | { kind: 'removeClaim'; claimId: string };

/** Sends one change of a user's roles or claims. */
export function changeUser(id: string, change: UserChange): Promise<AdminUser> {
  switch (change.kind) {
    case 'grantRole':
      return apiRequest(`${userPath(id)}/roles/${change.role}`, {
        method: 'PUT',
        schema: lazySchema(() => import('@portal/shared/schemas/identity'), 'AdminUserSchema'),
      });
    case 'removeRole':
      return apiRequest(`${userPath(id)}/roles/${change.role}`, {
        method: 'DELETE',
        schema: lazySchema(() => import('@portal/shared/schemas/identity'), 'AdminUserSchema'),
      });
    case 'grantClaim':
      return apiRequest(`${userPath(id)}/claims`, {
        method: 'POST',
        body: change.claim,
        schema: lazySchema(() => import('@portal/shared/schemas/identity'), 'AdminUserSchema'),
      });
    case 'removeClaim':
      return apiRequest(`${userPath(id)}/claims/${encodeURIComponent(change.claimId)}`, {
        method: 'DELETE',
        schema: lazySchema(() => import('@portal/shared/schemas/identity'), 'AdminUserSchema'),
      });
  }
}

/** Changes a user; the answer replaces the cached user and the list is refetched (roles show there). */
export function useChangeUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UserChange) => changeUser(id, change),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryOptions(id).queryKey, user);
      void queryClient.invalidateQueries({ queryKey: ['identity-admin', 'users'] });
    },
  });
}
