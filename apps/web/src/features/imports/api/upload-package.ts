/**
 * POST /api/v1/courseware-imports (issue 38; needs CanUpdateContent): one file part named `package`, a
 * zip of a course's folder tree or an IMS Common Cartridge (.imscc). The server checks it and answers
 * 201 with the import, status `previewed`, its preview computed and nothing written. Sent with upload
 * progress (lib/api/post-form.ts).
 */
import type { CoursewareImport } from '@portal/shared/schemas/imports';
import { lazySchema } from '../../../lib/api-client';
import { postForm } from '../../../lib/api/post-form';

/** The multipart part that carries the package, and the part of each file of a folder. */
export const PACKAGE_PART = 'package';
export const FOLDER_PART = 'folder';

const importSchema = lazySchema(() => import('@portal/shared/schemas/imports'), 'CoursewareImportSchema');

/**
 * Uploads a package for its preview.
 * @param onProgress called with the fraction sent, 0 to 1
 * @throws ApiError 413 too large, 422 refused (a zip bomb, a broken cartridge; the message says why in
 *   the curator's words), 403; AbortError when `signal` aborts
 */
export function uploadPackage(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<CoursewareImport> {
  const form = new FormData();
  form.append(PACKAGE_PART, file, file.name);
  return postForm('/api/v1/courseware-imports', form, { schema: importSchema, onProgress, signal });
}

/**
 * Uploads the files of a chosen folder for the preview, each a part `folder` named by its path in the
 * folder (`webkitRelativePath`); the server zips them as they arrive and reads the folder tree as it
 * reads a zip of it.
 * @throws as `uploadPackage`
 */
export function uploadFolder(
  files: readonly File[],
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<CoursewareImport> {
  const form = new FormData();
  for (const file of files) form.append(FOLDER_PART, file, file.webkitRelativePath || file.name);
  return postForm('/api/v1/courseware-imports', form, { schema: importSchema, onProgress, signal });
}
