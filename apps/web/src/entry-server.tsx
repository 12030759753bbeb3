/**
 * The server entry (issue 22): renders a public page of the route table for a signed-out visitor, the
 * way the browser will hydrate it. React Router's static handler runs the matched routes' loaders (their
 * lazy modules loaded first), MUI's styles go into a fresh emotion cache whose critical CSS comes back with
 * the markup, and the router's data and the query cache are handed to the browser as JSON.
 * Built by `vite build --ssr` into dist-server/ and loaded by the server; nothing here runs in a browser.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { EnvJsonSchema } from '@portal/shared/schemas/site';
import type { SsrRenderInput, SsrRenderResult } from '@portal/shared/ssr';
import { AppProviders } from './app/providers';
import { createRoutes, isServerRendered } from './app/router';
import { isNotFoundError, setApiTransport, type ApiTransport } from './lib/api-client';
import { DEFAULT_ENV } from './lib/env';
import { createQueryClient } from './lib/query-client';
import { dehydrateFilter, serializeSsrState } from './lib/ssr-state';
import { paths } from './config/paths';
import { trimEndCharacters } from '@portal/shared/text';

/** The emotion cache key MUI's styles use in the browser too (emotion's default), so hydration finds them. */
const EMOTION_KEY = 'css';

const NOT_FOUND = 404;

/** Whether the page's courseware item was not found (its page says so; the answer's status too). */
function hasMissingContent(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: ['courseware', 'content'] })
    .some((query) => query.state.status === 'error' && isNotFoundError(query.state.error));
}

/**
 * Renders `input.url` (issue 22). Returns a redirect when a loader redirects, `client` when the route is
 * not rendered by the server (guarded pages, `?s=`/`?t=`/`?v=`, an error of a loader) and otherwise the
 * page: status, markup of `#root`, critical style tags and the state to hydrate. Throws only on a bug of
 * the page's render.
 */
export async function render(input: SsrRenderInput<ApiTransport>): Promise<SsrRenderResult> {
  setApiTransport(input.transport);
  const parsedEnv = EnvJsonSchema.safeParse(input.env);
  const env = parsedEnv.success ? parsedEnv.data : DEFAULT_ENV;
  const url = new URL(input.url);
  const queryClient = createQueryClient();
  const routes = createRoutes({ queryClient, env });
  if (!isServerRendered(routes, url)) return { kind: 'client' };

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url.href, { method: 'GET' }));
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (location && context.status >= 300 && context.status < 400)
      return { kind: 'redirect', status: context.status, location };
    return { kind: 'client' };
  }
  // A loader that failed (the API down, an item gone) is left to the browser's own error handling.
  if (context.errors) return { kind: 'client' };

  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createCache({ key: EMOTION_KEY });
  const emotion = createEmotionServer(cache);
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders queryClient={queryClient} env={env}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  const styleTags = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  const state = serializeSsrState({
    env,
    router: { loaderData: context.loaderData, actionData: context.actionData },
    queries: dehydrate(queryClient, {
      shouldDehydrateQuery: dehydrateFilter(trimEndCharacters(url.pathname, '/') === paths.courseware),
    }),
  });
  const status = hasMissingContent(queryClient) ? NOT_FOUND : context.statusCode;
  queryClient.clear();
  return { kind: 'page', status, html, styleTags, state };
}
