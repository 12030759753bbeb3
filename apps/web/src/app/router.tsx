/**
 * The route table (001 §2, 000 §2). The app shell composes the features here: each route takes its
 * loader from its feature (`features/<area>/loaders.ts`) and runs it "before entering" (the entry guard
 * on the layout, the knowledge list and the item on the courseware routes); route pages are loaded
 * lazily to keep the first download small.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  matchRoutes,
  redirect,
  useLoaderData,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { isFeatureOn, type FeatureFlag } from '@portal/shared/features';
import type { EnvJson } from '@portal/shared/schemas/site';
import { trimEndCharacters } from '@portal/shared/text';
import { CALLER_PARAMS, paths } from '../config/paths';
import { normaliseIdOrAlias } from '../features/courseware/api/get-content';
import {
  createArchivedGuard,
  createContentLoader,
  createKnowledgeLoader,
  createSearchLoader,
  findContentAddress,
} from '../features/courseware/loaders';
import { knowledgeQueryOptions } from '../features/knowledge/api/get-knowledge';
import {
  createExercisesLoader,
  createLoginLoader,
  createLogoutLoader,
  createSignupLoader,
} from '../features/identity/loaders';
import {
  ConferenceLeavingPage,
  ExercisesLeavingPage,
  SignupLeavingPage,
} from '../features/identity/pages/leave-app-pages';
import { LoginPage } from '../features/identity/pages/login-page';
import { LogoutPage } from '../features/identity/pages/logout-page';
import { hasPageAt } from '../features/pages/loaders';
import { createNewsListLoader, createNewsLoader } from '../features/news/loaders';
import { createEventLoader, createEventsListLoader } from '../features/events/loaders';
import { createHomeLoader } from '../features/site/loaders';
import { browser } from '../lib/browser';
import { createPermissionGuard } from '../lib/session';
import { ENTRY_GUARD_PARAMS, createEntryGuard, shouldRunEntryGuard } from './layout/entry-guard';
import { MainLayout } from './layout/main-layout';
import { StandaloneFrame } from './layout/navigation-aids';
import { RouteError } from './layout/route-error';
import type { ShellHandle } from './layout/site-breadcrumbs';

export interface RouteDependencies {
  queryClient: QueryClient;
  env: EnvJson;
}

/** News and event paths are theirs (001 §2): the catch-all does not look them up as content. */
function isNewsOrEventPath(path: string): boolean {
  return /^(news|events)(\/|$)/.test(path);
}

/**
 * Catch-all (001 §2): an unknown path is looked up as a content item (found: go to its courseware
 * address), then as a page by its lower-cased href (found: shown as a dynamic page); otherwise home.
 * News and event paths are not looked up (their routes come with the news pages); while those are off
 * they go home too.
 */
function createCatchAllLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const path = normaliseIdOrAlias(params['*'] ?? '');
    if (!path || isNewsOrEventPath(path)) return redirect(paths.home);
    const address = await findContentAddress(queryClient, path);
    if (address) return redirect(address);
    return (await hasPageAt(queryClient, path)) ? null : redirect(paths.home);
  };
}

/** Leaves the app for an external address (the conference site). */
function createExternalRedirect(href: string) {
  return () => {
    browser.assign(href);
    return null;
  };
}

type PageModule = () => Promise<{ Component: ComponentType }>;

/**
 * The handle of a route that the server never renders (issue 22): guarded pages, sign-in and the pages
 * that leave the app depend on who is signed in, so the server sends the app's empty page for them.
 */
const CLIENT_ONLY = { clientOnly: true } as const;

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
 * A lazily loaded route page: the export `name` of the module `load` imports, fetched when its route
 * first matches, so that only what `/` needs is in the first download.
 */
function lazyPage<K extends string>(
  load: () => Promise<Record<NoInfer<K>, ComponentType>>,
  name: K,
): PageModule {
  return async () => ({ Component: (await load())[name] });
}

/**
 * A site page that an editable page may replace (issue 11 "Demo pages"): the dynamic page at the same
 * link when one exists (seeded with the demo data, or made by an editor), shown without breadcrumbs as
 * every dynamic page; else the built-in page. The page lookup and the dynamic page load only here.
 */
