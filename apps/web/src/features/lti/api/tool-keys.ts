/**
 * The LTI tool's keys (issue 26; CanManageOrganization):
 * - GET  /api/v1/admin/lti/keys         → LtiToolKeys
 * - POST /api/v1/admin/lti/keys/rotate  → LtiToolKeys (a new signing key; the old ones verify a while)
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

const KEYS_KEY = ['lti-admin', 'keys'] as const;

/** The tool keys; `enabled` only while the session may read them. */
export function useToolKeys(enabled: boolean) {
  return useQuery({
    queryKey: KEYS_KEY,
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/admin/lti/keys', {
        schema: lazySchema(() => import('@portal/shared/schemas/lti'), 'LtiToolKeysSchema'),
        signal,
      }),
    enabled,
  });
}

/** Rotates the signing key; the answer replaces the list. */
export function useRotateToolKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/v1/admin/lti/keys/rotate', {
        method: 'POST',
        schema: lazySchema(() => import('@portal/shared/schemas/lti'), 'LtiToolKeysSchema'),
      }),
    onSuccess: (keys) => queryClient.setQueryData(KEYS_KEY, keys),
  });
}
