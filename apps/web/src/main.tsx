/**
 * Start-up: read /dist/env.json (001 §2) while the first page's module and data download, then
 * build the router and render the app. The splash of index.html stays until the first navigation
 * has ended.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createRoutes, preloadFirstPage } from './app/router';
import { fetchEnv } from './lib/env';
import { createQueryClient } from './lib/query-client';

async function start(): Promise<void> {
  const queryClient = createQueryClient();
  preloadFirstPage(window.location.pathname, queryClient);
  const env = await fetchEnv();
  const router = createBrowserRouter(createRoutes({ queryClient, env }));
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} env={env}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
