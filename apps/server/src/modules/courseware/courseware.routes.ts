/**
 * Courseware endpoints under /api/v1 (000 §7). Visibility by status is enforced in the service for
 * every query (DESIGN.md); the routes validate with the shared schemas and stay thin.
 * - GET /content/search           SearchContentQuery → SearchContentResponse; 429 past the limit of
 *                                  signed-out searches per network (SEARCH_ANONYMOUS_RATE_MAX)
 * - GET /content                  ListContentQuery → ContentListPage (archived needs update + view-archived)
 * - GET /content/:id              (an id or an alias) → Content; 404 when missing or not visible to the caller
 * Results and items carry `changedSinceDownload` for a signed-in caller who downloaded them.
 * - GET /content/:id/files        ?children → { files }
 * Search, the catalogue and an item are read from `request.readDb` (a replica, issue 36).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContentFilesQuerySchema,
  ContentFilesResponseSchema,
  ContentListPageSchema,
  ContentSchema,
  IdOrAliasSchema,
  ListContentQuerySchema,
  SearchContentQuerySchema,
  SearchContentResponseSchema,
} from '@portal/shared/schemas/courseware';
import { UuidSchema } from '@portal/shared/schemas/common';
import { SEARCH_ANONYMOUS_RATE_MAX, SEARCH_ANONYMOUS_RATE_WINDOW_MS } from '@portal/shared/limits';
import { getContent, getContentFiles, listCatalogue } from './courseware.service.js';
import { searchCatalogue } from './search.service.js';
import { withChangedSinceDownload, type LastDownloadsStatement } from './changed-since-download.js';
import { OPTIONAL_BEARER, errorResponses } from '../../lib/openapi.js';
import { hitRateLimits, rateLimitKey } from '../../lib/rate-limit.js';

const tags = ['courseware'];

/**
 * Registers the read routes; `lastDownloadsStatement` (the statistics module's, passed in by the app) marks
 * the items a signed-in caller downloaded with `changedSinceDownload` (issue 37 "My downloads").
 */
const coursewareRoutes: FastifyPluginAsyncZod<{ lastDownloadsStatement?: LastDownloadsStatement }> = async (
  app,
  { lastDownloadsStatement },
) => {
  app.get(
    '/content/search',
    {
      schema: {
        operationId: 'searchContent',
        summary: 'Search the catalogue by words and filters, with facet counts',
        security: OPTIONAL_BEARER,
        querystring: SearchContentQuerySchema,
        response: { 200: SearchContentResponseSchema, ...errorResponses(401, 429) },
        tags,
      },
      // Before the query is read: a flood of searches, valid or not, costs a counter each.
      onRequest: async (request) => {
        if (request.session.identity || request.hasMetricsToken) return;
        await hitRateLimits(app.db, {
          keys: [
            {
              key: rateLimitKey.searchAddress(request.ip),
              limit: { max: SEARCH_ANONYMOUS_RATE_MAX, windowMs: SEARCH_ANONYMOUS_RATE_WINDOW_MS },
              message:
                'Too many searches from your network. Please wait a minute, or sign in, and try again.',
            },
          ],
        });
      },
    },
    // `Cache-Control: no-cache` asks for the search worked out anew, not read from what was kept.
    async (request) => {
      // Read from a replica (issue 36); what the search keeps is written to the primary.
      const found = await searchCatalogue(
        request.readDb,
        request.session.permissions,
        request.query,
        request.serverTiming,
        { isFresh: /\bno-cache\b/i.test(request.headers['cache-control'] ?? ''), writeDb: app.db },
      );
      const items = await withChangedSinceDownload(
        app.db,
        lastDownloadsStatement,
        request.session,
        found.items,
      );
      return items === found.items ? found : { ...found, items };
    },
  );

  app.get(
    '/content',
    {
      schema: {
        operationId: 'listContent',
        summary: 'Browse the catalogue (children of a parent, or top-level items), by name',
        security: OPTIONAL_BEARER,
        querystring: ListContentQuerySchema,
        response: { 200: ContentListPageSchema, ...errorResponses(401, 403, 404) },
        tags,
      },
    },
    async (request) => listCatalogue(request.readDb, request.session.permissions, request.query),
  );

  app.get(
    '/content/:id',
    {
      schema: {
        operationId: 'getContent',
        summary: 'One item by its id or alias, with its ancestors the caller may see',
        security: OPTIONAL_BEARER,
        params: z.object({ id: IdOrAliasSchema.describe("The item's id or its alias") }),
        response: { 200: ContentSchema, ...errorResponses(401, 404) },
        tags,
      },
    },
    async (request) => {
      const item = await getContent(request.readDb, request.session.permissions, request.params.id);
      const [marked] = await withChangedSinceDownload(app.db, lastDownloadsStatement, request.session, [
        item,
      ]);
      return marked!;
    },
  );

  app.get(
    '/content/:id/files',
    {
      schema: {
        operationId: 'listContentFiles',
        summary: "An item's files (and its children's with `children`)",
        security: OPTIONAL_BEARER,
        params: z.object({ id: UuidSchema }),
        querystring: ContentFilesQuerySchema,
        response: { 200: ContentFilesResponseSchema, ...errorResponses(401, 404) },
        tags,
      },
    },
    async (request) =>
      getContentFiles(app.db, {
        perms: request.session.permissions,
        id: request.params.id,
        children: request.query.children ?? false,
      }),
  );
};

export default coursewareRoutes;
