/**
 * Events (001 §7 Content client; issue 12):
 * - GET    /api/v1/events                       ?pageToken&pageSize&statuses&upcoming → page of events
 * - GET    /api/v1/events/:id            → one event (public for published/unlisted; 404)
 * - GET    /api/v1/events/:id/calendar.ics → the event as iCalendar with its VTIMEZONE
 * - POST   /api/v1/events                       EventRequest → 201 Event (CanUpdateContent)
 * - PUT    /api/v1/events/:id                   EventRequest → 200 Event (CanUpdateContent)
 * - DELETE /api/v1/events/:id                   → 204 (CanDeleteEvents)
 * The reads (lists, events, calendar files) come from `request.readDb` (a replica, issue 36).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ID_OR_ALIAS_MAX } from '@portal/shared/limits';
import { FILE_TYPES } from '@portal/shared/file-types';
import { EventPageSchema, EventRequestSchema, EventSchema } from '@portal/shared/schemas/events';
import { ItemListQuerySchema } from '@portal/shared/schemas/news';
import { PUBLIC, errorResponses } from '../../lib/openapi.js';
import {
  createEvent,
  editEvent,
  eventCalendarFile,
  getEvent,
  listEvents,
  removeEvent,
} from './events.service.js';
import { registerDatedItemWrites } from '../dated-items/index.js';

const TAGS = ['events'];
const IdOrAliasParams = z.object({
  id: z.string().min(1).max(ID_OR_ALIAS_MAX).describe('The id or the alias'),
});

const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      schema: {
        operationId: 'listEvents',
        summary: 'List events, newest first (or upcoming, soonest first)',
        tags: TAGS,
        security: PUBLIC,
        querystring: ItemListQuerySchema,
        response: { 200: EventPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => listEvents(request.readDb, request.session.permissions, request.query),
  );

  app.get(
    '/events/:id',
    {
      schema: {
        operationId: 'getEvent',
        summary: 'Get one event by id or alias',
        tags: TAGS,
        security: PUBLIC,
        params: IdOrAliasParams,
        response: { 200: EventSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getEvent(request.readDb, request.session.permissions, request.params.id),
  );

  app.get(
    '/events/:id/calendar.ics',
    {
      schema: {
        operationId: 'getEventCalendar',
        summary: 'Download an event as an iCalendar file with its time zone',
        tags: TAGS,
        security: PUBLIC,
        params: IdOrAliasParams,
        response: { 200: z.string(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const file = await eventCalendarFile(request.readDb, {
        permissions: request.session.permissions,
        idOrAlias: request.params.id,
        publicBaseUrl: app.config.publicBaseUrl,
      });
      return reply
        .header('content-type', `${FILE_TYPES.calendar}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.ics);
    },
  );

  registerDatedItemWrites(app, {
    path: '/events',
    tags: TAGS,
    operations: {
      create: { id: 'createEvent', summary: 'Create an event' },
      update: { id: 'updateEvent', summary: 'Update an event' },
      delete: { id: 'deleteEvent', summary: 'Delete an event' },
    },
    deletePermission: 'CanDeleteEvents',
    requestSchema: EventRequestSchema,
    itemSchema: EventSchema,
    create: createEvent,
    edit: editEvent,
    remove: removeEvent,
  });
};

export default eventRoutes;
