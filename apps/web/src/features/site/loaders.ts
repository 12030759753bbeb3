/**
 * Loader of home (issue 22): the recent news and upcoming events it shows (when their pages are on, 001 §9)
 * are in the query cache before the page draws, so that the server renders them and the browser hydrates
 * them, instead of fetching them after start-up and growing the page. The API modules load with the
 * loader. Never throws: a failure is left to the page's sections, which show nothing then.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isFeatureOn } from '@portal/shared/features';
import type { EnvJson } from '@portal/shared/schemas/site';

/** Loader of `/`: prefetches the sections the enabled flags of `env` show. */
export function createHomeLoader(queryClient: QueryClient, env: EnvJson) {
  return async () => {
    // Cached data serves at once (the sections refresh it themselves); only a first visit waits.
    await Promise.all([
      isFeatureOn(env.features, 'news') &&
        import('../news/api/list-news').then(({ recentNewsQueryOptions }) =>
          queryClient.ensureQueryData(recentNewsQueryOptions()),
        ),
      isFeatureOn(env.features, 'events') &&
        import('../events/api/list-events').then(({ upcomingEventsQueryOptions }) =>
          queryClient.ensureQueryData(upcomingEventsQueryOptions()),
        ),
    ]).catch(() => undefined);
    return null;
  };
}
