/**
 * LMS users linked to portal accounts (issue 33):
 * - GET    /api/v1/lti/identities                                  the caller's own links
 * - DELETE /api/v1/lti/identities/{identityId}                     unlinks one of them
 * - GET    /api/v1/admin/lti/users/{accountId}/identities          an account's links (admins)
 * - DELETE /api/v1/admin/lti/users/{accountId}/identities/{id}     unlinks one (admins)
 * An unlinked LMS user must prove the account again at their next launch.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** Whose links: the caller's own (`null`), or an account's as an admin sees them. */
type Owner = string | null;

const identitiesPath = (owner: Owner) =>
  owner === null
    ? '/api/v1/lti/identities'
    : `/api/v1/admin/lti/users/${encodeURIComponent(owner)}/identities`;

const identitiesKey = (owner: Owner) => ['lti', 'identities', owner ?? 'mine'] as const;

export function ltiIdentitiesQueryOptions(owner: Owner) {
  return queryOptions({
    queryKey: identitiesKey(owner),
    queryFn: ({ signal }) =>
      apiRequest(identitiesPath(owner), {
        schema: lazySchema(() => import('@portal/shared/schemas/lti'), 'LtiIdentitiesSchema'),
        signal,
      }),
  });
}

/** The LMS links of `owner`; `enabled` only while the session may read them. */
export function useLtiIdentities(owner: Owner, enabled: boolean) {
  return useQuery({ ...ltiIdentitiesQueryOptions(owner), enabled });
}

/** Unlinks one LMS user of `owner`; the list is read again after. */
export function useUnlinkLtiIdentity(owner: Owner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identityId: string) =>
      apiRequest(`${identitiesPath(owner)}/${encodeURIComponent(identityId)}`, {
        method: 'DELETE',
        schema: lazySchema(() => import('@portal/shared/schemas/common'), 'NoContentSchema'),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identitiesKey(owner) }),
  });
}
