/**
 * File endpoints under /api/v1 (000 §7 File service, 001 §3 File upload):
 * - POST   /files                   multipart: type, name, visibility, metadataId, metadataType, kind, then
 *                                   the file → 201 { id, publicUrl }; CanUpdateContent; 413 over the
 *                                   limit of its kind, 422 content not matching the type
 * - GET    /files/:id               → File (000 §3), any status (bundles are polled here)
 * - DELETE /files/:id               → 204; CanUpdateContent
 * - GET    /files/:id/download-url  ?from → { publicUrl, name }; 401 signed out, 403 without the permission
 * - GET    /files/:id/content       streams the file (signed query for private files): raster images inline,
 *                                   anything else an attachment, never as script (servedFileHeaders);
 *                                   a file of a page or item follows its owner's status (404 when hidden)
 *                                   and is revalidated on every use (ETag, 304; fileCacheControl)
 * - POST   /content/:id/bundle      → { fileId, name, status, isReused }: 200 ready, 202 pending; CanViewFiles
 * - POST   /content/:id/cartridge   the same for the IMS Common Cartridge 1.1 export (issue 26), an .imscc
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { RANGE_HEADER_MAX, S3_PRESIGNED_URL_TTL_S } from '@portal/shared/limits';
import { UuidSchema } from '@portal/shared/schemas/common';
import {
  BundleResponseSchema,
  DownloadUrlQuerySchema,
  DownloadUrlResponseSchema,
  FILE_MESSAGES,
  FileSchema,
  UploadFileFieldsSchema,
  UploadFileResponseSchema,
} from '@portal/shared/schemas/files';
import { requestBundle } from './bundles.service.js';
import {
  createDownloadSigner,
  deleteFile,
  getDownloadUrl,
  getFileInfo,
  openForDownload,
  uploadFile,
} from './files.service.js';
import { byteRangeOf, fileCacheControl, servedFileHeaders } from './file-serving.js';
import { BEARER, OPTIONAL_BEARER, errorResponses } from '../../lib/openapi.js';
import { UPLOAD_FIELDS_MAX, readUpload, refuseOversizedUpload } from './multipart.js';

const tags = ['files'];
const Params = z.object({ id: UuidSchema });
const ContentQuery = z.object({
  exp: z.coerce.number().int().positive().optional(),
  sig: z.string().max(200).optional(),
  from: UuidSchema.optional(),
  u: UuidSchema.optional(),
});

const NO_CONTENT = z.null().describe('Deleted; no body.');
/** The file's bytes: a raster image inline with its type, anything else an attachment (servedFileHeaders). */
const FILE_BYTES = z.unknown().describe("The file's bytes.");
/** A public file's copy named by If-None-Match is current (its ETag is the SHA-256). */
const REDIRECT = z.null();
const RANGE_NOT_SATISFIABLE = z
  .null()
  .describe('The range starts past the end of the file (Content-Range: bytes */size).');
const NOT_MODIFIED = z.null().describe('Not modified: the copy named by If-None-Match is current; no body.');

