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
import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { EnvJsonSchema } from '@portal/shared/schemas/site';
import type { SsrRenderInput, SsrRenderResult } from '@portal/shared/ssr';
import { AppProviders } from './app/providers';
import { createRoutes, isServerRendered } from './app/router';
import { isNotFoundError, setApiTransport, type ApiTransport } from './lib/api-client';
import { DEFAULT_ENV } from './lib/env';
import { setHtmlTextParser } from './lib/html-text';
import { createQueryClient } from './lib/query-client';
import { serializeSsrState, shouldDehydrateQuery } from './lib/ssr-state';
import { paths } from './config/paths';

/** The emotion cache key MUI's styles use in the browser too (emotion's default), so hydration finds them. */
const EMOTION_KEY = 'css';

const NOT_FOUND = 404;

setHtmlTextParser((html) => textContent(parseDocument(html)));

/** The queries of the one thing a detail page shows: a courseware item, a news item, an event. */
const DETAIL_QUERY_KEYS: readonly (readonly string[])[] = [
  ['courseware', 'content'],
  ['news', 'item'],
  ['events', 'item'],
];

/** Whether the page's item was not found (its page says so; the answer's status too). */
function hasMissingContent(queryClient: QueryClient): boolean {
  return DETAIL_QUERY_KEYS.some((queryKey) =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey })
      .some((query) => query.state.status === 'error' && isNotFoundError(query.state.error)),
  );
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
    // Home is where the route table sends whoever may not see a page (an unpublished dynamic page, a
    // switched-off flag): a signed-in editor may, so the browser decides. Other redirects are everyone's.
    if (!location || location === paths.home || context.status < 300 || context.status >= 400)
      return { kind: 'client' };
    return { kind: 'redirect', status: context.status, location };
  }
  // A loader that failed (the API down, an item gone) is left to the browser's own error handling.
  if (context.errors) return { kind: 'client' };

  // A detail page whose item is missing draws in the browser, as before (its page sends a news item or event
  // back to its list; a token in the browser may still open an unpublished item); the status says 404.
  if (hasMissingContent(queryClient)) return { kind: 'client', status: NOT_FOUND };

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
    queries: dehydrate(queryClient, { shouldDehydrateQuery }),
  });
  queryClient.clear();
  return { kind: 'page', status: context.statusCode, html, styleTags, state };
}
