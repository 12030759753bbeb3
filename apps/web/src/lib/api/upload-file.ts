/**
 * POST /api/v1/files (000 §7 File service "upload: type, name, visibility, metadata id and type, with the
 * file body") → { id, publicUrl }. Sent as multipart/form-data with the fields first and the file last,
 * through XMLHttpRequest because fetch cannot report upload progress.
 */
import type { FileMetadataType, FileVisibility } from '@portal/shared/enums';
import {
  UploadFileResponseSchema,
  type UploadFileResponse,
  type UploadKind,
} from '@portal/shared/schemas/files';
import { ApiError } from '../api-client';
import { apiErrorOf } from '../api-error-answer';
import { getAccessToken } from '../auth-token';

export interface UploadRequest {
  file: Blob;
  /** Display name (000 §5: at most 120). */
  name: string;
  /** The file name the download gets. */
  filename: string;
  visibility: FileVisibility;
  metadataType: FileMetadataType;
  metadataId?: string;
  kind?: UploadKind;
}

/** The error of an error answer, by the same rules as every other request (apiErrorOf). */
function errorOf(xhr: XMLHttpRequest, sentToken: string | null): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    // Not JSON: the status speaks.
  }
  return apiErrorOf(xhr.status, xhr.statusText, body, sentToken);
}

/**
 * Uploads one file.
 * @param onProgress called with the fraction sent, 0 to 1
 * @throws ApiError for an error answer (413 too large, 400 bad type) or no answer
 */
export function uploadFile(
  request: UploadRequest,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadFileResponse> {
  const form = new FormData();
  form.append('type', request.file.type || 'application/octet-stream');
  form.append('name', request.name);
  form.append('visibility', request.visibility);
  form.append('metadataType', request.metadataType);
  if (request.metadataId) form.append('metadataId', request.metadataId);
  if (request.kind) form.append('kind', request.kind);
  form.append('file', request.file, request.filename);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/files');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorOf(xhr, token));
      try {
        const parsed = UploadFileResponseSchema.safeParse(JSON.parse(xhr.responseText));
        if (parsed.success) {
          onProgress?.(1);
          return resolve(parsed.data);
        }
      } catch {
        // fall through
      }
      reject(
        new ApiError('internal', 'The server sent an answer this page does not understand.', xhr.status),
      );
    };
    xhr.onerror = () => reject(new ApiError('internal', 'The server could not be reached.', 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
