/**
 * The deep-linking picker's calls (issue 26), the launching user's own launch only:
 * - GET  /api/v1/lti/deep-linking/{launchId}           → LtiDeepLinkingLaunch
 * - POST /api/v1/lti/deep-linking/{launchId}/response  LtiDeepLinkingChoice → { returnPath }
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { LtiDeepLinkingChoice } from '@portal/shared/schemas/lti';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** The launch the picker answers; 404 once it is answered, expired or not the caller's. */
export function useDeepLinkingLaunch(launchId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['lti', 'deep-linking', launchId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/lti/deep-linking/${encodeURIComponent(launchId)}`, {
        schema: lazySchema(() => import('@portal/shared/schemas/lti'), 'LtiDeepLinkingLaunchSchema'),
        signal,
      }),
    enabled,
    retry: false,
  });
}

/** Signs the response for the chosen items; resolves to the page that hands it to the platform. */
export function useRespondToDeepLinking(launchId: string) {
  return useMutation({
    mutationFn: (choice: LtiDeepLinkingChoice) =>
      apiRequest(`/api/v1/lti/deep-linking/${encodeURIComponent(launchId)}/response`, {
        method: 'POST',
        body: choice,
        schema: lazySchema(() => import('@portal/shared/schemas/lti'), 'LtiDeepLinkingReturnSchema'),
      }),
  });
}
