/**
 * Start-up. A page the server rendered (issue 22) carries its site configuration, router data and query
 * cache in a JSON block: the matched route modules are loaded, the router is created with that data and
 * the markup is hydrated, then a stored session signs in (the signed-in parts appear after hydration).
 * Any other page reads /dist/env.json (001 §2) while the first page's module and data download, then
 * builds the router and renders the app; the splash of index.html stays until the first navigation has
 * ended.
 */
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { EnvJson } from '@portal/shared/schemas/site';
import { AppProviders } from './app/providers';
import { createRoutes, preloadFirstPage } from './app/router';
import { getAccessToken } from './lib/auth-token';
import { fetchEnv } from './lib/env';
import { reportError } from './lib/error-reporting';
import { createQueryClient } from './lib/query-client';
import { beginSessionRestore, endSessionRestore, login, refetchUserData } from './lib/session';
import { readSsrState } from './lib/ssr-state';

/** Loads the lazy modules of the routes matching this address, as the server did before rendering. */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

let markAppReady: () => void = () => {};
/** Resolves once the first render (or hydration) has committed. */
const appReady = new Promise<void>((resolve) => {
  markAppReady = resolve;
});

/** Marks `<html data-app-ready>` once the first render has committed (the end-to-end tests wait for it). */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset['appReady'] = 'true';
    markAppReady();
  }, []);
  return null;
}

function app(queryClient: QueryClient, env: EnvJson, router: ReturnType<typeof createBrowserRouter>) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient} env={env}>
        <RouterProvider router={router} />
        <AppReady />
      </AppProviders>
    </StrictMode>
  );
}

/**
 * Marks `<html data-session-known>` once the pages drawn for the stored session have rendered (the end-to-end
 * tests compare a fresh load with the app only after it: a server-rendered page is drawn for a visitor first).
 */
function markSessionKnown(): void {
  setTimeout(() => {
    document.documentElement.dataset['sessionKnown'] = 'true';
  }, 0);
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  const queryClient = createQueryClient();
  const rendered = readSsrState();
  if (rendered) {
    beginSessionRestore();
    hydrate(queryClient, rendered.queries);
    const routes = createRoutes({ queryClient, env: rendered.env });
    await loadMatchedRoutes(routes);
    const router = createBrowserRouter(routes, {
      hydrationData: { loaderData: rendered.router.loaderData, actionData: rendered.router.actionData },
    });
    // Hydrated as a transition: React works in slices of a few milliseconds and lets the browser in
    // between (input, paint), instead of one long task for the whole page (issue 22: Total Blocking Time).
    startTransition(() => {
      hydrateRoot(container, app(queryClient, rendered.env, router), {
        // A mismatch between the server's markup and the first render here is a bug: said plainly in the
        // console (the end-to-end tests fail on it), and React draws the page again.
        onRecoverableError: (error) => console.error('Hydration error:', error),
      });
    });
    // The session signs in once the page is hydrated: an update before would make React draw the rest of
    // the page again instead of hydrating it. Until it has, pages that depend on the caller wait (issue 34).
    await appReady;
    const isSignedIn = getAccessToken() ? await login(queryClient).catch(reportError) : false;
    endSessionRestore();
    // What the server drew for a visitor is fetched again as the person.
    if (isSignedIn) await refetchUserData(queryClient).catch(reportError);
    markSessionKnown();
    return;
  }
  preloadFirstPage(window.location.pathname, queryClient);
  const env = await fetchEnv();
  const router = createBrowserRouter(createRoutes({ queryClient, env }));
  createRoot(container).render(app(queryClient, env, router));
  // The entry guard reads the stored session before the first page renders.
  await appReady;
  markSessionKnown();
}

void start();
