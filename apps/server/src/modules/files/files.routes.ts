/**
 * File endpoints under /api/v1 (000 §7 File service):
 * - GET /files/:id/download-url   ?from → { publicUrl, name }; 401 signed out, 403 without CanViewFiles
 * - GET /files/:id/content        streams the file (signed query for private files) with Content-Disposition
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UuidSchema } from '@portal/shared/schemas/common';
import { DownloadUrlQuerySchema, DownloadUrlResponseSchema } from '@portal/shared/schemas/files';
import {
  contentDisposition,
  createDownloadSigner,
  getDownloadUrl,
  openForDownload,
} from './files.service.js';

const tags = ['files'];
const Params = z.object({ id: UuidSchema });
const ContentQuery = z.object({
  exp: z.coerce.number().int().positive().optional(),
  sig: z.string().max(200).optional(),
  from: UuidSchema.optional(),
  u: UuidSchema.optional(),
});

const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const signer = await createDownloadSigner(app.db);

  app.get(
    '/files/:id/download-url',
    {
      schema: {
        params: Params,
        querystring: DownloadUrlQuerySchema,
        response: { 200: DownloadUrlResponseSchema },
        tags,
      },
    },
    async (request) => getDownloadUrl(app.db, signer, request.session, request.params.id, request.query.from),
  );

  app.get(
    '/files/:id/content',
    { compress: false, schema: { params: Params, querystring: ContentQuery, tags } },
    async (request, reply) => {
      const row = await openForDownload(app.db, signer, request.params.id, request.query);
      const stream = app.fileStore.get(row.storageKey);
      return reply
        .header('content-type', row.mimeType)
        .header('content-length', String(row.size))
        .header('content-disposition', contentDisposition(row.filename))
        .header('cache-control', row.visibility === 'public' ? 'public, max-age=3600' : 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
};

export default fileRoutes;
