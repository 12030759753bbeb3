/**
 * The shell's error report (001 §8): API errors that are not silently ignored are stored here and shown
 * by the error dialog of the layout, titled "Error", until OK clears them. Those that did not end the
 * session (see api-client `endsSession`) also go to the error tracker.
 */
import { useSyncExternalStore } from 'react';
import { AppError, MESSAGES } from '@portal/shared/errors';
import { ApiError } from './api-client';
import { trackError } from './error-tracker';

/** What the dialog shows: the error's code, message and details, and the server's request id if any. */
export interface ReportedError {
  code: string;
  message: string;
  details?: unknown;
  requestId?: string;
}

/** 404 messages that are ignored (001 §8). */
const IGNORED_NOT_FOUND_MESSAGES: readonly string[] = [
  MESSAGES.contentNotFound,
  'Event does not exist.',
  'News does not exist.',
];
const IGNORED_MESSAGE_PREFIX = 'Your account could not be found';

/**
 * The errors 001 §8 ignores silently: status 502, no response, cancelled requests, 404s for missing
 * content, events and news, and unknown-account messages.
 */
export function isIgnoredError(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  if (error instanceof ApiError) {
    if (error.httpStatus === 502 || error.isNoResponse) return true;
    if (error.httpStatus === 404 && IGNORED_NOT_FOUND_MESSAGES.includes(error.message)) return true;
  }
  return error instanceof Error && error.message.startsWith(IGNORED_MESSAGE_PREFIX);
}

let current: ReportedError | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows an error in the shell's dialog unless 001 §8 says to ignore it. */
export function reportError(error: unknown): void {
  if (isIgnoredError(error)) return;
  if (error instanceof AppError) {
    current = { code: error.code, message: error.message, details: error.details };
  } else if (error instanceof Error) {
    current = { code: 'internal', message: error.message };
  } else {
    current = { code: 'internal', message: 'Something went wrong.' };
  }
  if (!(error instanceof ApiError && error.endedSession)) {
    trackError({ ...current, status: error instanceof ApiError ? error.httpStatus : undefined });
  }
  // After tracking: the tracker's record has no request id.
  if (error instanceof ApiError) current.requestId = error.requestId;
  emit();
}

/** Clears the reported error (the dialog's OK button). */
export function clearReportedError(): void {
  if (current === null) return;
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The error the dialog should show, or null. */
export function useReportedError(): ReportedError | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
