/**
 * Course import under /api/v1 (issue 38), every route for those who may update content
 * (CanUpdateContent), decided on request before the body is read:
 * - POST   /courseware-imports             multipart: one file part `package` (a zip or .imscc), or the
 *                                          files of a folder, each a part `folder` named by its path (at
 *                                          most IMPORT_PACKAGE_MAX_BYTES together) → 201 CoursewareImport,
 *                                          previewed;
 *                                          413 too large, 400 a package refused as a whole (its message
 *                                          says why)
 * - GET    /courseware-imports             CoursewareImportList, newest first, paged by nextPageToken
 * - GET    /courseware-imports/:id         CoursewareImport (preview, progress, summary or error)
 * - POST   /courseware-imports/:id/start   { acceptWarnings } → 202 queued; 409 not a preview or the
 *                                          package's import running; 400 errors, or warnings not accepted
 * - POST   /courseware-imports/:id/cancel  → 200 cancelled (or cancelling, when running); 409 ended
 * - DELETE /courseware-imports/:id         → 204 the preview and its package discarded; 409 not a preview
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UuidSchema, pagedQuerySchema } from '@portal/shared/schemas/common';
import {
  CoursewareImportListSchema,
  CoursewareImportSchema,
  StartImportRequestSchema,
} from '@portal/shared/schemas/imports';
import { IMPORT_PACKAGE_MAX_BYTES, IMPORTS_PAGE_SIZE } from '@portal/shared/schemas/imports-limits';
import { AppError } from '@portal/shared/errors';
import { FILE_MESSAGES } from '@portal/shared/schemas/files';
import { BEARER, errorResponses } from '../../lib/openapi.js';
import { refuseUploadsOver } from '../files/index.js';
import { readPackageUpload } from './package-upload.js';
import * as service from './imports.service.js';

const Params = z.object({ id: UuidSchema });
const TAGS = ['courseware'];

const importsRoutes: FastifyPluginAsyncZod<{ context: service.ImportContext }> = async (app, { context }) => {
  const editors = app.requirePermission('CanUpdateContent');

  app.post(
    '/courseware-imports',
    {
      onRequest: [editors, refuseUploadsOver(IMPORT_PACKAGE_MAX_BYTES)],
      preHandler: async (request) => {
        if (!request.isMultipart()) throw new AppError('invalid_input', FILE_MESSAGES.notMultipart);
      },
      schema: {
        operationId: 'createCoursewareImport',
        summary: 'Upload a course package (zip or Common Cartridge) and preview its import',
        security: BEARER,
        consumes: ['multipart/form-data'],
        response: { 201: CoursewareImportSchema, ...errorResponses(400, 401, 403, 413) },
        tags: TAGS,
      },
    },
    async (request, reply) => {
      const created = await readPackageUpload(request, (body, info) =>
        service.createImport(context, { body, accountId: request.session.accountId, package: info }),
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/courseware-imports',
    {
      onRequest: editors,
      schema: {
        operationId: 'listCoursewareImports',
        summary: 'Course imports, newest first',
        security: BEARER,
        querystring: pagedQuerySchema(IMPORTS_PAGE_SIZE, IMPORTS_PAGE_SIZE),
        response: { 200: CoursewareImportListSchema, ...errorResponses(400, 401, 403) },
        tags: TAGS,
      },
    },
    async (request) => service.listImports(app.db, request.query),
  );

  app.get(
    '/courseware-imports/:id',
    {
      onRequest: editors,
      schema: {
        operationId: 'getCoursewareImport',
        summary: 'A course import: its preview, progress and outcome',
        security: BEARER,
        params: Params,
        response: { 200: CoursewareImportSchema, ...errorResponses(400, 401, 403, 404) },
        tags: TAGS,
      },
    },
    async (request) => service.getImport(app.db, request.params.id),
  );

  app.post(
    '/courseware-imports/:id/start',
    {
      onRequest: editors,
      schema: {
        operationId: 'startCoursewareImport',
        summary: 'Confirm a previewed import: a job writes it',
        security: BEARER,
        params: Params,
        body: StartImportRequestSchema,
        response: { 202: CoursewareImportSchema, ...errorResponses(400, 401, 403, 404, 409) },
        tags: TAGS,
      },
    },
    async (request, reply) => {
      const started = await service.startImport(app.db, request.params.id, request.body.acceptWarnings);
      app.jobs.wake();
      return reply.code(202).send(started);
    },
  );

  app.post(
    '/courseware-imports/:id/cancel',
    {
      onRequest: editors,
      schema: {
        operationId: 'cancelCoursewareImport',
        summary: 'Cancel a queued or running import (a preview is discarded)',
        security: BEARER,
        params: Params,
        response: { 200: CoursewareImportSchema, ...errorResponses(400, 401, 403, 404, 409) },
        tags: TAGS,
      },
    },
    async (request) => service.cancelImport(context, request.params.id),
  );

  app.delete(
    '/courseware-imports/:id',
    {
      onRequest: editors,
      schema: {
        operationId: 'discardCoursewareImport',
        summary: 'Discard a previewed import and its package',
        security: BEARER,
        params: Params,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
        tags: TAGS,
      },
    },
    async (request, reply) => {
      await service.discardImport(context, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default importsRoutes;
