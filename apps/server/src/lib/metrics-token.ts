/**
 * METRICS_TOKEN as a caller presents it (issue 23, issue 33): the bearer of GET /metrics, and the
 * `X-Metrics-Token` header by which the bench or a monitoring probe asks any other route for the stages of
 * `Server-Timing` (a session's bearer token stays in `Authorization` there). Compared in constant time.
 */
import crypto from 'node:crypto';

/** The request header that carries METRICS_TOKEN to routes other than /metrics. */
export const METRICS_TOKEN_HEADER = 'x-metrics-token';

/**
 * Whether `offered` is the metrics token, compared in constant time over hashes of equal length; false
 * when either is missing or empty.
 */
export function isMetricsToken(offered: string | undefined, token: string | null): boolean {
  if (!offered || token === null) return false;
  const a = crypto.createHash('sha256').update(offered).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(a, b);
}
