/**
 * Server rendering of public pages (issue 22). The web app's server entry (`apps/web/dist-server`, built by
 * `npm run build`) renders a page of the route table for a signed-out visitor; this module loads it once,
 * answers the app's API requests in process (`app.inject`, no network hop) and writes the result into the
 * built index.html: emotion's critical styles in `<head>`, the markup in `#root`, the state to hydrate in a
 * non-executable JSON block (the CSP allows no inline script), and no splash. Without the entry, with
 * SERVER_RENDERING=false, or for a page the entry leaves to the browser, index.html goes as it is.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import { checkRedirect } from '@portal/shared/redirects';
import { SSR_STATE_ELEMENT_ID, type SsrRenderInput, type SsrRenderResult } from '@portal/shared/ssr';

/** The markers of the built index.html that a rendered page fills or removes. */
const ROOT_MARKER = '<div id="root"></div>';
const HEAD_END_MARKER = '</head>';
const SPLASH_MARKER = '<div id="splash" role="status">Loading</div>';

/** A page to send: its status and the whole document, index.html with a status, or a redirect. */
export type RenderedPage =
  | { kind: 'html'; status: number; body: string }
  | { kind: 'app'; status: number }
  | { kind: 'redirect'; status: number; location: string };

/** Renders `request`'s page, or null when index.html goes as it is. */
export type PageRenderer = (request: FastifyRequest) => Promise<RenderedPage | null>;

interface ServerEntry {
  render(
    input: SsrRenderInput<(path: string, init: RequestInit) => Promise<Response>>,
  ): Promise<SsrRenderResult>;
}

/** The template cut at its markers: head (before `</head>`), middle (up to `#root`), tail. */
interface Template {
  head: string;
  middle: string;
  tail: string;
}

function cutTemplate(html: string): Template | null {
  const withoutSplash = html.replace(SPLASH_MARKER, '');
  const headEnd = withoutSplash.indexOf(HEAD_END_MARKER);
  const root = withoutSplash.indexOf(ROOT_MARKER);
  if (headEnd < 0 || root < headEnd) return null;
  return {
    head: withoutSplash.slice(0, headEnd),
    middle: withoutSplash.slice(headEnd, root),
    tail: withoutSplash.slice(root + ROOT_MARKER.length),
  };
}

/** A Response of an injected request (the transport the server entry's API client uses). */
async function injectAsResponse(app: FastifyInstance, path: string, init: RequestInit): Promise<Response> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => {
    headers[key] = value;
  });
  const answer = await app.inject({
    method: (init.method ?? 'GET') as InjectOptions['method'],
    url: path,
    headers,
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
 * Loads the server entry and the template; null (pages go as the empty app) when rendering is off, the
 * web app is not built with its server entry, or index.html lacks its markers.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  indexHtml: string,
): Promise<PageRenderer | null> {
  const { config } = app;
  if (!config.isServerRendering || !fs.existsSync(config.webServerEntry) || !fs.existsSync(indexHtml))
    return null;
  const template = cutTemplate(fs.readFileSync(indexHtml, 'utf8'));
  if (!template) {
    app.log.warn({ indexHtml }, 'index.html has no #root or </head>: pages are not rendered by the server');
    return null;
  }
  const entry = (await import(pathToFileURL(config.webServerEntry).href)) as ServerEntry;
  const transport = (path: string, init: RequestInit) => injectAsResponse(app, path, init);

  return async (request) => {
    const env = (await app.inject({ url: '/dist/env.json' })).json<unknown>();
    const origin = `${request.protocol}://${request.host}`;
    let result: SsrRenderResult;
    try {
      result = await entry.render({ url: new URL(request.url, origin).href, env, transport });
    } catch (error) {
      // A page that cannot be drawn here is still drawn in the browser; the bug is logged.
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
    const body =
      template.head +
      result.styleTags +
      template.middle +
      `<div id="root">${result.html}</div>` +
      `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${result.state}</script>` +
      template.tail;
    return { kind: 'html', status: result.status, body };
  };
}
