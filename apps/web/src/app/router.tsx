/**
 * The router (001 §2, 000 §2): the route table of app/route-table.tsx under the layout (with the entry
 * guard "before entering") and the standalone frame, which pages the server renders, and the preload
 * of the first page while the site's settings are on their way.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { trimEndCharacters } from '@portal/shared/text';
import { CALLER_PARAMS, paths } from '../config/paths';
import { knowledgeQueryOptions } from '../features/knowledge/api/get-knowledge';
import { ENTRY_GUARD_PARAMS, createEntryGuard, shouldRunEntryGuard } from './layout/entry-guard';
import { MainLayout } from './layout/main-layout';
import { StandaloneFrame } from './layout/navigation-aids';
import { RouteError } from './layout/route-error';
import { CLIENT_ONLY, loadContentDetailPage, loadCoursewareIndexPage, loadHomePage } from './route-helpers';
import { layoutPages, standalonePages, type RouteDependencies } from './route-table';

export type { RouteDependencies } from './route-table';

/**
 * Whether the server renders `url` for a signed-out visitor (issue 22): not when a matched route is
 * client-only, nor when the address carries something for the entry guard (`s`, `t`, a digits-only `v`)
 * or a parameter only some roles may use (CALLER_PARAMS, issue 34: `creating`), which the browser decides
 * once it has read the session. Inputs: the route table and the page's URL.
 */
export function isServerRendered(routes: RouteObject[], url: URL): boolean {
  if ([...ENTRY_GUARD_PARAMS, ...CALLER_PARAMS].some((key) => url.searchParams.has(key))) return false;
  const matches = matchRoutes(routes, url.pathname);
  if (!matches) return false;
  return !matches.some(
    (match) => (match.route.handle as { clientOnly?: boolean } | undefined)?.clientOnly === true,
  );
}

/**
 * Starts what the first route will need while /dist/env.json is still on its way, so that the
 * downloads run side by side instead of one after the other: the page module of home, the courseware
 * landing or a courseware item, and for the courseware routes the knowledge list their loader waits
 * for (000 §2: loaded before entering). The route's `lazy` and loader later get the same module and
 * query from the caches. Other paths load as before, when their route matches. Inputs:
 * `location.pathname` and the query client the router will use. Never throws: a failed download is
 * retried and reported by the route itself.
 */
export function preloadFirstPage(pathname: string, queryClient: QueryClient): void {
  const path = trimEndCharacters(pathname, '/').toLowerCase() || paths.home;
  const isCourseware = path === paths.courseware || path.startsWith(`${paths.courseware}/`);
  let load: (() => Promise<unknown>) | undefined;
  if (path === paths.home) load = loadHomePage;
  else if (path === paths.courseware) load = loadCoursewareIndexPage;
  else if (isCourseware) load = loadContentDetailPage;
  load?.().catch(() => undefined);
  if (isCourseware) void queryClient.prefetchQuery(knowledgeQueryOptions());
}

/** Nothing is drawn while the first loaders run: the splash of index.html covers the page. */
function HydrateFallback() {
  return null;
}
/** Builds the route objects for a browser or memory router. */
export function createRoutes(dependencies: RouteDependencies): RouteObject[] {
  return [
    {
      id: 'root',
      Component: MainLayout,
      loader: createEntryGuard(dependencies.queryClient),
      shouldRevalidate: shouldRunEntryGuard,
      HydrateFallback,
      children: [{ errorElement: <RouteError />, children: layoutPages(dependencies) }],
    },
    // Outside the layout (001 §2): sign-up and the exercise area leave the app, the unsafe-site warning
    // stands alone. Their frame takes the splash away, as the layout does for the other routes.
    {
      Component: StandaloneFrame,
      handle: CLIENT_ONLY,
      HydrateFallback,
      children: standalonePages(dependencies),
    },
  ];
}
