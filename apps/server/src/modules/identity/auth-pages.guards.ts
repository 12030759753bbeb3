/**
 * The guards of the sign-in service's pages (auth-pages.routes.ts): the same-origin check on form
 * posts (login CSRF, issue 9) and the plugin's error handler, which re-renders the route's page with
 * the message or answers with a plain notice page, never a stack trace.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '@portal/shared/errors';
import { RateLimitedError } from '../../lib/rate-limit.js';
import { renderNoticePage } from './auth-pages.js';
import { ExpiredLinkError, INVALID_FORM, sendHtml, type AuthPagesApp } from './auth-form-post.js';

const CROSS_SITE_FORM =
  'This form was sent from another site, so it was not accepted. Please try again here.';

/** The origin of an absolute URL, or null. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a form post comes from this site. A browser that sends `Sec-Fetch-Site` (a header no page can
 * forge) is believed: only `same-origin` passes. Such a browser sends `Origin: null` for a form post
 * under our `Referrer-Policy: no-referrer`, so Origin alone would refuse every real sign-in. Without
 * the header, the Origin (else the Referer) must be this site's public address or the address the
 * request was sent to.
 */
export function isSameOriginPost(request: FastifyRequest, publicBaseUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const origin =
    request.headers.origin ?? (request.headers.referer ? originOf(request.headers.referer) : undefined);
  if (origin === undefined) return true;
  const own = [originOf(publicBaseUrl), `${request.protocol}://${request.host}`];
  return origin !== null && origin !== 'null' && own.includes(origin);
}

/**
 * Refuses form posts from other sites (403 `forbidden`) before anything is read or counted, and sets
 * the error handler that renders every error of these pages as HTML: an expired link as its notice
 * page, an AppError of a form route as that form again (`config.errorPage`, with Retry-After for a
 * rate limit), anything else as a notice page (500 for the unexpected, logged).
 * @param name the site name the pages show (read per request)
 */
export function guardAuthPages(app: AuthPagesApp, name: () => string): void {
  app.setErrorHandler(async (error, request, reply) => {
    const render = request.routeOptions.config.errorPage;
    if (error instanceof ExpiredLinkError) {
      return sendHtml(
        reply,
        400,
        renderNoticePage({
          siteName: name(),
          title: 'This link cannot be used',
          paragraphs: [error.message],
          link: error.link,
          isError: true,
        }),
      );
    }
    if (error instanceof AppError && render) {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterS));
      return sendHtml(reply, error.status, render(request, error));
    }
    // An AppError of a page without a form (e.g. a control character in a GET query) keeps its status.
    const status = error instanceof AppError ? error.status : (error as { statusCode?: number }).statusCode;
    const isClientError = status !== undefined && status >= 400 && status < 500;
    if (!isClientError) request.log.error({ err: error }, 'unexpected error');
    return sendHtml(
      reply,
      isClientError ? status : 500,
      renderNoticePage({
        siteName: name(),
        title: isClientError ? 'This request cannot be handled' : 'Something went wrong',
        paragraphs: [
          isClientError ? INVALID_FORM : 'Something went wrong on our side. Please try again in a moment.',
        ],
        link: { href: '/auth/login', label: 'Go to sign in' },
        isError: true,
      }),
    );
  });

  // Login CSRF: refuse form posts from other sites before anything is read or counted.
  app.addHook('preHandler', async (request) => {
    if (request.method === 'POST' && !isSameOriginPost(request, app.config.publicBaseUrl)) {
      throw new AppError('forbidden', CROSS_SITE_FORM);
    }
  });
}
