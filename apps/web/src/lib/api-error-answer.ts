/**
 * The `ApiError` of an error answer (001 §8, DESIGN.md "API"), kept apart from api-client.ts and api-error.ts so that the
 * error body's schema (and zod) load with the first error answer, not with a public page (issue 22).
 */
import { ERROR_STATUS, MESSAGES, codeForStatus, type ErrorCode } from '@portal/shared/errors';
import { ErrorBodySchema } from '@portal/shared/schemas/error-body';
import { ApiError, endsSession } from './api-error';
import { clearAccessToken, getAccessToken } from './auth-token';

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, code);
}

/**
 * The error for an error answer: its HTTP status and text, and its body (null when it was not JSON, such
 * as a proxy's error page: then the status speaks). `sentToken` is the token the request carried (null
 * for none). An answer that ends the session (001 §8) clears that token (right after, in a task of its own), unless a newer one came
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
    // Only the token that was refused: a newer one (a refresh meanwhile) stays. Cleared once this error has
    // reached its caller: clearing it at once redraws the signed-in parts of the page, whose going away
    // cancels the request's query while it settles, and the reason never reaches the error dialog.
    setTimeout(() => {
      if (getAccessToken() === sentToken) clearAccessToken();
    }, 0);
    const ended = new ApiError(code, status === 422 ? message : MESSAGES.sessionExpired, status, details);
    ended.endedSession = true;
    return ended;
  }
  // The request id is shown beside the code (issue 23); an ended session's notice needs none.
  const error = new ApiError(code, message, status, details);
  if (parsed.success) error.requestId = parsed.data.requestId;
  return error;
}
