/**
 * The route table's data (001 §2, 000 §2): the route objects of the pages inside the layout and of
 * those outside it, each with its loader from its feature (`features/<area>/loaders.ts`), run "before
 * entering", and its page loaded lazily to keep the first download small (the pieces: route-helpers.tsx).
 * app/router.tsx puts them under the layout and the standalone frame.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { isFeatureOn, type FeatureFlag } from '@portal/shared/features';
import type { EnvJson } from '@portal/shared/schemas/site';
import { paths } from '../config/paths';
import {
  createArchivedGuard,
  createContentLoader,
  createKnowledgeLoader,
  createSearchLoader,
} from '../features/courseware/loaders';
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
import { createNewsListLoader, createNewsLoader } from '../features/news/loaders';
import { createEventLoader, createEventsListLoader } from '../features/events/loaders';
import { createHomeLoader } from '../features/site/loaders';
import { createPermissionGuard } from '../lib/session';
import type { ShellHandle } from './layout/site-breadcrumbs';
import {
  CLIENT_ONLY,
  createCatchAllLoader,
  createExternalRedirect,
  editableSitePage,
  lazyPage,
  loadContentDetailPage,
  loadCoursewareIndexPage,
  loadHomePage,
  loadLtiPages,
  type PageModule,
} from './route-helpers';

/** What the routes' loaders use: the query client the router shares, and the site's settings. */
export interface RouteDependencies {
  queryClient: QueryClient;
  env: EnvJson;
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

/**
 * The routes inside the layout (001 §2): home, the site pages, courseware, the admin screens, news,
 * events and the forms, and the catch-all; built for a browser or memory router.
 */
export function layoutPages({ queryClient, env }: RouteDependencies): RouteObject[] {
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
    // Importing courseware by the course (issue 38): the upload and recent imports at /cr-import, one
    // import at /cr-import/{id}; editors only, else home. One route and one chunk for both pages.
    {
      path: 'cr-import/*',
      handle: CLIENT_ONLY,
      loader: createPermissionGuard(queryClient, 'CanUpdateContent'),
      lazy: lazyPage(() => import('../features/imports/pages/course-import-pages'), 'CourseImportPages'),
    },
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
      lazy: lazyPage(() => import('./account-pages'), 'AccountPage'),
    },
    // My downloads (issue 37): faculty and up (CanViewFiles), else home.
    {
      path: 'account/downloads',
      handle: CLIENT_ONLY,
      loader: createPermissionGuard(queryClient, 'CanViewFiles'),
      lazy: lazyPage(() => import('./account-pages'), 'MyDownloadsPage'),
    },
    // A digest's "Stop these digests" link (issue 37): no sign-in; the press of a button stops them.
    {
      path: 'follows/unsubscribe',
      handle: CLIENT_ONLY,
      lazy: lazyPage(
        () => import('../features/follows/pages/follow-unsubscribe-page'),
        'FollowUnsubscribePage',
      ),
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
  return pages;
}

/**
 * The routes outside the layout (001 §2): sign-up and the exercise area leave the app, the unsafe-site
 * warning stands alone, and the conference site when one is configured.
 */
export function standalonePages({ queryClient, env }: RouteDependencies): RouteObject[] {
  return [
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
  ];
}
