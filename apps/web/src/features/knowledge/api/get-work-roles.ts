/**
 * GET /api/v1/work-roles → WorkRoleList (issue 25): the 41 NICE work roles with their categories and
 * TKS counts. Asked for only when the work-role filter opens or a role is in the address, and cached for
 * the session.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkRole } from '@portal/shared/schemas/work-roles';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** Every work role; the same for everyone, so asked for without the session's token. */
export async function getWorkRoles(signal?: AbortSignal): Promise<WorkRole[]> {
  const list = await apiRequest('/api/v1/work-roles', {
    schema: lazySchema(() => import('@portal/shared/schemas/work-roles'), 'WorkRoleListSchema'),
    signal,
    withToken: false,
  });
  return list.items;
}

/** Query options of the work-role list, cached for the session. */
export function workRolesQueryOptions() {
  return queryOptions({
    queryKey: ['work-roles'],
    queryFn: ({ signal }) => getWorkRoles(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The work roles, fetched only when `isEnabled`. */
export function useWorkRoles(isEnabled: boolean) {
  return useQuery({ ...workRolesQueryOptions(), enabled: isEnabled });
}
