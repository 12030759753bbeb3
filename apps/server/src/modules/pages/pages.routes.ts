/**
 * Dynamic pages under /api/v1 (001 §7 Page client; issue 11). The table of endpoints, bodies, answers
 * and permissions is the doc comment of `@portal/shared/schemas/pages`:
 * - GET    /pages                                       page list (published for visitors; editors more)
 * - GET    /pages/by-href?href=/x                       one page by its lower-cased link
 * - GET    /pages/:id                                   one page (unpublished/archived: editors only, else 404)
 * - POST   /pages                                       create (CanUpdateContent; 409 link used)
 * - PATCH  /pages/:id                                   update (CanUpdateContent; 409 link used or stale)
 * - DELETE /pages/:id                                   delete with sections, revisions, files (CanDeletePage)
 * - POST   /pages/:id/sections                          add a section (CanUpdateContent)
 * - PUT    /pages/:id/sections/:sectionId               replace a section (CanUpdateContent)
 * - DELETE /pages/:id/sections/:sectionId               delete a section (CanUpdateContent)
 * - PUT    /pages/:id/layout                            reorder sections and groups (CanUpdateContent; 409 stale)
 * - GET    /pages/:id/revisions                         revisions, newest first (CanUpdateContent)
 * - POST   /pages/:id/revisions/:revisionId/restore     restore a revision (CanUpdateContent)
 * Widget files are uploaded and deleted through the file service (`POST /files`, metadataType page).
 * A page by its link, what the public pages draw, is read from `request.readDb` (a replica, issue 36).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SECTION_BODY_MAX_BYTES } from '@portal/shared/limits';
import { UuidSchema } from '@portal/shared/schemas/common';
import {
  CreatePageRequestSchema,
  PageByHrefQuerySchema,
  PageLayoutRequestSchema,
  PageListQuerySchema,
  PageListSchema,
  PageRevisionListQuerySchema,
  PageRevisionListSchema,
  PageSchema,
  SectionRequestSchema,
  UpdatePageRequestSchema,
} from '@portal/shared/schemas/pages';
import { BEARER, OPTIONAL_BEARER, errorResponses } from '../../lib/openapi.js';
import { addSection, removeSection, reorderPage, replaceSection } from './page-sections.service.js';
import { listPageRevisions, restoreRevision } from './page-revisions.service.js';
import {
  createPage,
  deletePage,
  getPage,
  getPageByHref,
  listPageSummaries,
  updatePageDetails,
} from './pages.service.js';

const TAGS = ['pages'];
const IdParams = z.object({ id: UuidSchema });
const SectionParams = z.object({ id: UuidSchema, sectionId: UuidSchema });
const RevisionParams = z.object({ id: UuidSchema, revisionId: UuidSchema });

export const pageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pages',
    {
      schema: {
        operationId: 'listPages',
        summary: 'List pages by link: published ones for visitors, the asked statuses for editors',
        tags: TAGS,
        security: OPTIONAL_BEARER,
        querystring: PageListQuerySchema,
        response: { 200: PageListSchema, ...errorResponses(400) },
      },
    },
    async (request) => listPageSummaries(app.db, request.session.permissions, request.query),
  );

  app.get(
    '/pages/by-href',
    {
      schema: {
        operationId: 'getPageByHref',
        summary: 'Get a page by its link (lower-cased); unpublished and archived pages only for editors',
        tags: TAGS,
        security: OPTIONAL_BEARER,
        querystring: PageByHrefQuerySchema,
        response: { 200: PageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getPageByHref(request.readDb, request.session.permissions, request.query.href),
  );

  app.get(
    '/pages/:id',
    {
      schema: {
        operationId: 'getPage',
        summary: 'Get a page by id; unpublished and archived pages only for editors',
        tags: TAGS,
        security: OPTIONAL_BEARER,
        params: IdParams,
        response: { 200: PageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getPage(app.db, request.session.permissions, request.params.id),
  );

  app.post(
    '/pages',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'createPage',
        summary: 'Create a page without sections',
        tags: TAGS,
        security: BEARER,
        body: CreatePageRequestSchema,
        response: { 201: PageSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await createPage(app.db, request.session, request.body)),
  );

  app.patch(
    '/pages/:id',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'updatePage',
        summary: "Change a page's title, status, description, link, parent or layout",
        tags: TAGS,
        security: BEARER,
        params: IdParams,
        body: UpdatePageRequestSchema,
        response: { 200: PageSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      updatePageDetails(app.db, { author: request.session, id: request.params.id, input: request.body }),
  );

  app.delete(
    '/pages/:id',
    {
      onRequest: app.requirePermission('CanDeletePage'),
      schema: {
        operationId: 'deletePage',
        summary: 'Delete a page with its sections, revisions and widget files',
        tags: TAGS,
        security: BEARER,
        params: IdParams,
        response: { 204: z.null().describe('Deleted; no body.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deletePage(app.db, app.fileStore, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/pages/:id/sections',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      bodyLimit: PAGE_SECTION_BODY_MAX_BYTES,
      schema: {
        operationId: 'addPageSection',
        summary: 'Add a section at the end of a page',
        tags: TAGS,
        security: BEARER,
        params: IdParams,
        body: SectionRequestSchema,
        response: { 201: PageSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await addSection(app.db, {
          fileStore: app.fileStore,
          author: request.session,
          pageId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.put(
    '/pages/:id/sections/:sectionId',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      bodyLimit: PAGE_SECTION_BODY_MAX_BYTES,
      schema: {
        operationId: 'replacePageSection',
        summary: "Replace a section's group and widgets; files it no longer names are deleted",
        tags: TAGS,
        security: BEARER,
        params: SectionParams,
        body: SectionRequestSchema,
        response: { 200: PageSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      replaceSection(app.db, {
        fileStore: app.fileStore,
        author: request.session,
        pageId: request.params.id,
        sectionId: request.params.sectionId,
        input: request.body,
      }),
  );

  app.delete(
    '/pages/:id/sections/:sectionId',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'deletePageSection',
        summary: 'Delete a section and its files',
        tags: TAGS,
        security: BEARER,
        params: SectionParams,
        response: { 200: PageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      removeSection(app.db, {
        fileStore: app.fileStore,
        author: request.session,
        pageId: request.params.id,
        sectionId: request.params.sectionId,
      }),
  );

  app.put(
    '/pages/:id/layout',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'reorderPage',
        summary: "Reorder a page's sections and groups (with the page's version)",
        tags: TAGS,
        security: BEARER,
        params: IdParams,
        body: PageLayoutRequestSchema,
        response: { 200: PageSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      reorderPage(app.db, { author: request.session, pageId: request.params.id, input: request.body }),
  );

  app.get(
    '/pages/:id/revisions',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'listPageRevisions',
        summary: "List a page's revisions, newest first",
        tags: TAGS,
        security: BEARER,
        params: IdParams,
        querystring: PageRevisionListQuerySchema,
        response: { 200: PageRevisionListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listPageRevisions(app.db, request.params.id, request.query),
  );

  app.post(
    '/pages/:id/revisions/:revisionId/restore',
    {
      onRequest: app.requirePermission('CanUpdateContent'),
      schema: {
        operationId: 'restorePageRevision',
        summary: 'Restore a page as a revision kept it',
        tags: TAGS,
        security: BEARER,
        params: RevisionParams,
        response: { 200: PageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      restoreRevision(app.db, {
        fileStore: app.fileStore,
        author: request.session,
        pageId: request.params.id,
        revisionId: request.params.revisionId,
      }),
  );
};
