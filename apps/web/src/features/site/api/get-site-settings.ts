/** GET and PUT /api/v1/site/settings: the feature flags an admin switches (Admin › Site settings). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function siteSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['site', 'settings'],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/site/settings', {
        schema: lazySchema(() => import('@portal/shared/schemas/site'), 'SiteSettingsSchema'),
        signal,
      }),
  });
}

/** The flags with their defaults, pins and the admin's choices. */
export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}
