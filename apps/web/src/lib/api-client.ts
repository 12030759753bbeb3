/**
 * The one way the app talks to the server (STYLE.md habit 5). Sends the bearer token when there is one,
 * parses every response with its shared zod schema, and turns error bodies `{ code, message, details }`
 * into an `ApiError` (an `AppError` that also knows the HTTP status). An answer that ends the session
 * (001 §8: 401, 403, 422, or 400 with 'jwt expired', for a request that carried the token) clears the
 * token; for all but 422 the message becomes "Your session has expired.".
 *
 * Neither zod nor a schema is on a public page's first load (issue 22): a request names its response
 * schema by a loader (`lazySchema`), and the error body's schema loads with the first error answer
 * (api-error-answer.ts).
 */
import type { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { ApiError } from './api-error';
import { getAccessToken } from './auth-token';

export { ApiError, endsSession } from './api-error';

/** Sends one request: `fetch` in the browser; the server's in-process transport while it renders a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * Replaces how requests are sent (issue 22: the server renders pages by answering the app's requests
 * itself, without a network hop). Input: a function of a same-origin path and fetch options.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** A query-string value: lists are sent comma separated (000 §2). */
export type QueryValue = string | number | boolean | null | undefined | readonly string[];

export interface ApiRequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /**
   * Loads the shared schema of a successful response body (`lazySchema`): the schema and zod download
   * with the first request that needs them, not with a page (issue 22).
   */
  schema: () => Promise<S>;
  signal?: AbortSignal;
  /** False to send no bearer token (exchanging a sign-on code is not about the current session). */
  withToken?: boolean;
}

/**
 * A `schema` loader for `apiRequest`: the export `name` of the module `load` imports, e.g.
 * `lazySchema(() => import('@portal/shared/schemas/identity'), 'SessionResponseSchema')`. The module (and
 * zod) download with the first request that needs them (issue 22).
 */
export function lazySchema<M, K extends keyof M>(load: () => Promise<M>, name: K): () => Promise<M[K]> {
  return async () => (await load())[name];
}

/** Builds `path?query` leaving out empty values; lists become comma lists. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else {
      params.set(key, String(value));
    }
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Calls the API and returns the parsed body.
 * @param path absolute path, e.g. `/api/v1/content/search`
 * @throws ApiError for an error status, no response, or a body that does not match the schema
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: ApiRequestOptions<S>,
): Promise<z.infer<S>> {
  // The schema downloads beside the request (the first time; later it is at hand). A request that fails
  // never reads it: its failure to load is then nobody's concern.
  const schemaLoad = options.schema();
  schemaLoad.catch(() => undefined);
  const token = options.withToken === false ? null : getAccessToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await transport(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('internal', 'The server could not be reached.', 0);
  }

  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const { apiErrorOf } = await import('./api-error-answer');
    throw apiErrorOf(response.status, response.statusText, body, token);
  }

  const data: unknown = response.status === 204 ? null : await response.json();
  const parsed = (await schemaLoad).safeParse(data);
  if (!parsed.success) {
    throw new ApiError(
      'internal',
      'The server sent an answer this page does not understand.',
      response.status,
      {
        path,
        issues: parsed.error.issues.slice(0, 5),
      },
    );
  }
  return parsed.data;
}

/** True for a 404 answer (the item does not exist or is not visible to this user). */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof AppError && error.code === 'not_found';
}
