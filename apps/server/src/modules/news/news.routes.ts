/**
 * News (001 §7 Content client; issue 12):
 * - GET    /api/v1/news                ?pageToken&pageSize&statuses → page of news (public; editors see more)
 * - GET    /api/v1/news/:id     → one item (public for published/unlisted; 404 'News does not exist.')
 * - POST   /api/v1/news                NewsRequest → 201 News (CanUpdateContent)
 * - PUT    /api/v1/news/:id            NewsRequest → 200 News (CanUpdateContent)
 * - DELETE /api/v1/news/:id            → 204 (CanDeleteNews)
 * - GET    /news/feed.xml              ?format=rss → Atom 1.0 (default) or RSS 2.0 of published news
 * The reads (lists, items, the feed) come from `request.readDb` (a replica, issue 36).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ID_OR_ALIAS_MAX } from '@portal/shared/limits';
import { FILE_TYPES } from '@portal/shared/file-types';
import { NEWS_FEED_PATH } from '@portal/shared/server-paths';
import {
  ItemListQuerySchema,
  NewsPageSchema,
  NewsRequestSchema,
  NewsSchema,
} from '@portal/shared/schemas/news';
import { PUBLIC, errorResponses } from '../../lib/openapi.js';
import { siteName } from '../identity/index.js';
import { registerDatedItemWrites } from '../dated-items/index.js';
import { createNews, editNews, getNews, listNews, newsFeed, removeNews } from './news.service.js';

const TAGS = ['news'];
const IdOrAliasParams = z.object({
  id: z.string().min(1).max(ID_OR_ALIAS_MAX).describe('The id or the alias'),
});

export const newsApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/news',
    {
      schema: {
        operationId: 'listNews',
        summary: 'List news, newest first',
        tags: TAGS,
        security: PUBLIC,
        querystring: ItemListQuerySchema,
        response: { 200: NewsPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => listNews(request.readDb, request.session.permissions, request.query),
  );

  app.get(
    '/news/:id',
    {
      schema: {
        operationId: 'getNews',
        summary: 'Get one news item by id or alias',
        tags: TAGS,
        security: PUBLIC,
        params: IdOrAliasParams,
        response: { 200: NewsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getNews(request.readDb, request.session.permissions, request.params.id),
  );

  registerDatedItemWrites(app, {
    path: '/news',
    tags: TAGS,
    operations: {
      create: { id: 'createNews', summary: 'Create a news item' },
      update: { id: 'updateNews', summary: 'Update a news item' },
      delete: { id: 'deleteNews', summary: 'Delete a news item' },
    },
    deletePermission: 'CanDeleteNews',
    requestSchema: NewsRequestSchema,
    itemSchema: NewsSchema,
    create: createNews,
    edit: editNews,
    remove: removeNews,
  });
};

/** The feed lives beside the news pages, outside the API. */
export const newsFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    NEWS_FEED_PATH,
    {
      schema: {
        operationId: 'getNewsFeed',
        summary: 'Atom (or RSS with format=rss) feed of published news',
        tags: TAGS,
        security: PUBLIC,
        querystring: z.object({ format: z.enum(['atom', 'rss']).default('atom') }),
        response: { 200: z.string(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const format = request.query.format;
      const xml = await newsFeed(request.readDb, {
        publicBaseUrl: app.config.publicBaseUrl,
        siteName: siteName({ publicBaseUrl: app.config.publicBaseUrl, brand: app.config.brand }),
        format,
      });
      return reply
        .header('content-type', `${format === 'rss' ? FILE_TYPES.rss : FILE_TYPES.atom}; charset=utf-8`)
        .header('cache-control', 'public, max-age=300')
        .send(xml);
    },
  );
};
