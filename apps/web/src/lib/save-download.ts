/** Downloads that need the session's token, which a plain link cannot send. */
import { apiErrorOf } from './api-error-answer';
import { getAccessToken } from './auth-token';

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
 * Fetches `path` with the session's bearer token (when signed in) and has the browser save the answer
 * as `filename` (an export such as a CSV).
 * @throws ApiError for an error answer, by the rules of every request (apiErrorOf: the server's message,
 * the request id, and an answer that ends the session ends it here too)
 */
export async function saveDownload(path: string, filename: string): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw apiErrorOf(response.status, response.statusText, body, token);
  }
  saveBlob(await response.blob(), filename);
}
