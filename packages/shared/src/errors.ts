/**
 * The one error shape of the API (DESIGN.md "API", STYLE.md habit 5): `{ code, message, details?, requestId? }`
 * with a code → HTTP status map used by the server's error handler and the web client. The body's schema is
 * in schemas/error-body.ts: this module stays free of zod for the browser's start-up (issue 22).
 */
import { FILE_NAME_MAX, SEARCH_TEXT_MAX } from './limits.js';
import type { ErrorBody } from './schemas/error-body.js';

export type { ErrorBody };

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
  searchMax: `Search text may be at most ${SEARCH_TEXT_MAX} characters.`,
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

/** User-visible texts of the file service that the catalogues leave to us (000 §8 "wording not shown"). */
export const FILE_MESSAGES = {
  nameRequired: 'A file name is required.',
  nameTooLong: `A file name may be at most ${FILE_NAME_MAX} characters.`,
  imageTypeRequired: 'Only PNG, JPEG, GIF, WebP or SVG images can be uploaded here.',
  portraitIsImage: 'A portrait must be an image (kind image, avatar or logo).',
  pageRequired: 'A widget file needs the id of its page (metadataId).',
  typeMismatch: 'The file’s content does not match its type. Check that you picked the right file.',
  missingFile: 'Attach the file as the last part of the form.',
  notMultipart: 'Send the upload as multipart/form-data: the fields first, then the file.',
  cutOff: 'The upload ended before the whole file arrived. Please try again.',
  bundleFailed:
    'The archive could not be prepared. Please try again in a few minutes, or download the files one by one.',
} as const;
