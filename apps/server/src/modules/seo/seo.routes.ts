/**
 * GET /robots.txt, GET /sitemap.xml and, past SITEMAP_MAX_URLS addresses, GET /sitemap/<n>.xml
 * (issue 22). Public, read-only. The sitemap is built from the database at most once per
 * SITEMAP_CACHE_MS per instance, and crawlers may keep it as long.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { SITEMAP_CACHE_MS } from '@portal/shared/limits';
import { buildSitemaps, robotsTxt, sitemapUrls, type Sitemaps } from './seo.service.js';

const XML = 'application/xml; charset=utf-8';
const PUBLIC_CACHE = `public, max-age=${SITEMAP_CACHE_MS / 1000}`;

const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  let cached: { builtAt: number; sitemaps: Promise<Sitemaps> } | undefined;
  /** The sitemap files, built again once SITEMAP_CACHE_MS has passed (a failed build is not kept). */
  const sitemaps = (): Promise<Sitemaps> => {
    const now = Date.now();
    if (!cached || now - cached.builtAt >= SITEMAP_CACHE_MS) {
      const building = sitemapUrls(app.db, app.config).then((urls) =>
        buildSitemaps(app.config.publicBaseUrl, urls),
      );
      const entry = { builtAt: now, sitemaps: building };
      cached = entry;
      building.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.sitemaps;
  };

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', PUBLIC_CACHE).send(robotsTxt(app.config)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', PUBLIC_CACHE)
      .send((await sitemaps()).index),
  );

  app.get(
    '/sitemap/:part',
    {
      schema: {
        hide: true,
        params: z.object({ part: z.string().regex(/^[1-9]\d{0,5}\.xml$/, 'a part such as 1.xml') }),
      },
    },
    async (request, reply) => {
      const part = (await sitemaps()).parts[Number.parseInt(request.params.part, 10) - 1];
      if (part === undefined) throw new AppError('not_found', 'There is no such part of the sitemap.');
      return reply.type(XML).header('cache-control', PUBLIC_CACHE).send(part);
    },
  );
};

export default seoRoutes;