function editableSitePage(queryClient: QueryClient, path: string, load: PageModule): RouteObject {
  return {
    path,
    loader: async (): Promise<ShellHandle> => ({ hidesBreadcrumbs: await hasPageAt(queryClient, path) }),
    lazy: async () => {
      const [{ Component: SitePage }, { DynamicPage }] = await Promise.all([
        load(),
        import('../features/pages/pages/dynamic-page'),
      ]);
      const href = `/${path}`;
      return {
        Component: function EditableSitePage() {
          const isDynamic = (useLoaderData() as ShellHandle).hidesBreadcrumbs === true;
          return isDynamic ? <DynamicPage href={href} /> : <SitePage />;
        },
      };
    },
  };
}

/**
 * The site's own pages (001 §1, §2), each behind its flag (a page whose flag is off has no route and
 * goes home through the catch-all). Community and the terms of use are always there: the footer links
 * them whatever the flags.
 */
function sitePages(env: EnvJson, queryClient: QueryClient): RouteObject[] {
  const on = (flag: FeatureFlag) => isFeatureOn(env.features, flag);
  const page = (path: string, load: PageModule): RouteObject => ({ path, lazy: load });
  const editable = (path: string, load: PageModule) => editableSitePage(queryClient, path, load);
  const pages = import.meta.glob<Record<string, ComponentType>>('../features/site/pages/*-page.tsx');
  const fromFile = (file: string, name: string) =>
    lazyPage(pages[`../features/site/pages/${file}.tsx`]!, name);
  const routes: RouteObject[] = [
    editable('community', fromFile('community-page', 'CommunityPage')),
    editable('terms-of-use', fromFile('terms-of-use-page', 'TermsOfUsePage')),
    page('knowledge_base', fromFile('knowledge-base-page', 'KnowledgeBasePage')),
    { path: 'community/cybered-workshops', loader: () => redirect(paths.workshops) },
    {
      path: 'admin/site-settings',
      handle: CLIENT_ONLY,
      loader: createPermissionGuard(queryClient, 'CanManageOrganization'),
      lazy: fromFile('site-settings-page', 'SiteSettingsPage'),
    },
    {
      path: 'admin/unsafe-site-incidents',
      handle: CLIENT_ONLY,
      loader: createPermissionGuard(queryClient, 'CanManageOrganization'),
      lazy: fromFile('unsafe-site-incidents-page', 'UnsafeSiteIncidentsPage'),
    },
  ];
  const gated: [FeatureFlag, RouteObject][] = [
    ['feature', editable('features', fromFile('features-page', 'FeaturesPage'))],
    ['about', editable('about', fromFile('about-page', 'AboutPage'))],
    ['team', editable('team', fromFile('team-page', 'TeamPage'))],
    ['resources', editable('resources', fromFile('resources-page', 'ResourcesPage'))],
    ['jobs', page('jobs', fromFile('jobs-page', 'JobsPage'))],
    ['pricing', { path: 'pricing', loader: () => redirect(paths.rangePricing) }],
    ['pricing', page('rangepricing', fromFile('pricing-page', 'PricingPage'))],
    ['weeklyWorkshop', editable('community/cyber-workshops', fromFile('workshops-page', 'WorkshopsPage'))],
    ['conference2018', page('conference-2018', fromFile('conference-2018-page', 'Conference2018Page'))],
    [
      'callForCourseware',
      page('call-for-courseware', fromFile('call-for-courseware-page', 'CallForCoursewarePage')),
    ],
    [
      'callForCourseware',
      page(
        'call-for-courseware/content-categories',
        fromFile('content-categories-page', 'ContentCategoriesPage'),
      ),
    ],
  ];
  for (const [flag, route] of gated) if (on(flag)) routes.push(route);
  if (!env.conferenceUrl && on('conference2018'))
    routes.push({ path: 'conference', loader: () => redirect(paths.conference2018) });
  return routes;
}

/** The page modules a first visit most often starts on; their routes and `preloadFirstPage` share them. */
const loadHomePage = () => import('../features/site/pages/home-page');
const loadCoursewareIndexPage = () => import('../features/courseware/pages/courseware-index-page');
const loadContentDetailPage = () => import('../features/courseware/pages/content-detail-page');

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

/** The LTI pages and their loader (features/lti/pages/lti-pages.tsx). */
async function loadLtiPages() {
  const { LtiPage, ltiLoader } = await import('../features/lti/pages/lti-pages');
  return { Component: LtiPage, loader: ltiLoader };
}

/** Nothing is drawn while the first loaders run: the splash of index.html covers the page. */
function HydrateFallback() {
  return null;
}

