/**
 * Business units of accounts (DESIGN.md "Organizations"; issue 13), for admins (CanManageOrganization):
 * - GET /api/v1/organizations?token              every organization, page by page
 * - GET /api/v1/admin/users/:id/organization     the account's business unit, or null
 * - PUT /api/v1/admin/users/:id/organization     set it ({ organizationId } or null)
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountOrganization, Organization } from '@portal/shared/schemas/organizations';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { fetchAllPages } from '../../../lib/fetch-all-pages';

const userPath = (id: string) => `/api/v1/admin/users/${encodeURIComponent(id)}/organization`;

/** Every organization, by name. */
export function organizationsQueryOptions() {
  return queryOptions({
    queryKey: ['organizations'],
    queryFn: ({ signal }): Promise<Organization[]> =>
      fetchAllPages(
        (token) =>
          apiRequest('/api/v1/organizations', {
            schema: lazySchema(
              () => import('@portal/shared/schemas/organizations'),
              'OrganizationPageSchema',
            ),
            query: { token },
            signal,
          }),
        (page) => page.items,
      ),
  });
}

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}

function userOrganizationQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['admin', 'users', userId, 'organization'],
    queryFn: ({ signal }) =>
      apiRequest(userPath(userId), {
        schema: lazySchema(() => import('@portal/shared/schemas/organizations'), 'AccountOrganizationSchema'),
        signal,
      }),
  });
}

/** The business unit of one account. */
export function useUserOrganization(userId: string) {
  return useQuery(userOrganizationQueryOptions(userId));
}

/** Sets the business unit of one account; the answer replaces the cached one. */
export function useSetUserOrganization(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string | null): Promise<AccountOrganization> =>
      apiRequest(userPath(userId), {
        method: 'PUT',
        body: { organizationId },
        schema: lazySchema(() => import('@portal/shared/schemas/organizations'), 'AccountOrganizationSchema'),
      }),
    onSuccess: (data) => queryClient.setQueryData(userOrganizationQueryOptions(userId).queryKey, data),
  });
}