const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const signer = await createDownloadSigner(app.db, app.config.secretsKeyring);
  app.post(
    '/files',
    {
      onRequest: [app.requirePermission('CanUpdateContent'), refuseOversizedUpload],
      preHandler: async (request) => {
        if (!request.isMultipart()) throw new AppError('invalid_input', FILE_MESSAGES.notMultipart);
      },
      schema: {
        operationId: 'uploadFile',
        summary: 'Upload a file (multipart: its fields, then the file)',
        security: BEARER,
        consumes: ['multipart/form-data'],
        response: { 201: UploadFileResponseSchema, ...errorResponses(401, 403, 404, 413, 422) },
        tags,
      },
    },
    async (request, reply) => {
      const uploaded = await readUpload(request, {
        schema: UploadFileFieldsSchema,
        maxFields: UPLOAD_FIELDS_MAX,
        store: (file, fields) =>
          uploadFile(app.db, {
            fileStore: app.fileStore,
            session: request.session,
            input: {
              fields,
              body: file.file,
              clientFilename: file.filename,
              wasTruncated: () => file.file.truncated,
            },
          }),
        // A part after the file: the stored upload is not kept.
        discard: (stored) =>
          deleteFile(app.db, { fileStore: app.fileStore, session: request.session, fileId: stored.id }),
      });
      app.jobs.wake();
      return reply.status(201).send(uploaded);
    },
  );

  app.get(
    '/files/:id',
    {
      schema: {
        operationId: 'getFile',
        summary: "A file's description (a bundle's status is polled here)",
        security: OPTIONAL_BEARER,
        params: Params,
        response: { 200: FileSchema, ...errorResponses(401, 404) },
        tags,
      },
    },
    async (request) => getFileInfo(app.db, request.session, request.params.id),
  );

  app.delete(
    '/files/:id',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'deleteFile',
        summary: 'Delete a file',
        security: BEARER,
        params: Params,
        response: { 204: NO_CONTENT, ...errorResponses(401, 403, 404) },
        tags,
      },
    },
    async (request, reply) => {
      await deleteFile(app.db, {
        fileStore: app.fileStore,
        session: request.session,
        fileId: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/files/:id/download-url',
    {
      schema: {
        operationId: 'getFileDownloadUrl',
        summary: 'A signed link to download a file, valid five minutes',
        // A public file's link is anyone's; a private file needs a signed-in caller with its permission.
        security: OPTIONAL_BEARER,
        params: Params,
        querystring: DownloadUrlQuerySchema,
        response: { 200: DownloadUrlResponseSchema, ...errorResponses(401, 403, 404) },
        tags,
      },
    },
    async (request) =>
      getDownloadUrl(app.db, {
        signer,
        session: request.session,
        fileId: request.params.id,
        from: request.query.from,
      }),
  );

  app.get(
    '/files/:id/content',
    {
      compress: false,
      schema: {
        operationId: 'getFileContent',
        summary: "A file's bytes (a private file needs its signed link's query)",
        security: OPTIONAL_BEARER,
        params: Params,
        querystring: ContentQuery,
        produces: ['application/octet-stream'],
        headers: z.looseObject({
          range: z.string().max(RANGE_HEADER_MAX).optional().describe('One byte range: bytes=a-b, a- or -n.'),
        }),
        response: {
          200: FILE_BYTES,
          206: FILE_BYTES.describe('The requested byte range (Content-Range).'),
          302: REDIRECT.describe(
            'With S3_PRESIGNED_DOWNLOADS: the bytes are at a presigned URL of the file store.',
          ),
          304: NOT_MODIFIED,
          416: RANGE_NOT_SATISFIABLE,
          ...errorResponses(401, 403, 404),
        },
        tags,
      },
    },
    async (request, reply) => {
      const row = await openForDownload(app.db, {
        signer,
        perms: request.session.permissions,
        fileId: request.params.id,
        query: request.query,
      });
      reply.header('cache-control', fileCacheControl(row)).header('x-content-type-options', 'nosniff');
      const etag = row.visibility === 'public' && row.sha256 ? `"${row.sha256}"` : undefined;
      if (etag) {
        reply.header('etag', etag);
        // A cached copy is still good: the caller may see the file, and its bytes are the same.
        if (request.headers['if-none-match'] === etag) return (reply as FastifyReply).status(304).send();
      }
      const headers = servedFileHeaders(row.mimeType, row.filename);
      const store = app.config.fileStore;
      if (store.kind === 's3' && store.presignedDownloads && app.fileStore.downloadUrl) {
        // The client fetches the bytes from the bucket itself. The target is built by the server from
        // its own configuration and the file's row; nothing of the request is in it.
        const url = await app.fileStore.downloadUrl(row.storageKey, {
          contentType: headers['content-type']!,
          contentDisposition: headers['content-disposition']!,
          expiresInS: S3_PRESIGNED_URL_TTL_S,
        });
        return reply.header('cache-control', 'private, no-store').redirect(url, 302);
      }
      reply.headers(headers).header('accept-ranges', 'bytes');
      // A range of a changed file must not be joined to an older copy: If-Range must name the current ETag.
      const ifRange = request.headers['if-range'];
      const range =
        ifRange === undefined || ifRange === etag ? byteRangeOf(request.headers.range, row.size) : undefined;
      if (range === 'unsatisfiable')
        return reply.status(416).header('content-range', `bytes */${row.size}`).send();
      if (range) {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${row.size}`)
          .header('content-length', String(range.end - range.start + 1))
          .send(app.fileStore.get(row.storageKey, range));
      }
      return reply.header('content-length', String(row.size)).send(app.fileStore.get(row.storageKey));
    },
  );

  app.post(
    '/content/:id/bundle',
    {
      onRequest: app.requirePermission('CanViewFiles'),
      schema: {
        operationId: 'requestContentBundle',
        summary: "A zip of an item's visible tree: ready (200) or being built (202)",
        security: BEARER,
        params: Params,
        response: {
          200: BundleResponseSchema.describe('The stored bundle, ready to download.'),
          202: BundleResponseSchema.describe('The bundle is being built; poll GET /files/{id}.'),
          ...errorResponses(401, 403, 404),
        },
        tags,
      },
    },
    async (request, reply) => {
      const bundle = await requestBundle(app.db, {
        session: request.session,
        contentId: request.params.id,
        wake: () => app.jobs.wake(),
      });
      return reply.status(bundle.status === 'ready' ? 200 : 202).send(bundle);
    },
  );

  app.post(
    '/content/:id/cartridge',
    {
      onRequest: app.requirePermission('CanViewFiles'),
      schema: {
        operationId: 'requestContentCartridge',
        summary:
          "An IMS Common Cartridge 1.1 (.imscc) of an item's visible tree for an LMS: ready (200) or being built (202)",
        description:
          'Canvas, Moodle, Blackboard and D2L Brightspace import it as a course: one page per item with its ' +
          'files, the tree as the organization, licence, source and alignments in the manifest. Poll ' +
          'GET /files/{id} until ready, then ask for its download URL.',
        security: BEARER,
        params: Params,
        response: {
          200: BundleResponseSchema.describe('The stored cartridge, ready to download.'),
          202: BundleResponseSchema.describe('The cartridge is being built; poll GET /files/{id}.'),
          ...errorResponses(401, 403, 404),
        },
        tags,
      },
    },
    async (request, reply) => {
      const cartridge = await requestBundle(app.db, {
        session: request.session,
        contentId: request.params.id,
        wake: () => app.jobs.wake(),
        format: 'imscc',
      });
      return reply.status(cartridge.status === 'ready' ? 200 : 202).send(cartridge);
    },
  );
};

export default fileRoutes;
