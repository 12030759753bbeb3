/**
 * A multipart/form-data POST that reports how much of its body has been sent: through XMLHttpRequest,
 * because fetch cannot report upload progress. Otherwise it behaves as `apiRequest`: the bearer token,
 * the error answer read by the same rules as every other request (`apiErrorOf`, 001 §8), and the answer
 * parsed with its shared schema, which loads beside the request (`lazySchema`, issue 22).
 */
import type { z } from 'zod';
import { ApiError } from '../api-client';
import { apiErrorOf } from '../api-error-answer';
import { getAccessToken } from '../auth-token';

export interface PostFormOptions<S extends z.ZodType> {
  /** Loads the shared schema of a successful answer (`lazySchema`). */
  schema: () => Promise<S>;
  /** Called with the fraction of the body sent, 0 to 1; 1 once the whole body is on its way. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const NOT_UNDERSTOOD = 'The server sent an answer this page does not understand.';

/** The error of an error answer: its JSON body, or the status when the body is not JSON. */
function errorOf(xhr: XMLHttpRequest, sentToken: string | null): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    // Not JSON (a proxy's page): the status speaks.
  }
  return apiErrorOf(xhr.status, xhr.statusText, body, sentToken);
}

/**
 * Posts `form` to `path` and returns the parsed answer.
 * @throws ApiError for an error answer (413 too large, 422 refused, …), no answer, or an answer that
 *   does not match the schema; a DOMException `AbortError` when `signal` aborts
 */
export function postForm<S extends z.ZodType>(
  path: string,
  form: FormData,
  options: PostFormOptions<S>,
): Promise<z.infer<S>> {
  const schemaLoad = options.schema();
  schemaLoad.catch(() => undefined);
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => options.onProgress?.(1);
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorOf(xhr, token));
        return;
      }
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        reject(new ApiError('internal', NOT_UNDERSTOOD, xhr.status));
        return;
      }
      schemaLoad.then((schema) => {
        const parsed = schema.safeParse(data);
        if (parsed.success) resolve(parsed.data);
        else
          reject(
            new ApiError('internal', NOT_UNDERSTOOD, xhr.status, {
              path,
              issues: parsed.error.issues.slice(0, 5),
            }),
          );
      }, reject);
    };
    xhr.onerror = () => reject(new ApiError('internal', 'The server could not be reached.', 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
