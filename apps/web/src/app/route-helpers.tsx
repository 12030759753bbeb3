/**
 * The pieces the route table (app/route-table.ts) is built of: lazily loaded pages, the editable site
 * page, the catch-all and external loaders, the client-only handle, and the page modules a first visit
 * most often starts on (shared with `preloadFirstPage`).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { redirect, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { normaliseIdOrAlias } from '@portal/shared/path-segments';
import { findContentAddress } from '../features/courseware/loaders';
import { hasPageAt } from '../features/pages/loaders';
import { browser } from '../lib/browser';
import type { ShellHandle } from './layout/site-breadcrumbs';

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
export function createCatchAllLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const path = normaliseIdOrAlias(params['*'] ?? '');
    if (!path || isNewsOrEventPath(path)) return redirect(paths.home);
    const address = await findContentAddress(queryClient, path);
    if (address) return redirect(address);
    return (await hasPageAt(queryClient, path)) ? null : redirect(paths.home);
  };
}

/** Leaves the app for an external address (the conference site). */
export function createExternalRedirect(href: string) {
  return () => {
    browser.assign(href);
    return null;
  };
}

/** A route's lazily loaded page module. */
export type PageModule = () => Promise<{ Component: ComponentType }>;

/**
 * The handle of a route that the server never renders (issue 22): guarded pages, sign-in and the pages
 * that leave the app depend on who is signed in, so the server sends the app's empty page for them.
 */
export const CLIENT_ONLY = { clientOnly: true } as const;

/**
 * A lazily loaded route page: the export `name` of the module `load` imports, fetched when its route
 * first matches, so that only what `/` needs is in the first download.
 */
export function lazyPage<K extends string>(
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
export function editableSitePage(queryClient: QueryClient, path: string, load: PageModule): RouteObject {
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

/** The page modules a first visit most often starts on; their routes and `preloadFirstPage` share them. */
export const loadHomePage = () => import('../features/site/pages/home-page');
export const loadCoursewareIndexPage = () => import('../features/courseware/pages/courseware-index-page');
export const loadContentDetailPage = () => import('../features/courseware/pages/content-detail-page');

/** The LTI pages and their loader (features/lti/pages/lti-pages.tsx). */
export async function loadLtiPages() {
  const { LtiPage, ltiLoader } = await import('../features/lti/pages/lti-pages');
  return { Component: LtiPage, loader: ltiLoader };
}
