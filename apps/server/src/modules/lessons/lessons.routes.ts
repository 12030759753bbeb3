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

const tags = ['lessons'];

const lessonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/lessons',
    {
      preHandler: app.requirePermission('CanListLessons'),
      schema: { querystring: ListLessonsQuerySchema, response: { 200: LessonListResponseSchema }, tags },
    },
    async (request) => listLessons(app.db, request.session.permissions, request.query.contentId),
  );

  app.get(
    '/lessons/:id',
    {
      preHandler: app.requirePermission('CanListLessons'),
      schema: { params: z.object({ id: UuidSchema }), response: { 200: LessonSchema }, tags },
    },
    async (request) => getLesson(app.db, request.session.permissions, request.params.id),
  );
};

export default lessonRoutes;
