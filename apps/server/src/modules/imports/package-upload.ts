/**
 * The body of a package upload (issue 38 "a zip or folder tree"): one file part `package` (a zip or a
 * Common Cartridge), or the files of a chosen folder, each a file part `folder` whose file name is its
 * path in the folder (as a browser sends a folder: `webkitRelativePath`, "course/module/README.md"). A
 * folder is zipped as its parts arrive (stored, not compressed: the bytes pass once), so it is kept,
 * unpacked and checked exactly as an uploaded zip is, by the same limits.
 */
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import yazl from 'yazl';
import { AppError } from '@portal/shared/errors';
import { IMPORT_MESSAGES } from '@portal/shared/schemas/imports';
import {
  IMPORT_ENTRIES_MAX,
  IMPORT_PACKAGE_MAX_BYTES,
  type ImportFormat,
} from '@portal/shared/schemas/imports-limits';
import { multipartError } from '../files/index.js';

/** The part name of an uploaded package, and of each file of an uploaded folder. */
export const PACKAGE_PART = 'package';
export const FOLDER_PART = 'folder';

/** What the route learns of the package while its bytes arrive. */
export interface PackageInfo {
  /** The uploaded file's name, or the folder's. */
  name: string;
  /** `zip` for a package (a cartridge is told by its manifest later), `folder` for a folder's files. */
  kind: Extract<ImportFormat, 'zip' | 'folder'>;
  /** True when the parser cut a part at its limit. */
  wasTruncated(): boolean;
}

const invalid = (message: string) => new AppError('invalid_input', message);

/** The folder a path of a chosen folder lies in ("course/a/b.md" → "course"). */
function topFolderOf(path: string): string {
  return path.split('/')[0] || 'folder';
}

/**
 * Reads a package upload and hands its bytes to `keep` as one zip stream, once: the package part as it
 * is, or the folder's parts zipped as they arrive.
 * @returns what `keep` returned
 * @throws AppError invalid_input (no package, a package beside folder files, a folder path leaving the
 *   folder, a malformed body), too_large, or what `keep` throws
 */
export async function readPackageUpload<R>(
  request: FastifyRequest,
  keep: (body: Readable, info: PackageInfo) => Promise<R>,
): Promise<R> {
  let result: Promise<R> | undefined;
  let zip: yazl.ZipFile | undefined;
  let truncated = false;
  let kind: PackageInfo['kind'] | undefined;
  try {
    const parts = request.parts({
      preservePath: true,
      limits: {
        fileSize: IMPORT_PACKAGE_MAX_BYTES,
        files: IMPORT_ENTRIES_MAX,
        fields: 0,
        parts: IMPORT_ENTRIES_MAX,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const asFolder = part.fieldname === FOLDER_PART;
      if (kind && (kind === 'zip' || !asFolder)) {
        part.file.resume();
        throw invalid('Send one package, or the files of one folder, not both.');
      }
      if (!asFolder) {
        kind = 'zip';
        result = keep(part.file, {
          name: part.filename || 'package.zip',
          kind,
          wasTruncated: () => part.file.truncated,
        });
        await result;
        continue;
      }
      if (!zip) {
        kind = 'folder';
        zip = new yazl.ZipFile();
        result = keep(zip.outputStream as Readable, {
          name: topFolderOf(part.filename),
          kind,
          wasTruncated: () => truncated,
        });
        // Its failure is awaited below; until then the parts go on being read.
        result.catch(() => undefined);
      }
      const ended = finished(part.file);
      try {
        zip.addReadStream(part.file, part.filename, { compress: false });
      } catch {
        part.file.resume();
        throw invalid(`"${part.filename}" is not a path inside the folder.`);
      }
      await ended;
      truncated ||= part.file.truncated;
    }
    zip?.end();
  } catch (error) {
    (zip?.outputStream as Readable | undefined)?.destroy(error instanceof Error ? error : undefined);
    await result?.catch(() => undefined);
    throw multipartError(error);
  }
  if (!result) throw invalid(IMPORT_MESSAGES.noPackage);
  return result;
}
