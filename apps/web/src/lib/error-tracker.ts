/**
 * The error tracker hook (001 §8: "every other API error is reported to an error tracker"): reports go
 * to the server's POST /api/v1/client-errors, which logs them with the page and the user. Fire and
 * forget: a report that cannot be sent is dropped, never reported again (no loops).
 */
import { ADDRESS_MAX, CLIENT_ERROR_CODE_MAX, CLIENT_ERROR_MESSAGE_MAX } from '@portal/shared/limits';
import type { ClientErrorReport } from '@portal/shared/schemas/identity';

export interface TrackedError {
  code: string;
  message: string;
  details?: unknown;
  status?: number;
}

/**
 * Sends one report; never throws. The report's schema loads with the first report (issue 22: not on a
 * public page's first load).
 */
export function trackError(error: TrackedError): void {
  const report = {
    code: error.code.slice(0, CLIENT_ERROR_CODE_MAX),
    message: error.message.slice(0, CLIENT_ERROR_MESSAGE_MAX),
    details: error.details,
    status: error.status,
    url: window.location.href.slice(0, ADDRESS_MAX),
  };
  import('@portal/shared/schemas/identity')
    .then(({ ClientErrorReportSchema }) => {
      const parsed = ClientErrorReportSchema.safeParse(report);
      if (parsed.success) send(parsed.data);
    })
    .catch(() => undefined);
}

/** Posts a checked report, fire and forget. */
function send(report: ClientErrorReport): void {
  try {
    fetch('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch, or it refused at once: drop the report.
  }
}
