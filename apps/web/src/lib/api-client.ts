/**
 * The one way the app talks to the server (STYLE.md habit 5). Sends the bearer token when there is one,
 * parses every response with its shared zod schema, and turns error bodies `{ code, message, details }`
 * into an `ApiError` (an `AppError` that also knows the HTTP status). An answer that ends the session
 * (001 §8: 401, 403, 422, or 400 with 'jwt expired', for a request that carried the token) clears the
 * token; for all but 422 the message becomes "Your session has expired.".
 */
import type { z } from 'zod';
import {
  AppError,
  ERROR_STATUS,
  ErrorBodySchema,
  MESSAGES,
  codeForStatus,
  type ErrorCode,
} from '@portal/shared/errors';
import { clearAccessToken, getAccessToken } from './auth-token';

/** An `AppError` rebuilt from an HTTP response, or from a request that got no response. */
export class ApiError extends AppError {
  /** HTTP status; 0 when no response arrived. */
  readonly httpStatus: number;
  /** True when this answer ended the session (001 §8): the shell shows it but does not track it. */
  endedSession = false;
  /** The server's id of the request (`requestId` of the error body, issue 23), to quote to support. */
  requestId?: string;
  constructor(code: ErrorCode, message: string, httpStatus: number, details?: unknown) {
    super(code, message, details);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
  }
  override get status(): number {
    return this.httpStatus;
  }
  /** True when the request never got an answer (network down, server unreachable). */
  get isNoResponse(): boolean {
    return this.httpStatus === 0;
  }
}

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
  /** The shared schema of a successful response body. */
  schema: S;
  signal?: AbortSignal;
  /** False to send no bearer token (exchanging a sign-on code is not about the current session). */
  withToken?: boolean;
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

/** Whether an error answer to a request with a token ends the session (001 §8). */
export function endsSession(status: number, message: string): boolean {
  return (
    status === 401 || status === 403 || status === 422 || (status === 400 && /jwt expired/i.test(message))
  );
}

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, code);
}

/**
 * The error for an error answer: its HTTP status and text, and its body (null when it was not JSON, such
 * as a proxy's error page: then the status speaks). `sentToken` is the token the request carried (null
 * for none). An answer that ends the session (001 §8) clears that token, unless a newer one came
 * meanwhile, says "Your session has expired." (a 422 keeps its own message) and is marked `endedSession`.
 * Every request goes through it: fetch (apiRequest) and the upload's XMLHttpRequest alike.
 */
export function apiErrorOf(
  status: number,
  statusText: string,
  body: unknown,
  sentToken: string | null,
): ApiError {
  const parsed = ErrorBodySchema.safeParse(body);
  const code = parsed.success && isErrorCode(parsed.data.code) ? parsed.data.code : codeForStatus(status);
  const message = parsed.success
    ? parsed.data.message
    : `The server answered ${status} ${statusText}.`.trim();
  const details = parsed.success ? parsed.data.details : undefined;
  if (sentToken && endsSession(status, message)) {
    // Only the token that was refused: a newer one (a refresh meanwhile) stays.
    if (getAccessToken() === sentToken) clearAccessToken();
    const ended = new ApiError(code, status === 422 ? message : MESSAGES.sessionExpired, status, details);
    ended.endedSession = true;
    return ended;
  }
  // The request id is shown beside the code (issue 23); an ended session's notice needs none.
  const error = new ApiError(code, message, status, details);
  if (parsed.success) error.requestId = parsed.data.requestId;
  return error;
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
    throw apiErrorOf(response.status, response.statusText, body, token);
  }

  const data: unknown = response.status === 204 ? null : await response.json();
  const parsed = options.schema.safeParse(data);
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
