/**
 * Downloads that need the session's token, which a plain link cannot send (issue 34: every download checks
 * that it got a file of the type it asked for, and says in words when it did not).
 *
 * Every control that downloads a file announces it with `data-download`: the name the file is saved as
 * (`coverage.csv`, `3_xss.md`), its extension (`.zip`), or empty when the name is known only once the file
 * arrives; a plain link with `download` announces it by that attribute. The end-to-end crawler presses
 * every such control and checks that a file of the announced kind arrives (e2e/specs/crawler.spec.ts).
 */
import { apiErrorOf } from './api-error-answer';
import { getAccessToken } from './auth-token';

/** The file a download asks for: its media type (`text/csv`) and the name the browser saves it under. */
export interface ExpectedFile {
  type: string;
  filename: string;
}

/** A download whose answer was not the file asked for; `message` tells the person what to do. */
export class DownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DownloadError';
  }
}

/**
 * What to tell the person when the download of `filename` failed: a DownloadError's own words, or the
 * server's (an ApiError's message) after the file's name. Example: "coverage.csv was not downloaded: …".
 */
export function downloadProblem(error: unknown, filename: string): string {
  if (error instanceof DownloadError) return error.message;
  const reason = error instanceof Error && error.message ? error.message : 'please try again.';
  return `${filename} was not downloaded: ${reason}`;
}

/** Has the browser save `blob` as the file `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * GETs `url` with the session's bearer token (when signed in) and checks the answer is `expected`'s file:
 * status 2xx and a Content-Type of `expected.type` (parameters such as charset aside).
 * @param accept sent as the Accept header
 * @returns the response, its body unread
 * @throws ApiError for an error answer, by the rules of every request (apiErrorOf: the server's message, the
 * request id, and an answer that ends the session ends it here too); DownloadError when no answer came or
 * it was something else than the file (a sign-in page of a proxy, an HTML page)
 */
export async function fetchFile(url: string, expected: ExpectedFile): Promise<Response> {
  const token = getAccessToken();
  const headers: Record<string, string> = { Accept: expected.type };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    throw new DownloadError(
      `${expected.filename} was not downloaded: the server could not be reached. Check your connection and try again.`,
    );
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw apiErrorOf(response.status, response.statusText, body, token);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== expected.type) {
    await response.body?.cancel();
    throw new DownloadError(
      `${expected.filename} was not downloaded: the server sent ${type || 'something'} instead of the file. Please try again later; if it keeps happening, tell support.`,
    );
  }
  return response;
}

/**
 * Fetches `path` (fetchFile) and has the browser save the answer as `expected.filename` (an export such as
 * a CSV).
 * @throws ApiError or DownloadError as fetchFile does
 */
export async function saveDownload(path: string, expected: ExpectedFile): Promise<void> {
  const response = await fetchFile(path, expected);
  saveBlob(await response.blob(), expected.filename);
}
