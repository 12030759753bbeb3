/** Downloads that need the session's token, which a plain link cannot send. */
import { ApiError } from './api-client';
import { getAccessToken } from './auth-token';

/**
 * Fetches `path` with the session's bearer token (when signed in) and has the browser save the answer
 * as `filename` (an export such as a CSV).
 * @throws ApiError with the server's message (or `failure`) when the answer is not 2xx
 */
export async function saveDownload(
  path: string,
  filename: string,
  failure = 'The export failed.',
): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError('internal', body?.message ?? failure, response.status);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}
