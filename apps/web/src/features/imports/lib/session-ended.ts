/**
 * The import pages show an answer's message beside the control that caused it; an answer that ended the
 * session (001 §8: the API client counts a 422 among them) also goes to the shell's error dialog,
 * because the page itself goes away once the session has gone.
 */
import { ApiError } from '../../../lib/api-client';
import { reportError } from '../../../lib/error-reporting';

/** Reports `error` to the shell's dialog when it ended the session; otherwise does nothing. */
export function reportIfSessionEnded(error: unknown): void {
  if (error instanceof ApiError && error.endedSession) reportError(error);
}
