/**
 * Replacing a courseware file's contents under /api/v1 (issue 37):
 * - PUT /files/:id/content   multipart: an optional `name` field, then the file → ReplaceFileResponse;
 *                            CanUpdateContent, decided on request; the file and its item are looked up
 *                            before the body is read (404 unknown, not a courseware file, or hidden);
 *                            413 over the limit of courseware files, 422 content not matching its type.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { UuidSchema } from '@portal/shared/schemas/common';
import { FILE_MESSAGES, FileNameSchema } from '@portal/shared/schemas/files';
import { ReplaceFileResponseSchema } from '@portal/shared/schemas/revisions';
import { BEARER, errorResponses } from '../../lib/openapi.js';
import type { FileRow } from './files.repository.js';
import { findReplaceableFile, replaceFileContent } from './file-versions.service.js';
import { readUpload, refuseOversizedUpload } from './multipart.js';

const Params = z.object({ id: UuidSchema });
const ReplaceFieldsSchema = z.strictObject({ name: FileNameSchema.optional() });

const fileVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The file each request replaces, found before its body is read. */
  const targets = new WeakMap<FastifyRequest, FileRow>();
  app.put(
    '/files/:id/content',
    {
      onRequest: [app.requirePermission('CanUpdateContent'), refuseOversizedUpload],
      preHandler: async (request) => {
        const { id } = request.params as { id: string };
        targets.set(request, await findReplaceableFile(app.db, request.session.permissions, id));
        if (!request.isMultipart()) throw new AppError('invalid_input', FILE_MESSAGES.notMultipart);
      },
      schema: {
        operationId: 'replaceFileContent',
        summary: "Replace a courseware file's contents, keeping the earlier version",
        security: BEARER,
        consumes: ['multipart/form-data'],
        params: Params,
        response: { 200: ReplaceFileResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 422) },
        tags: ['files'],
      },
    },
    async (request) => {
      const row = targets.get(request)!;
      const replaced = await readUpload(request, {
        schema: ReplaceFieldsSchema,
        maxFields: 1,
        store: (file, fields) =>
          replaceFileContent(app.db, {
            fileStore: app.fileStore,
            accountId: request.session.accountId,
            row,
            input: {
              body: file.file,
              mimeType: file.mimetype,
              clientFilename: file.filename,
              wasTruncated: () => file.file.truncated,
              ...(fields.name ? { name: fields.name } : {}),
            },
          }),
      });
      app.jobs.wake();
      return replaced;
    },
  );
};

export default fileVersionRoutes;
