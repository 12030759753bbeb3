/**
 * The error tracker hook (001 §8: "every other API error is reported to an error tracker"): reports go
 * to the server's POST /api/v1/client-errors, which logs them with the page and the user. Fire and
 * forget: a report that cannot be sent is dropped, never reported again (no loops).
 */
import { ADDRESS_MAX, CLIENT_ERROR_CODE_MAX, CLIENT_ERROR_MESSAGE_MAX } from '@portal/shared/limits';
import { ClientErrorReportSchema } from '@portal/shared/schemas/identity';

export interface TrackedError {
  code: string;
  message: string;
  details?: unknown;
  status?: number;
}

/** Sends one report; never throws. */
export function trackError(error: TrackedError): void {
  const parsed = ClientErrorReportSchema.safeParse({
    code: error.code.slice(0, CLIENT_ERROR_CODE_MAX),
    message: error.message.slice(0, CLIENT_ERROR_MESSAGE_MAX),
    details: error.details,
    status: error.status,
    url: window.location.href.slice(0, ADDRESS_MAX),
  });
  if (!parsed.success) return;
  try {
    fetch('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(parsed.data),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch, or it refused at once: drop the report.
  }
}
