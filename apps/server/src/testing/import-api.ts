/**
 * The course import API as tests call it (issue 38): a package or a folder uploaded for its preview, and
 * an import started. Each answers the injected response, so a test asserts what a client would see.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { multipart, multipartFiles, type MultipartFile } from './multipart.js';

/** The import API's collection (POST a package, GET the list). */
export const IMPORTS_URL = '/api/v1/courseware-imports';

/**
 * POSTs a package (a zip or a cartridge) to the import API with the caller's `headers` (a bearer).
 * @returns the response: 201 with the import and its preview, or the error
 */
export function uploadPackage(app: FastifyInstance, headers: Record<string, string>, file: MultipartFile) {
  return postUpload(app, headers, multipart({}, file));
}

/** POSTs a folder's files, each named by its path, as the browser's folder upload sends them. */
export function uploadFolder(
  app: FastifyInstance,
  headers: Record<string, string>,
  files: readonly { filename: string; content: Buffer | string }[],
) {
  return postUpload(app, headers, multipartFiles('folder', files));
}

/** POSTs a multipart body to the import API. */
function postUpload(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: { payload: Readable; headers: Record<string, string> },
) {
  return app.inject({
    method: 'POST',
    url: IMPORTS_URL,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

/** POSTs the start of an import (`acceptWarnings`: import despite the preview's warnings). */
export function startImport(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: string,
  acceptWarnings = true,
) {
  return app.inject({
    method: 'POST',
    url: `${IMPORTS_URL}/${id}/start`,
    payload: { acceptWarnings },
    headers,
  });
}
