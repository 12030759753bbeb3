/** Posting an HTML form to the app in tests, as a browser would (application/x-www-form-urlencoded). */
import type { FastifyInstance } from 'fastify';

/**
 * Posts `form` to `url` through `app.inject`.
 * @param options.remoteAddress the client's address (rate limits count per address)
 * @param options.headers more request headers (e.g. X-Forwarded-For)
 */
export function postForm(
  app: FastifyInstance,
  url: string,
  form: Record<string, string>,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
    payload: new URLSearchParams(form).toString(),
  });
}
