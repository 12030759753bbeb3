/**
 * Lesson endpoints under /api/v1 (000 §7 Lesson service); both need CanListLessons (000 §6):
 * - GET /lessons?contentId   → { lessons: Lesson[] }; 404 when the item is missing or hidden
 * - GET /lessons/:id         → Lesson
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UuidSchema } from '@portal/shared/schemas/common';
import {
  LessonListResponseSchema,
  LessonSchema,
  ListLessonsQuerySchema,
} from '@portal/shared/schemas/lessons';
import { getLesson, listLessons } from './lessons.service.js';
import { BEARER, errorResponses } from '../../lib/openapi.js';

const tags = ['lessons'];

const lessonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/lessons',
    {
      onRequest: app.requirePermission('CanListLessons'),
      schema: {
        operationId: 'listLessons',
        summary: "An item's lessons",
        security: BEARER,
        querystring: ListLessonsQuerySchema,
        response: { 200: LessonListResponseSchema, ...errorResponses(401, 403, 404) },
        tags,
      },
    },
    async (request) => listLessons(app.db, request.session.permissions, request.query.contentId),
  );

  app.get(
    '/lessons/:id',
    {
      onRequest: app.requirePermission('CanListLessons'),
      schema: {
        operationId: 'getLesson',
        summary: 'One lesson',
        security: BEARER,
        params: z.object({ id: UuidSchema }),
        response: { 200: LessonSchema, ...errorResponses(401, 403, 404) },
        tags,
      },
    },
    async (request) => getLesson(app.db, request.session.permissions, request.params.id),
  );
};

export default lessonRoutes;
