/**
 * The web app's pages (issue 22), as a plugin registered last: the built files of `apps/web/dist`
 * (hashed assets kept a year, the rest an hour, precompressed copies sent to browsers that take them),
 * and every address no route took. An address the server answers itself, or a request other than
 * GET or HEAD, gets the 404 error body; every other path is the single-page app with its own head
 * (`pageHead`, written by modules/seo) and, for a public page, its content rendered on the server.
 *
 * Server rendering of public pages (issue 22). The web app's server entry (`apps/web/dist-server`, built by
 * `npm run build`) renders a page of the route table for a signed-out visitor; this module loads it once,
 * answers the app's API requests in process (`app.inject`, no network hop) and writes the result into the
 * built index.html: emotion's critical styles in `<head>`, the markup in `#root`, the state to hydrate in a
 * non-executable JSON block (the CSP allows no inline script), and no splash. Without the entry, with
 * SERVER_RENDERING=false, or for a page the entry leaves to the browser, index.html goes as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@portal/shared/errors';
import { checkRedirect } from '@portal/shared/redirects';
import { isServerPath } from '@portal/shared/server-paths';
import { SSR_STATE_ELEMENT_ID, type SsrRenderInput, type SsrRenderResult } from '@portal/shared/ssr';
import { METRICS_TOKEN_HEADER } from '../lib/metrics-token.js';
import { compressForClient } from '../lib/negotiated-compression.js';
import { withReadDb } from './read-replicas.js';

/** The markers of the built index.html that a rendered page fills or removes. */
const ROOT_MARKER = '<div id="root"></div>';
/** The app's module script and its preloads, as Vite writes them into index.html. */
const MODULE_SCRIPT_TAG = '<script type="module" ';
const MODULE_PRELOAD_TAG = '<link rel="modulepreload" ';
const HEAD_END_MARKER = '</head>';
const SPLASH_MARKER = '<div id="splash" role="status">Loading</div>';

/** What the entry made of a request: a page to fill in, index.html with a status, or a redirect. */
export type RenderedPage =
  | { kind: 'page'; status: number; html: string; styleTags: string; state: string }
  | { kind: 'app'; status: number }
  | { kind: 'redirect'; status: number; location: string };

/** Renders `request`'s page with the browser's configuration `env`, or null when index.html goes as it is. */
export type PageRenderer = (request: FastifyRequest, env: unknown) => Promise<RenderedPage | null>;

interface ServerEntry {
  render(
    input: SsrRenderInput<(path: string, init: RequestInit) => Promise<Response>>,
  ): Promise<SsrRenderResult>;
}

/**
 * Writes a rendered page into the app's page (index.html with its head, modules/seo): emotion's critical
 * styles before `</head>`, the markup in `#root` followed by the state block, no splash, and the scripts
 * at low fetch priority. The page is
 * the portal's own template, cut at its markers (never parsed); without them it goes unfilled.
 */
export function fillRenderedPage(appPage: string, page: Extract<RenderedPage, { kind: 'page' }>): string {
  // The page is drawn without its scripts, which only make it interactive: fetched at low priority, they
  // neither hold back the first paint nor compete with the page's images (issue 22).
  const html = appPage
    .replace(SPLASH_MARKER, '')
    .replace(MODULE_SCRIPT_TAG, `${MODULE_SCRIPT_TAG}fetchpriority="low" `)
    .replaceAll(MODULE_PRELOAD_TAG, `${MODULE_PRELOAD_TAG}fetchpriority="low" `);
  const headEnd = html.indexOf(HEAD_END_MARKER);
  const root = html.indexOf(ROOT_MARKER);
  if (headEnd < 0 || root < headEnd) return appPage;
  return (
    html.slice(0, headEnd) +
    page.styleTags +
    html.slice(headEnd, root) +
    `<div id="root">${page.html}</div>` +
    `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${page.state}</script>` +
    html.slice(root + ROOT_MARKER.length)
  );
}

/**
 * A Response of an injected request (the transport the server entry's API client uses), made as the
 * visitor whose page is drawn: from their address, so that per-address limits count the page's searches
 * as theirs, and with the metrics token when they presented it (the bench's rendered search pages).
 */
async function injectAsResponse(
  app: FastifyInstance,
  visitor: { ip: string; metricsToken: string | undefined },
  path: string,
  init: RequestInit,
): Promise<Response> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => {
    headers[key] = value;
  });
  if (visitor.metricsToken) headers[METRICS_TOKEN_HEADER] = visitor.metricsToken;
  const answer = await app.inject({
    method: (init.method ?? 'GET') as InjectOptions['method'],
    url: path,
    headers,
    remoteAddress: visitor.ip,
    payload: typeof init.body === 'string' ? init.body : undefined,
  });
  const responseHeaders = new Headers();
  for (const [key, value] of Object.entries(answer.headers)) {
    if (Array.isArray(value)) for (const item of value) responseHeaders.append(key, String(item));
    else if (value !== undefined) responseHeaders.set(key, String(value));
  }
  const hasBody = answer.statusCode !== 204 && answer.statusCode !== 304;
  return new Response(hasBody ? new Uint8Array(answer.rawPayload) : null, {
    status: answer.statusCode,
    headers: responseHeaders,
  });
}