/** Builds the route objects for a browser or memory router. */
export function createRoutes({ queryClient, env }: RouteDependencies): RouteObject[] {
  const pages: RouteObject[] = [
    // Home (001 §1, flag `home`); without it the courseware page is the way in.
    isFeatureOn(env.features, 'home')
      ? { index: true, loader: createHomeLoader(queryClient, env), lazy: lazyPage(loadHomePage, 'HomePage') }
      : { index: true, loader: () => redirect(paths.courseware) },
    ...sitePages(env, queryClient),
    {
      path: 'courseware',
      loader: createKnowledgeLoader(queryClient),
      shouldRevalidate: () => false,
      children: [
        {
          // The landing page, or the create form with ?creating=1 (000 §2).
          index: true,
          loader: createSearchLoader(queryClient),
          shouldRevalidate: () => false,
          lazy: lazyPage(loadCoursewareIndexPage, 'CoursewareIndexPage'),
        },
        {
          path: '*',
          loader: createContentLoader(queryClient),
          shouldRevalidate: ({ currentParams, nextParams }) => currentParams['*'] !== nextParams['*'],
          lazy: lazyPage(loadContentDetailPage, 'ContentDetailPage'),
        },
      ],
    },
    // The coverage matrix (issue 25): public; its code loads with it.
    {
      path: 'coverage',
      lazy: lazyPage(() => import('../features/knowledge/pages/coverage-page'), 'CoveragePage'),
    },
    // Admin tables (000 §2), with the other variant's addresses.
    ...['cr-admin', 'admin'].map((path) => ({
      path,
      handle: CLIENT_ONLY,
      loader: createPermissionGuard(queryClient, 'CanUpdateContent'),
      lazy: lazyPage(() => import('../features/courseware/pages/content-admin-page'), 'ContentAdminPage'),
    })),
    ...['cr-archived-content', 'archived-content'].map((path) => ({
      path,
      handle: CLIENT_ONLY,
      loader: createArchivedGuard(queryClient),
      lazy: lazyPage(() => import('../features/courseware/pages/content-admin-page'), 'ArchivedContentPage'),
    })),
    { path: 'login', handle: CLIENT_ONLY, loader: createLoginLoader(env), Component: LoginPage },
    {
      path: 'logout',
      handle: CLIENT_ONLY,
      loader: createLogoutLoader(queryClient, env),
      Component: LogoutPage,
    },
    // The statistics dashboard (001 §2): editors only, else home; its chart library loads with it.
    ...['cr-dashboard', 'dashboard'].map((path) => ({
      path,
      handle: CLIENT_ONLY,
      loader: createPermissionGuard(queryClient, 'CanUpdateContent'),
      lazy: lazyPage(() => import('../features/statistics/pages/dashboard-page'), 'DashboardPage'),
    })),
    // Identity admin (issue 5): each screen needs its permission, else home.
    {
      path: 'admin/users',
      handle: CLIENT_ONLY,
      loader: createPermissionGuard(queryClient, 'CanManageOrganization'),
      lazy: lazyPage(() => import('../features/identity/pages/users-admin-page'), 'UsersAdminPage'),
    },
    {
      path: 'admin/user-import',
      handle: CLIENT_ONLY,
      loader: createPermissionGuard(queryClient, 'CanImportUsers'),
      lazy: lazyPage(() => import('../features/identity/pages/user-import-page'), 'UserImportPage'),
    },
    {
      path: 'admin/outbox',
      handle: CLIENT_ONLY,
      loader: createPermissionGuard(queryClient, 'CanManageOrganization'),
      lazy: lazyPage(() => import('../features/mail/pages/outbox-page'), 'OutboxPage'),
    },
    // LTI 1.3 (issue 26): the admin's platforms, a launch's sign-in hand-off and the deep-linking picker,
    // one lazily loaded module with its loader, so nothing of LTI is in the first download.
    ...['admin/lti', 'lti/*'].map((path) => ({ path, handle: CLIENT_ONLY, lazy: loadLtiPages })),
    // The signed-in person's account (issue 33): it asks to sign in when signed out, never redirects.
    {
      path: 'account',
      handle: CLIENT_ONLY,
      lazy: lazyPage(() => import('../features/identity/pages/account-page'), 'AccountPage'),
    },
    {
      path: 'invitations',
      handle: CLIENT_ONLY,
      loader: createPermissionGuard(queryClient, 'CanInviteStudents'),
      lazy: lazyPage(
        () => import('../features/identity/pages/course-invitations-page'),
        'CourseInvitationsPage',
      ),
    },
    // Add new page (001 §2): editors only, else home.
    {
      path: 'new-page',
      handle: CLIENT_ONLY,
      loader: createPermissionGuard(queryClient, 'CanUpdateContent'),
      lazy: lazyPage(() => import('../features/pages/pages/new-page-page'), 'NewPagePage'),
    },
    {
      path: '*',
      loader: createCatchAllLoader(queryClient),
      // Dynamic pages show no breadcrumbs (001 §2 Breadcrumbs).
      handle: { hidesBreadcrumbs: true } satisfies ShellHandle,
      lazy: lazyPage(() => import('../features/pages/pages/dynamic-page'), 'DynamicPage'),
    },
  ];
  // News and events (001 §2, issue 12), each behind its flag.
  if (isFeatureOn(env.features, 'news')) {
    pages.push(
      {
        path: 'news',
        loader: createNewsListLoader(queryClient),
        lazy: lazyPage(() => import('../features/news/pages/news-list-page'), 'NewsListPage'),
      },
      {
        path: 'news/:alias',
        loader: createNewsLoader(queryClient),
        lazy: lazyPage(() => import('../features/news/pages/news-detail-page'), 'NewsDetailPage'),
      },
    );
  }
  if (isFeatureOn(env.features, 'events')) {
    pages.push(
      {
        path: 'events',
        loader: createEventsListLoader(queryClient),
        lazy: lazyPage(() => import('../features/events/pages/events-list-page'), 'EventsListPage'),
      },
      {
        path: 'events/:alias',
        loader: createEventLoader(queryClient),
        lazy: lazyPage(() => import('../features/events/pages/event-detail-page'), 'EventDetailPage'),
      },
    );
  }
  // Contact and newsletter (001 §2, issue 12); /contact is the other reading of /contact-us.
  if (isFeatureOn(env.features, 'contact')) {
    pages.push(
      ...['contact-us', 'contact'].map((path) => ({
        path,
        lazy: lazyPage(() => import('../features/forms/pages/contact-page'), 'ContactPage'),
      })),
    );
  }
  pages.push(
    {
      path: 'newsletter-signup',
      lazy: lazyPage(() => import('../features/forms/pages/newsletter-signup-page'), 'NewsletterSignupPage'),
    },
    {
      path: 'newsletter/confirm',
      lazy: lazyPage(() => import('../features/forms/pages/newsletter-link-page'), 'NewsletterConfirmPage'),
    },
    {
      path: 'newsletter/unsubscribe',
      lazy: lazyPage(
        () => import('../features/forms/pages/newsletter-link-page'),
        'NewsletterUnsubscribePage',
      ),
    },
    {
      path: 'admin/newsletter',
      handle: CLIENT_ONLY,
      loader: createPermissionGuard(queryClient, 'CanManageOrganization'),
      lazy: lazyPage(
        () => import('../features/forms/pages/newsletter-subscribers-page'),
        'NewsletterSubscribersPage',
      ),
    },
  );
  return [
    {
      id: 'root',
      Component: MainLayout,
      loader: createEntryGuard(queryClient),
      shouldRevalidate: shouldRunEntryGuard,
      HydrateFallback,
      children: [{ errorElement: <RouteError />, children: pages }],
    },
    // Outside the layout (001 §2): sign-up and the exercise area leave the app, the unsafe-site warning
    // stands alone. Their frame takes the splash away, as the layout does for the other routes.
    {
      Component: StandaloneFrame,
      handle: CLIENT_ONLY,
      HydrateFallback,
      children: [
        { path: 'signup', loader: createSignupLoader(env), Component: SignupLeavingPage },
        {
          path: 'exercises',
          loader: createExercisesLoader(queryClient, env),
          Component: ExercisesLeavingPage,
        },
        {
          path: 'unsafe_site',
          lazy: lazyPage(() => import('../features/site/pages/unsafe-site-page'), 'UnsafeSitePage'),
        },
        ...(env.conferenceUrl
          ? [
              {
                path: 'conference',
                loader: createExternalRedirect(env.conferenceUrl),
                Component: ConferenceLeavingPage,
              },
            ]
          : []),
      ],
    },
  ];
}
