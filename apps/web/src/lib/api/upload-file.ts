/**
 * POST /api/v1/files (000 §7 File service "upload: type, name, visibility, metadata id and type, with the
 * file body") → { id, publicUrl }. Sent as multipart/form-data with the fields first and the file last
 * (`postForm`: through XMLHttpRequest, because fetch cannot report upload progress).
 */
import type { FileMetadataType, FileVisibility } from '@portal/shared/enums';
import {
  UploadFileResponseSchema,
  type UploadFileResponse,
  type UploadKind,
} from '@portal/shared/schemas/files';
import { postForm } from './post-form';

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

  return postForm('/api/v1/files', form, {
    schema: async () => UploadFileResponseSchema,
    onProgress,
    signal,
  });
}
