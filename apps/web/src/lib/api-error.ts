/**
 * The error of a request to the API (001 §8): the `AppError` the app shows, with the HTTP status, and the
 * rule of which answers end the session. Without zod: api-client.ts needs it on a public page's first
 * load (issue 22); the error body is read in api-error-answer.ts.
 */
import { AppError, type ErrorCode } from '@portal/shared/errors';

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

/** Whether an error answer to a request with a token ends the session (001 §8). */
export function endsSession(status: number, message: string): boolean {
  return (
    status === 401 || status === 403 || status === 422 || (status === 400 && /jwt expired/i.test(message))
  );
}
