/**
 * A fetch mock for web tests: only the network edge is replaced. Handlers are keyed by method and path
 * ("GET /api/v1/content/search"); a path ending in "/*" matches any path below it. A request nobody
 * handles fails the test with its address.
 */
import { vi } from 'vitest';

/** The status of an answer without a body. */
const NO_CONTENT = 204;

export interface MockRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/**
 * What a handler returns: a JSON body (status 200), or `{ status, body }` for anything else; with
 * `headers` naming a Content-Type, a string body is sent as it is (a CSV file, an HTML page).
 */
export type MockReply = unknown | { status: number; body: unknown; headers?: Record<string, string> };
export type MockHandler = (request: MockRequest) => MockReply | Promise<MockReply>;

function isReplyWithStatus(
  value: unknown,
): value is { status: number; body: unknown; headers?: Record<string, string> } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'body' in value &&
    typeof value.status === 'number'
  );
}

/** Returns a reply with an explicit status (and headers, such as the Content-Type of a file). */
export function reply(
  status: number,
  body: unknown,
  headers?: Record<string, string>,
): { status: number; body: unknown; headers?: Record<string, string> } {
  return headers ? { status, body, headers } : { status, body };
}

/**
 * Installs the fetch mock.
 * @returns `requests`: every request made, for assertions on the API calls
 */
export function mockApi(handlers: Record<string, MockHandler>) {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const request: MockRequest = {
      method,
      url,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const exact = handlers[`${method} ${url.pathname}`];
    const prefix = Object.entries(handlers).find(([key]) => {
      const [keyMethod, keyPath] = key.split(' ');
      return keyMethod === method && keyPath?.endsWith('/*') && url.pathname.startsWith(keyPath.slice(0, -1));
    })?.[1];
    const handler = exact ?? prefix;
    if (!handler) throw new Error(`Unexpected request in test: ${method} ${url.pathname}${url.search}`);
    const result = await handler(request);
    const { status, body, headers } = isReplyWithStatus(result) ? result : { status: 200, body: result };
    // A 204 has no body (the Response constructor refuses one), whatever the handler gave.
    if (status === NO_CONTENT) return new Response(null, { status });
    if (headers?.['Content-Type'] && typeof body === 'string') return new Response(body, { status, headers });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}
