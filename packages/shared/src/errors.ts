/**
 * The one error shape of the API (DESIGN.md "API", STYLE.md habit 5): `{ code, message, details?, requestId? }`
 * with a code → HTTP status map used by the server's error handler and the web client.
 */
import { z } from 'zod';

export const ERROR_STATUS = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  uri_too_long: 414,
  rule_broken: 422,
  rate_limited: 429,
  internal: 500,
  /** Not ready, or overloaded (issue 23): try again after Retry-After. */
  unavailable: 503,
  /** The database cannot be reached (outage, restart): try again after Retry-After. */
  database_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
  /** The request's id (issue 23), for a person to quote to support; absent only on answers built before a request exists. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** An error with a stable code, thrown by services and rebuilt by the web API client. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
  toJSON(): ErrorBody {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

/** Maps an HTTP status back to an error code (for bodies that carry none). */
export function codeForStatus(status: number): ErrorCode {
  const hit = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  return hit ? hit[0] : 'internal';
}

/** User-visible texts of the error catalogues (000 §8, 001 §8), word for word. */
export const MESSAGES = {
  noContent: "There isn't any content. Please try searching with a different query.",
  /** Search found no item with every word and shows those with most of them (issue: no dead end). */
  partialMatch: 'No item has all of your words. Showing items with some of them.',
  noData: "There isn't any data to display.",
  searchMin: 'Please enter at least two characters.',
  archived: 'This is archived content.',
  uncurated:
    'This content has not been curated yet: it is shared as received and may change. Check it before using it in class.',
  deleteRequired: 'The checkbox is required to delete this content.',
  fileTooLarge: 'file too large',
  uploadTooLarge: 'The selected file is too large to upload.',
  sessionExpired: 'Your session has expired.',
  accountNotFound: 'Your account could not be found.',
  contentNotFound: 'Content does not exist.',
  knowledgeNotFound: 'This TKS, KSA, KU or CyBOK area does not exist.',
  noMatchingResults: 'No matching results.',
  invalidCredentials: 'The e-mail or password is not right.',
  loginToViewFiles: 'Log in with a faculty account to view and download files.',
  loading: 'Loading',
} as const;
