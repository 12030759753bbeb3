/**
 * File preview endpoints under /api/v1 (issue 37 "Preview in the browser"), for those who may download
 * the file (401 signed out, 403 without the permission, as GET /files/{id}/download-url):
 * - GET /files/:id/preview          → FilePreview: its kind and what the browser needs to show it
 * - GET /files/:id/preview/content  the bytes of a PDF, image or text file inline (signed query from the
 *                                   preview, or the session), nosniff, sandboxed; never a download event
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UuidSchema } from '@portal/shared/schemas/common';
import { FilePreviewSchema, PreviewContentQuerySchema } from '@portal/shared/schemas/preview';
import { createDownloadSigner } from './files.service.js';
import { getFilePreview, openForPreview, previewHeaders } from './preview.service.js';
import { OPTIONAL_BEARER, errorResponses } from '../../lib/openapi.js';

const tags = ['files'];
const Params = z.object({ id: UuidSchema });

const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  const signer = await createDownloadSigner(app.db, app.config.secretsKeyring);

  app.get(
    '/files/:id/preview',
    {
      schema: {
        operationId: 'getFilePreview',
        summary: "A file's preview: its kind and what the browser shows (not counted as a download)",
        security: OPTIONAL_BEARER,
        params: Params,
        response: { 200: FilePreviewSchema, ...errorResponses(401, 403, 404) },
        tags,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getFilePreview(app.db, {
        signer,
        fileStore: app.fileStore,
        session: request.session,
        fileId: request.params.id,
      });
    },
  );

  app.get(
    '/files/:id/preview/content',
    {
      compress: false,
      schema: {
        operationId: 'getFilePreviewContent',
        summary: "A previewed file's bytes inline (PDF, image, text), sandboxed; not a download",
        security: OPTIONAL_BEARER,
        params: Params,
        querystring: PreviewContentQuerySchema,
        produces: ['application/octet-stream'],
        response: { 200: z.unknown().describe("The file's bytes."), ...errorResponses(401, 403, 404) },
        tags,
      },
    },
    async (request, reply) => {
      const { row, kind } = await openForPreview(app.db, {
        signer,
        perms: request.session.permissions,
        fileId: request.params.id,
        query: request.query,
      });
      return reply
        .headers(previewHeaders(row, kind))
        .header('content-length', String(row.size))
        .send(app.fileStore.get(row.storageKey));
    },
  );
};

export default previewRoutes;
