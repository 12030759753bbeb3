/**
 * The admin's LTI platforms (issue 26), each call needing CanManageOrganization:
 * - GET    /api/v1/admin/lti/platforms?limit&nextPageToken → LtiPlatformPage (by name)
 * - POST   /api/v1/admin/lti/platforms        LtiPlatformRequest → LtiPlatform
 * - PUT    /api/v1/admin/lti/platforms/{id}   LtiPlatformRequest → LtiPlatform
 * - DELETE /api/v1/admin/lti/platforms/{id}
 */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LtiPlatform, LtiPlatformRequest } from '@portal/shared/schemas/lti';
import { apiRequest, lazySchema } from '../../../lib/api-client';

const PLATFORMS_KEY = ['lti-admin', 'platforms'] as const;

export function platformsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: PLATFORMS_KEY,
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/api/v1/admin/lti/platforms', {
        query: { nextPageToken: pageParam ?? undefined },
        schema: lazySchema(() => import('@portal/shared/schemas/lti'), 'LtiPlatformPageSchema'),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextPageToken,
  });
}

/** The registered platforms, page by page; `enabled` only while the session may read them. */
export function usePlatforms(enabled: boolean) {
  return useInfiniteQuery({ ...platformsQueryOptions(), enabled });
}

/** Registers a platform (no id) or changes one; the list is read again after. */
export function useSavePlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string | null; request: LtiPlatformRequest }): Promise<LtiPlatform> =>
      apiRequest(id ? `/api/v1/admin/lti/platforms/${id}` : '/api/v1/admin/lti/platforms', {
        method: id ? 'PUT' : 'POST',
        body: request,
        schema: lazySchema(() => import('@portal/shared/schemas/lti'), 'LtiPlatformSchema'),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLATFORMS_KEY }),
  });
}

/** Removes a platform; the list is read again after. */
export function useDeletePlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/v1/admin/lti/platforms/${id}`, {
        method: 'DELETE',
        schema: lazySchema(() => import('@portal/shared/schemas/common'), 'NoContentSchema'),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLATFORMS_KEY }),
  });
}
