/**
 * The route table (001 §2, 000 §2). The app shell composes the features here: loaders run "before
 * entering" (the entry guard on the layout, the knowledge list on the courseware routes), and route
 * pages are loaded lazily to keep the first download small.
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isFeatureOn, type EnvJson } from '@portal/shared/schemas/site';
import { paths } from '../config/paths';
import { contentQueryOptions, normaliseIdOrAlias } from '../features/courseware/api/get-content';
import { knowledgeQueryOptions } from '../features/courseware/api/get-knowledge';
import {
  ExercisesLeavingPage,
  SignupLeavingPage,
  createExercisesLoader,
  createSignupLoader,
} from '../features/identity/pages/leave-app-pages';
import { LoginPage, createLoginLoader } from '../features/identity/pages/login-page';
import { createLogoutLoader } from '../features/identity/pages/logout-page';
import { createPermissionGuard } from '../lib/session';
import { createEntryGuard, shouldRunEntryGuard } from './layout/entry-guard';
import { MainLayout } from './layout/main-layout';
import { RouteError } from './layout/route-error';

export interface RouteDependencies {
  queryClient: QueryClient;
  env: EnvJson;
}

/**
 * Loader of the courseware routes: the knowledge list is loaded before entering (000 §2) and cached
 * for the session. A failure is reported by the query cache and the page still opens.
 */
function createKnowledgeLoader(queryClient: QueryClient) {
  return async () => {
    try {
      await queryClient.ensureQueryData(knowledgeQueryOptions());
    } catch {
      // Reported; the filters simply have no knowledge items.
    }
    return null;
  };
}

/** Starts loading the content item while the page code loads; the page shows a skeleton meanwhile. */
function createContentPrefetch(queryClient: QueryClient) {
  return ({ params }: LoaderFunctionArgs) => {
    const idOrAlias = normaliseIdOrAlias(params['*'] ?? '');
    if (idOrAlias) void queryClient.prefetchQuery(contentQueryOptions(idOrAlias));
    return null;
  };
}

/**
 * Catch-all (001 §2): an unknown path is looked up as a content item; if found, go to its courseware
 * address, otherwise home (the courseware page for now).
 */
function createCatchAllLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const path = normaliseIdOrAlias(params['*'] ?? '');
    if (!path) return redirect(paths.courseware);
    try {
      const content = await queryClient.fetchQuery(contentQueryOptions(path));
      queryClient.setQueryData(contentQueryOptions(content.urlAlias || content.id).queryKey, content);
      return redirect(paths.content(content.urlAlias || content.id));
    } catch {
      return redirect(paths.courseware);
    }
  };
}

/** Nothing is drawn while the first loaders run: the splash of index.html covers the page. */
function HydrateFallback() {
  return null;
}

