/**
 * Secrets never reach the logs (issue 9, ASVS 7.1/16): query parameters that carry a token, a code, a
 * signature or a reset, confirmation or invitation key are replaced by `[redacted]` in every URL that is
 * logged, and the Authorization and Cookie headers are never logged.
 */

/**
 * Query parameter names whose values are secrets: `s` (single-sign-on code), `t` (bearer token),
 * `token` (confirmation, reset and invitation links), `code`, `sig`/`signature` (signed downloads),
 * `key`, and anything named like a token, secret or password.
 */
const SECRET_PARAM =
  /^(s|t|sig|signature|code|key|token|access_token|id_token|refresh_token)$|token|secret|password/i;

export const REDACTED = '[redacted]';

/**
 * A URL (path and query, or absolute) with the values of secret query parameters replaced. The rest of
 * the URL is kept as it was written, so the log still says which page was asked for.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const hashAt = url.indexOf('#', queryAt);
  const query = url.slice(queryAt + 1, hashAt < 0 ? undefined : hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: judge the name as written.
    }
    return eq >= 0 && SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : part;
  });
  return `${url.slice(0, queryAt)}?${parts.join('&')}${hash}`;
}

/** Headers whose values are never logged. */
export const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-api-key'] as const;

/**
 * pino options that keep secrets out of request logs: the request serializer logs the redacted URL
 * and no headers; `redact` censors the secret headers wherever a log line carries them.
 */
export function redactingLoggerOptions(): {
  serializers: { req: (request: RequestLike) => Record<string, unknown> };
  redact: { paths: string[]; censor: string };
} {
  return {
    serializers: {
      req: (request) => ({
        method: request.method,
        url: redactUrl(request.url ?? ''),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: ['req', 'request', 'res', 'reply'].flatMap((owner) =>
        SECRET_HEADERS.map((header) => `${owner}.headers["${header}"]`),
      ),
      censor: REDACTED,
    },
  };
}

/** What the request serializer reads of a Fastify request. */
interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}