/**
 * Loads the server entry; null (pages go as the empty app) when rendering is off or the web app is built
 * without its server entry. Each render is given the body of /dist/env.json the page carries.
 */
export async function loadPageRenderer(app: FastifyInstance): Promise<PageRenderer | null> {
  const { config } = app;
  if (!config.isServerRendering || !fs.existsSync(config.webServerEntry)) return null;
  const entry = (await import(pathToFileURL(config.webServerEntry).href)) as ServerEntry;
  return async (request, env) => {
    if (request.method !== 'GET') return null;
    const visitor = {
      ip: request.ip,
      metricsToken: request.hasMetricsToken ? String(request.headers[METRICS_TOKEN_HEADER]) : undefined,
    };
    const transport = (path: string, init: RequestInit) => injectAsResponse(app, visitor, path, init);
    // The portal's own address, never the request's Host: a shared cache keeps the page for everyone.
    const origin = config.publicBaseUrl;
    let result: SsrRenderResult;
    try {
      // Every API request of the render reads from this request's database (a replica, issue 36).
      result = await withReadDb(request.readDb, () =>
        entry.render({ url: new URL(request.url, origin).href, env, transport }),
      );
    } catch (error) {
      // A page that cannot be drawn here (the database unreadable, a bug) is still drawn in the browser.
      request.log.error({ err: error }, 'server rendering failed: the app starts in the browser');
      return null;
    }
    if (result.kind === 'client') return result.status ? { kind: 'app', status: result.status } : null;
    if (result.kind === 'redirect') {
      // The router's own targets, checked like every redirect: a portal path, or the browser decides.
      const checked = checkRedirect(result.location, { publicBaseUrl: origin });
      return checked?.destination === 'portal'
        ? { kind: 'redirect', status: result.status, location: checked.href }
        : null;
    }
    return { ...result, kind: 'page' };
  };
}

/**
 * The head of the app's page for one request, read once (modules/seo): the browser's configuration the
 * page carries (`env`, absent when the database cannot be read) and a writer of the head into index.html.
 */
export type PageHeadReader = (
  request: FastifyRequest,
  path: string,
) => Promise<{ env: unknown; write(template: string, options: { isRendered: boolean }): string }>;

/** Serves the built web app's files with their cache rules (see the module's comment). */
async function serveWebFiles(app: FastifyInstance, webDistDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // Cache-Control comes from setHeaders alone: the header `send` derives from maxAge would replace it.
    cacheControl: false,
    // The web build writes `.br` and `.gz` beside each file (scripts/compress.mjs): sent to clients that
    // accept them, never routes of their own.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    // Hashed files under /assets never change under their name; index.html is revalidated every time;
    // the rest (favicon, images of the site pages) may be kept an hour.
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else if (path.basename(filePath).startsWith('index.html')) res.setHeader('cache-control', 'no-cache');
      else res.setHeader('cache-control', 'public, max-age=3600');
    },
  });
}

/**
 * Registers the web app's files and the not-found handler that answers every other address (see the
 * module's comment). Options: `pageHead`, the reader of a page's head. Registered after every route.
 */
export default fp(
  async function serverRender(app: FastifyInstance, { pageHead }: { pageHead: PageHeadReader }) {
    const indexHtml = path.join(app.config.webDistDir, 'index.html');
    const hasWeb = fs.existsSync(indexHtml);
    // The app's page, read once: every app route gets it with its own head written in (modules/seo).
    const template = hasWeb ? fs.readFileSync(indexHtml, 'utf8') : '';
    const renderPage = hasWeb ? await loadPageRenderer(app) : null;
    if (hasWeb) await serveWebFiles(app, app.config.webDistDir);
    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      // HEAD answers like GET (link checkers and uptime monitors), without the body.
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      // An address the server answers itself (the API, sign-in, files, feeds) that no route took is
      // missing: a 404, never the app's page (the app's links leave these addresses to the browser by the
      // same rule).
      if (isServerPath(url) || !isRead || !hasWeb) {
        const body: ErrorBody = {
          code: 'not_found',
          message: `Nothing is at ${request.method} ${url}.`,
          requestId: request.id,
        };
        return reply.status(404).send(body);
      }
      // History-mode routing: every other path is the single-page app, with its page's head (issue 22);
      // a public page also with its content, rendered on the server.
      // plugins/public-cache.ts replaces it on a public 200.
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (request.method === 'HEAD') return reply.send();
      // The head and the configuration, read once: the render gets the configuration the page carries.
      const head = await pageHead(request, url);
      const rendered = renderPage && head.env ? await renderPage(request, head.env) : null;
      if (rendered?.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
      const isRendered = rendered?.kind === 'page';
      const appPage = head.write(template, { isRendered });
      const html = isRendered ? fillRenderedPage(appPage, rendered) : appPage;
      reply.status(rendered?.status ?? 200);
      // Compression's hooks hang on routes, and this is the not-found handler: compressed here.
      const { encoding, payload } = await compressForClient(request.headers['accept-encoding'], html);
      reply.header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(payload);
    });
  },
  { name: 'server-render', dependencies: ['db'] },
);