/** Builds the route objects for a browser or memory router. */
export function createRoutes({ queryClient, env }: RouteDependencies): RouteObject[] {
  const pages: RouteObject[] = [
    // No home page yet: the courseware page is home.
    { index: true, loader: () => redirect(paths.courseware) },
    {
      path: 'courseware',
      loader: createKnowledgeLoader(queryClient),
      shouldRevalidate: () => false,
      children: [
        {
          // The landing page, or the create form with ?creating=1 (000 §2).
          index: true,
          lazy: async () => ({
            Component: (await import('../features/courseware/pages/courseware-index-page'))
              .CoursewareIndexPage,
          }),
        },
        {
          path: '*',
          loader: createContentPrefetch(queryClient),
          shouldRevalidate: ({ currentParams, nextParams }) => currentParams['*'] !== nextParams['*'],
          lazy: async () => ({
            Component: (await import('../features/courseware/pages/content-detail-page')).ContentDetailPage,
          }),
        },
      ],
    },
    // Admin tables (000 §2), with the other variant's addresses.
    ...['cr-admin', 'admin'].map((path) => ({
      path,
      lazy: async () => ({
        Component: (await import('../features/admin/pages/content-admin-page')).ContentAdminPage,
      }),
    })),
    ...['cr-archived-content', 'archived-content'].map((path) => ({
      path,
      lazy: async () => ({
        Component: (await import('../features/admin/pages/content-admin-page')).ArchivedContentPage,
      }),
    })),
    { path: 'login', loader: createLoginLoader(env), Component: LoginPage },
    { path: 'logout', loader: createLogoutLoader(queryClient, env) },
    // Identity admin (issue 5): each screen needs its permission, else home.
    {
      path: 'admin/users',
      loader: createPermissionGuard(queryClient, 'CanManageOrganization'),
      lazy: async () => ({
        Component: (await import('../features/identity/pages/users-admin-page')).UsersAdminPage,
      }),
    },
    {
      path: 'admin/user-import',
      loader: createPermissionGuard(queryClient, 'CanImportUsers'),
      lazy: async () => ({
        Component: (await import('../features/identity/pages/user-import-page')).UserImportPage,
      }),
    },
    {
      path: 'admin/outbox',
      loader: createPermissionGuard(queryClient, 'CanManageOrganization'),
      lazy: async () => ({
        Component: (await import('../features/identity/pages/outbox-page')).OutboxPage,
      }),
    },
    {
      path: 'invitations',
      loader: createPermissionGuard(queryClient, 'CanInviteStudents'),
      lazy: async () => ({
        Component: (await import('../features/identity/pages/course-invitations-page')).CourseInvitationsPage,
      }),
    },
    { path: '*', loader: createCatchAllLoader(queryClient) },
  ];
  if (isFeatureOn(env.features, 'callForCourseware')) {
    pages.push({
      path: 'call-for-courseware',
      lazy: async () => ({
        Component: (await import('../features/site/pages/call-for-courseware-page')).CallForCoursewarePage,
      }),
    });
  }
  // News and events (001 §2, issue 12), each behind its flag.
  if (isFeatureOn(env.features, 'news')) {
    pages.push(
      {
        path: 'news',
        lazy: async () => ({
          Component: (await import('../features/news/pages/news-list-page')).NewsListPage,
        }),
      },
      {
        path: 'news/:alias',
        lazy: async () => ({
          Component: (await import('../features/news/pages/news-detail-page')).NewsDetailPage,
        }),
      },
    );
  }
  if (isFeatureOn(env.features, 'events')) {
    pages.push(
      {
        path: 'events',
        lazy: async () => ({
          Component: (await import('../features/events/pages/events-list-page')).EventsListPage,
        }),
      },
      {
        path: 'events/:alias',
        lazy: async () => ({
          Component: (await import('../features/events/pages/event-detail-page')).EventDetailPage,
        }),
      },
    );
  }
  // Contact and newsletter (001 §2, issue 12); /contact is the other reading of /contact-us.
  if (isFeatureOn(env.features, 'contact')) {
    pages.push(
      ...['contact-us', 'contact'].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import('../features/forms/pages/contact-page')).ContactPage,
        }),
      })),
    );
  }
  pages.push(
    {
      path: 'newsletter-signup',
      lazy: async () => ({
        Component: (await import('../features/forms/pages/newsletter-signup-page')).NewsletterSignupPage,
      }),
    },
    {
      path: 'newsletter/confirm',
      lazy: async () => ({
        Component: (await import('../features/forms/pages/newsletter-link-page')).NewsletterConfirmPage,
      }),
    },
    {
      path: 'newsletter/unsubscribe',
      lazy: async () => ({
        Component: (await import('../features/forms/pages/newsletter-link-page')).NewsletterUnsubscribePage,
      }),
    },
    {
      path: 'admin/newsletter',
      loader: createPermissionGuard(queryClient, 'CanManageOrganization'),
      lazy: async () => ({
        Component: (await import('../features/forms/pages/newsletter-subscribers-page'))
          .NewsletterSubscribersPage,
      }),
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
    // Outside the layout (001 §2): both leave the app.
    { path: 'signup', loader: createSignupLoader(env), Component: SignupLeavingPage, HydrateFallback },
    {
      path: 'exercises',
      loader: createExercisesLoader(queryClient, env),
      Component: ExercisesLeavingPage,
      HydrateFallback,
    },
  ];
}
