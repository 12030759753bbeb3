/** PUT /api/v1/site/settings: switches flags (true/false) or returns them to their defaults (null). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSiteSettingsRequest } from '@portal/shared/schemas/site';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { siteSettingsQueryOptions } from './get-site-settings';

/** The mutation; on success the settings in the cache are replaced by the server's answer. */
export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSiteSettingsRequest) =>
      apiRequest('/api/v1/site/settings', {
        method: 'PUT',
        body,
        schema: lazySchema(() => import('@portal/shared/schemas/site'), 'SiteSettingsSchema'),
      }),
    onSuccess: (settings) => queryClient.setQueryData(siteSettingsQueryOptions().queryKey, settings),
  });
}
